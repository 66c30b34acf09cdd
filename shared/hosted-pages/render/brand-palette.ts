// The merchant's colour, made safe to put text on and next to: the text on a brand-coloured
// button is whichever of white or ink reads better on it, and the brand's "dark" shade (links,
// the pending pill, secondary buttons: text on white and on the pale info background) is the
// colour darkened until it reads at WCAG AA (4.5:1). Pure: the page only inlines the result.

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff';
const INK = '#14213d';
const BLACK = '#000000';
/** The palest background the dark shade is read on (the pending pill, copy buttons' hover). */
const INFO_BG = '#e8f0fe';

export interface BrandPalette {
  brand: string;
  /** Text on a brand-coloured background. */
  onBrand: string;
  /** The brand as text or on hover of a primary button: AA on white and on the info background. */
  brandDark: string;
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour mixed towards black by `amount` (0 to 1). */
function darken(hex: string, amount: number): string {
  return toHex(channels(hex).map((c) => c * (1 - amount)) as [number, number, number]);
}

export function brandPalette(brand: string): BrandPalette {
  const color = brand.toLowerCase();
  const onBrand =
    contrastRatio(color, WHITE) >= MIN_TEXT_CONTRAST
      ? WHITE
      : contrastRatio(color, INK) >= MIN_TEXT_CONTRAST
        ? INK
        : contrastRatio(color, WHITE) >= contrastRatio(color, BLACK)
          ? WHITE
          : BLACK;
  let brandDark = color;
  for (let step = 1; step <= 20 && contrastRatio(brandDark, INFO_BG) < MIN_TEXT_CONTRAST; step++)
    brandDark = darken(color, step * 0.05);
  return { brand: color, onBrand, brandDark };
}

/** The CSS custom properties a branded page sets over the defaults. */
export function brandCss(brand: string): string {
  const palette = brandPalette(brand);
  return `:root{--brand:${palette.brand};--on-brand:${palette.onBrand};--brand-dark:${palette.brandDark}}`;
}
