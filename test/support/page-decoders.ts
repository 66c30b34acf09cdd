// Independent readers for what the payer pages draw, so tests check what the images really
// encode rather than what the renderer was asked to draw. Not a test file itself.
import jsqrModule from 'jsqr';

// jsqr is a CommonJS bundle: depending on the loader the default import is the function or
// the module object holding it.
type JsQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR: JsQr =
  typeof jsqrModule === 'function'
    ? (jsqrModule as unknown as JsQr)
    : (jsqrModule as unknown as { default: JsQr }).default;

/** The first element carrying data-testid="<id>": its attributes text and inner HTML. */
export function byTestId(html: string, id: string): { attributes: string; inner: string } | null {
  const open = new RegExp(`<([a-zA-Z][a-zA-Z0-9]*)\\b([^>]*\\bdata-testid="${id}"[^>]*)>`).exec(html);
  if (!open) return null;
  const tag = open[1]!;
  const start = open.index + open[0].length;
  const end = html.indexOf(`</${tag}>`, start);
  return { attributes: open[2]!, inner: end === -1 ? '' : html.slice(start, end) };
}

export function allTestIds(html: string, id: string): number {
  return html.split(`data-testid="${id}"`).length - 1;
}

/** Inline <svg …>…</svg> whose root carries data-testid="<id>". */
export function svgByTestId(html: string, id: string): string | null {
  const match = new RegExp(`<svg\\b[^>]*data-testid="${id}"[^>]*>[\\s\\S]*?</svg>`).exec(html);
  return match ? match[0] : null;
}

export function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

function viewBox(svg: string): [number, number, number, number] {
  const match = /viewBox="([\d.\s-]+)"/.exec(svg);
  if (!match) throw new Error('svg without viewBox');
  const parts = match[1]!.trim().split(/\s+/).map(Number);
  if (parts.length !== 4) throw new Error('bad viewBox');
  return parts as [number, number, number, number];
}

// ---------------------------------------------------------------------------------------------
// Interleaved 2 of 5

export interface Interval {
  start: number;
  end: number;
}

/** Dark bars of a 1-D barcode SVG, left to right: stroked vertical lines or filled rects. */
export function barsFromSvg(svg: string): Interval[] {
  const bars: Interval[] = [];
  for (const path of svg.matchAll(/<path\b([^>]*)\/?>/g)) {
    const attrs = path[1]!;
    const width = /stroke-width="([\d.]+)"/.exec(attrs);
    const d = /\bd="([^"]*)"/.exec(attrs);
    if (!width || !d) continue;
    const w = Number(width[1]);
    for (const seg of d[1]!.matchAll(/M\s*([\d.]+)[\s,]+([\d.]+)\s*L\s*([\d.]+)[\s,]+([\d.]+)/g)) {
      const x0 = Number(seg[1]);
      const x1 = Number(seg[3]);
      if (x0 !== x1) throw new Error('non-vertical bar line');
      bars.push({ start: x0 - w / 2, end: x0 + w / 2 });
    }
  }
  for (const rect of svg.matchAll(/<rect\b([^>]*)\/?>/g)) {
    const attrs = rect[1]!;
    const fill = /fill="([^"]*)"/.exec(attrs)?.[1]?.toLowerCase();
    if (!fill || fill === '#ffffff' || fill === '#fff' || fill === 'white') continue;
    const x = Number(/\bx="([\d.]+)"/.exec(attrs)?.[1] ?? 0);
    const w = Number(/\bwidth="([\d.]+)"/.exec(attrs)?.[1]);
    bars.push({ start: x, end: x + w });
  }
  bars.sort((a, b) => a.start - b.start);
  for (let i = 1; i < bars.length; i++) {
    if (bars[i]!.start < bars[i - 1]!.end - 1e-9) throw new Error('overlapping bars');
  }
  return bars;
}

const ITF_WEIGHTS = [1, 2, 4, 7, 0];

function itfDigit(wide: boolean[]): number {
  if (wide.filter(Boolean).length !== 2)
    throw new Error(`ITF character without exactly two wide elements: ${wide}`);
  const sum = wide.reduce((acc, w, i) => acc + (w ? ITF_WEIGHTS[i]! : 0), 0);
  if (sum === 11) return 0;
  if (sum > 9) throw new Error(`ITF character value ${sum}`);
  return sum;
}

export interface ItfReading {
  digits: string;
  narrow: number;
  /** Ratio of the wide to the narrow element width. */
  ratio: number;
  quietLeft: number;
  quietRight: number;
}

