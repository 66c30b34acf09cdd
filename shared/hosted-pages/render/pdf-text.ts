// Text for a PDF drawn with the standard Type 1 fonts (every reader has them, nothing embedded):
// WinAnsi bytes, advance widths from the fonts' AFM files, and line wrapping that keeps every
// character (a long name wraps onto more lines; nothing is cut or ellipsised).

export type PdfFont = 'regular' | 'bold' | 'mono';

/** Helvetica advance widths (1/1000 em) for U+0020..U+007E, from the standard AFM. */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** Helvetica-Bold advance widths (1/1000 em) for U+0020..U+007E, from the standard AFM. */
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
  556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584,
  556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
  333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/** WinAnsiEncoding (cp1252) bytes 0x80..0x9F that differ from Latin-1. */
const CP1252: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** Text to WinAnsi bytes; what the standard fonts cannot show becomes "?". */
export function toWinAnsi(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) bytes.push(0x20);
    else if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(CP1252[char] ?? 0x3f);
  }
  return bytes;
}

/** A PDF hex string of the text's WinAnsi bytes (no escaping questions). */
export function pdfHexString(text: string): string {
  return `<${toWinAnsi(text)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')}>`;
}

/** Width of the text in points at `size`. Accented letters take their base letter's width. */
export function textWidth(text: string, size: number, font: PdfFont): number {
  if (font === 'mono') return toWinAnsi(text).length * 0.6 * size;
  const table = font === 'bold' ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (const char of text.normalize('NFD').replace(/\p{M}/gu, '')) {
    const code = char.codePointAt(0)!;
    units += table[code - 0x20] ?? 556;
  }
  return (units * size) / 1000;
}

/**
 * The text in lines no wider than `maxWidth`, breaking at spaces; a word wider than a line is
 * split across lines. Every character of the text is in the result, in order (no ellipsis).
 * No-break spaces (in amounts) are not break points.
 */
export function wrapText(text: string, size: number, font: PdfFont, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/[ \t\r\n]+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, size, font) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (textWidth(line, size, font) > maxWidth && [...line].length > 1) {
      const chars = [...line];
      let cut = chars.length - 1;
      while (cut > 1 && textWidth(chars.slice(0, cut).join(''), size, font) > maxWidth) cut--;
      lines.push(chars.slice(0, cut).join(''));
      line = chars.slice(cut).join('');
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}
