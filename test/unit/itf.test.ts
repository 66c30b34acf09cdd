import bwip from 'bwip-js';
import { describe, expect, it } from 'vitest';
import { itfElements } from '../../shared/hosted-pages/render/itf.ts';

describe('Interleaved 2 of 5 elements', () => {
  it("agree with bwip-js's encoder (an independent implementation) on boleto barcodes", () => {
    for (const digits of [
      '00190000090114971860168524522114675860000102656',
      '2379'.repeat(11),
      `${'0123456789'.repeat(4)}1234`,
    ].map((d) => d.slice(0, 44))) {
      const [symbol] = bwip.raw('interleaved2of5', digits, { includecheck: false });
      const reference = (symbol as { sbs: number[] }).sbs.map((w) => (w === 1 ? 1 : 3));
      // bwip-js ends the sequence with a trailing quiet space; bars and spaces otherwise match.
      expect(itfElements(digits, 3)).toEqual(reference.slice(0, itfElements(digits, 3).length));
    }
  });

  it('starts with nnnn, ends with wnn, and gives each digit two wide elements', () => {
    const elements = itfElements('05', 2);
    expect(elements.slice(0, 4)).toEqual([1, 1, 1, 1]);
    expect(elements.slice(-3)).toEqual([2, 1, 1]);
    // 0 = nnwwn in the bars, 5 = wnwnn in the spaces.
    expect(elements.slice(4, 14)).toEqual([1, 2, 1, 1, 2, 2, 2, 1, 1, 1]);
  });

  it('refuses odd lengths and non-digits', () => {
    expect(() => itfElements('123')).toThrow(RangeError);
    expect(() => itfElements('12a4')).toThrow(RangeError);
  });
});
