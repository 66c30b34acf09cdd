// The boleto barcode as an inline SVG, drawn from our own Interleaved 2 of 5 encoder (itf.ts, the
// one the PDF draws from): a barcode library would add ~100 KB to the page's function.
import { itfElements } from './itf.ts';
import { svgAttributes } from './svg-attributes.ts';

export interface BarcodeSvgOptions {
  /** Accessible name of the image. */
  label: string;
  /** Extra attributes for the root <svg>, e.g. { 'data-testid': 'barcode' }; values are escaped. */
  attributes?: Record<string, string>;
}

/** SVG units per narrow module: even, so every bar's centre line falls on a whole unit. */
const unitsPerModule = 2;
/** The quiet zone on each side, in narrow modules. */
const quietModules = 10;
const height = 75;

/**
 * The boleto barcode (FEBRABAN: Interleaved 2 of 5, 44 digits, no check digit of its own,
 * narrow:wide 1:3) as an inline SVG. A white quiet zone of ten narrow modules is drawn inside
 * the image so it survives any CSS scaling and printing. No human-readable text: the
 * digitable line is shown next to it instead.
 */
export function renderBarcodeSvg(barcode: string, options: BarcodeSvgOptions): string {
  if (!/^\d{44}$/.test(barcode)) throw new RangeError('barcode: must be exactly 44 digits');
  const elements = itfElements(barcode, 3);
  // Bars as vertical strokes, one path per bar width.
  const strokes = new Map<number, string[]>();
  let x = quietModules * unitsPerModule;
  elements.forEach((modules, index) => {
    const width = modules * unitsPerModule;
    if (index % 2 === 0) {
      const lines = strokes.get(width) ?? [];
      lines.push(`M${x + width / 2} ${height}L${x + width / 2} 0`);
      strokes.set(width, lines);
    }
    x += width;
  });
  const totalWidth = x + quietModules * unitsPerModule;
  const attributes = {
    role: 'img',
    'aria-label': options.label,
    viewBox: `0 0 ${totalWidth} ${height}`,
    preserveAspectRatio: 'none',
    'shape-rendering': 'crispEdges',
    focusable: 'false',
    ...options.attributes,
  };
  const paths = [...strokes]
    .map(([width, lines]) => `<path stroke="#000000" stroke-width="${width}" d="${lines.join('')}"/>`)
    .join('');
  return `<svg${svgAttributes(attributes)}><rect width="${totalWidth}" height="${height}" fill="#FFFFFF"/>${paths}</svg>`;
}
