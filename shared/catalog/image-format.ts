// Recognises an image by its leading bytes. The filename and the part's Content-Type come from
// the client and are never trusted: a text file called photo.png is not a PNG.

export interface ImageFormat {
  readonly name: 'JPEG' | 'PNG' | 'WebP' | 'GIF';
  readonly contentType: string;
  readonly extension: string;
}

export const acceptedImageFormats = 'JPEG, PNG, WebP or GIF';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { name: 'JPEG', contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { name: 'PNG', contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')))
    return { name: 'GIF', contentType: 'image/gif', extension: 'gif' };
  // RIFF container, 4 bytes of size, then the WEBP form type.
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { name: 'WebP', contentType: 'image/webp', extension: 'webp' };
  return null;
}