/** Decodes an Interleaved 2 of 5 SVG: start nnnn, digit pairs (bars odd digit, spaces even), end Wnn. */
export function decodeItfSvg(svg: string): ItfReading {
  const [vx, , vw] = viewBox(svg);
  return decodeItfBars(barsFromSvg(svg), vx, vx + vw);
}

/** Decodes ITF from dark bar intervals (any unit) drawn between `left` and `right`. */
export function decodeItfBars(bars: readonly Interval[], left: number, right: number): ItfReading {
  if (bars.length < 5) throw new Error('too few bars');
  const widths: number[] = [];
  for (let i = 0; i < bars.length; i++) {
    widths.push(bars[i]!.end - bars[i]!.start);
    if (i + 1 < bars.length) widths.push(bars[i + 1]!.start - bars[i]!.end);
  }
  const narrow = Math.min(...widths);
  const widest = Math.max(...widths);
  const threshold = (narrow + widest) / 2;
  const wide = widths.map((w) => w > threshold);
  if (wide.slice(0, 4).some(Boolean)) throw new Error('bad start pattern');
  const tail = wide.slice(-3);
  if (!(tail[0] && !tail[1] && !tail[2])) throw new Error('bad stop pattern');
  const data = wide.slice(4, -3);
  if (data.length % 10 !== 0) throw new Error(`data elements not a multiple of 10: ${data.length}`);
  let digits = '';
  for (let i = 0; i < data.length; i += 10) {
    const chunk = data.slice(i, i + 10);
    digits += String(itfDigit(chunk.filter((_, j) => j % 2 === 0)));
    digits += String(itfDigit(chunk.filter((_, j) => j % 2 === 1)));
  }
  return {
    digits,
    narrow,
    ratio: widest / narrow,
    quietLeft: bars[0]!.start - left,
    quietRight: right - bars[bars.length - 1]!.end,
  };
}

// ---------------------------------------------------------------------------------------------
// QR

export interface QrRaster {
  /** Modules per side including the quiet zone drawn in the image. */
  modules: number;
  dark: (row: number, col: number) => boolean;
}

/** Reads the module grid of a QR SVG drawn as filled unit rectangles in a path (M x y h w v 1 h -w z). */
export function qrGridFromSvg(svg: string): QrRaster {
  const [, , w, h] = viewBox(svg);
  if (w !== h || !Number.isInteger(w)) throw new Error('QR viewBox must be a square of whole modules');
  const grid = new Uint8Array(w * w);
  let drawn = 0;
  for (const path of svg.matchAll(/<path\b[^>]*\bfill="#000000"[^>]*\bd="([^"]*)"/g)) {
    for (const run of path[1]!.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
      const [x, y, len, back] = [Number(run[1]), Number(run[2]), Number(run[3]), Number(run[4])];
      if (len !== back) throw new Error('open run');
      for (let c = x; c < x + len; c++) grid[y * w + c] = 1;
      drawn++;
    }
    const leftover = path[1]!.replace(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g, '');
    if (leftover.trim() !== '') throw new Error(`unparsed path data: ${leftover.slice(0, 40)}`);
  }
  if (drawn === 0) throw new Error('no dark modules');
  return { modules: w, dark: (r, c) => grid[r * w + c] === 1 };
}

/** Rasterises the grid (scale px per module, black on white RGBA) and decodes it with jsQR. */
export function decodeQrGrid(grid: QrRaster, scale = 4): string | null {
  const size = grid.modules * scale;
  const rgba = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (grid.dark(Math.floor(y / scale), Math.floor(x / scale))) {
        const i = (y * size + x) * 4;
        rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
      }
    }
  }
  return jsQR(rgba, size, size)?.data ?? null;
}

/**
 * Error-correction level from the format information next to the top-left finder pattern
 * (ISO/IEC 18004 §7.9): 15 bits masked with 0x5412; the top two give the level.
 */
export function qrErrorCorrectionLevel(grid: QrRaster, quietZone: number): 'L' | 'M' | 'Q' | 'H' {
  const size = grid.modules - 2 * quietZone;
  let bits = 0;
  for (let i = 0; i < 15; i++) {
    const row = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    if (grid.dark(row + quietZone, 8 + quietZone)) bits |= 1 << i;
  }
  const level = ((bits ^ 0x5412) >> 13) & 0b11;
  return (['M', 'L', 'H', 'Q'] as const)[level]!;
}
