import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderBarcodeSvg } from '../../shared/hosted-pages/render/barcode-svg.ts';
import { decodeItfSvg } from '../support/page-decoders.ts';

// A FEBRABAN-valid barcode (bank 237, DV 3, factor 1234, R$ 1.234,56).
const BARCODE = '23793123400001234563381260000000012345678900';

describe('renderBarcodeSvg', () => {
  it('draws an Interleaved 2 of 5 symbol that decodes back to the 44 digits', () => {
    const reading = decodeItfSvg(renderBarcodeSvg(BARCODE, { label: 'Boleto barcode' }));
    expect(reading.digits).toBe(BARCODE);
  });

  it('uses the FEBRABAN 1:3 narrow:wide ratio and keeps a quiet zone of 10 narrow modules inside the image', () => {
    const reading = decodeItfSvg(renderBarcodeSvg(BARCODE, { label: 'x' }));
    expect(reading.ratio).toBeCloseTo(3, 5);
    expect(reading.quietLeft).toBeGreaterThanOrEqual(10 * reading.narrow);
    expect(reading.quietRight).toBeGreaterThanOrEqual(10 * reading.narrow);
  });

  it('decodes back for any 44 digits', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 44, maxLength: 44 }), (digits) => {
        const barcode = digits.join('');
        expect(decodeItfSvg(renderBarcodeSvg(barcode, { label: 'x' })).digits).toBe(barcode);
      }),
      { numRuns: 30 },
    );
  });

  it('has no human-readable text, an accessible name and escaped extra attributes', () => {
    const svg = renderBarcodeSvg(BARCODE, {
      label: 'Código "de" barras',
      attributes: { 'data-testid': 'barcode' },
    });
    expect(svg).not.toMatch(/<text\b/);
    expect(svg).toMatch(
      /^<svg role="img" aria-label="Código &quot;de&quot; barras" [^>]*data-testid="barcode"/,
    );
    expect(svg).not.toMatch(/\sstyle=/);
  });

  it('refuses anything but 44 digits', () => {
    expect(() => renderBarcodeSvg(BARCODE.slice(1), { label: 'x' })).toThrow(
      /barcode: must be exactly 44 digits/,
    );
    expect(() => renderBarcodeSvg(`${BARCODE.slice(1)}a`, { label: 'x' })).toThrow(RangeError);
    expect(() => renderBarcodeSvg(BARCODE, { label: 'x', attributes: { 'on load': 'x' } })).toThrow(
      /invalid name/,
    );
  });

  it('the decoder itself rejects a symbol that is not ITF', () => {
    const svg = renderBarcodeSvg(BARCODE, { label: 'x' });
    // Drop the rightmost bar: the stop pattern (wide bar, narrow space, narrow bar) is gone.
    const xs = [...svg.matchAll(/M(\d+) 75L\1 0/g)].map((m) => Number(m[1]));
    const last = Math.max(...xs);
    const broken = svg.replace(`M${last} 75L${last} 0`, '');
    expect(broken).not.toBe(svg);
    expect(() => decodeItfSvg(broken)).toThrow(/stop pattern|multiple of 10/);
  });
});
