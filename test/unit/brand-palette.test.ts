import { describe, expect, it } from 'vitest';
import {
  brandCss,
  brandPalette,
  contrastRatio,
  MIN_TEXT_CONTRAST,
} from '../../shared/hosted-pages/render/brand-palette.ts';

/** Every colour of the 12-bit grid (#000, #001, … #fff as #rrggbb): 4,096 of them. */
const grid = Array.from(
  { length: 4096 },
  (_, i) => `#${[i >> 8, (i >> 4) & 15, i & 15].map((c) => (c * 17).toString(16).padStart(2, '0')).join('')}`,
);

describe('brand palette', () => {
  it('measures contrast as WCAG 2 does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#0b57d0', '#ffffff')).toBeCloseTo(6.39, 1);
  });

  it('keeps a dark brand as it is, with white text', () => {
    expect(brandPalette('#0B57D0')).toEqual({ brand: '#0b57d0', onBrand: '#ffffff', brandDark: '#0b57d0' });
  });

  it('puts ink on a light brand and darkens its text shade until it reads', () => {
    const yellow = brandPalette('#ffd400');
    expect(yellow.onBrand).toBe('#14213d');
    expect(contrastRatio(yellow.brandDark, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(yellow.brandDark).not.toBe('#ffd400');
  });

  it('reads at AA for every colour: text on the brand, the dark shade on white and on the info background', () => {
    for (const colour of grid) {
      const palette = brandPalette(colour);
      expect(contrastRatio(palette.onBrand, colour), colour).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(palette.brandDark, '#ffffff'), colour).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(palette.brandDark, '#e8f0fe'), colour).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it('sets the three custom properties the stylesheet reads', () => {
    expect(brandCss('#0b57d0')).toBe(':root{--brand:#0b57d0;--on-brand:#ffffff;--brand-dark:#0b57d0}');
  });
});
