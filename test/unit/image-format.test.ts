import { describe, expect, it } from 'vitest';
import { sniffImageFormat } from '../../shared/catalog/image-format.ts';

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

describe('sniffImageFormat', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'rest'), 'image/jpeg', 'jpg'],
    ['JPEG (EXIF)', bytes([0xff, 0xd8, 0xff, 0xe1]), 'image/jpeg', 'jpg'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'), 'image/png', 'png'],
    ['GIF87a', bytes('GIF87a', [1, 0]), 'image/gif', 'gif'],
    ['GIF89a', bytes('GIF89a'), 'image/gif', 'gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp', 'webp'],
  ])('recognises %s', (_name, input, contentType, extension) => {
    expect(sniffImageFormat(input)).toMatchObject({ contentType, extension });
  });

  it.each([
    ['empty', bytes()],
    ['text', bytes('hello, this is text')],
    ['PNG signature cut short', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a])],
    ['PNG signature with one wrong byte', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b])],
    ['two JPEG bytes only', bytes([0xff, 0xd8])],
    ['GIF of an unknown version', bytes('GIF90a')],
    ['RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['RIFF header without a form type', bytes('RIFF', [0, 0, 0, 0])],
    ['PDF', bytes('%PDF-1.7')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['signature not at offset 0', bytes([0], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ])('refuses %s', (_name, input) => {
    expect(sniffImageFormat(input)).toBeNull();
  });
});
