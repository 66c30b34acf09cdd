// A one-page PDF 1.4 built by hand (no PDF dependency): the standard Helvetica and Courier
// fonts (every reader has them, nothing embedded) and WinAnsi text. The boleto and the receipt
// draw on it.

export const MM = 72 / 25.4;
export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const MARGIN = 40;
export const CONTENT_W = PAGE_W - 2 * MARGIN;

// Helvetica advance widths (1/1000 em) for U+0020..U+007E, from the standard AFM.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

// WinAnsiEncoding (cp1252) bytes 0x80..0x9F that differ from Latin-1.
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

function hexString(text: string): string {
  return `<${toWinAnsi(text)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')}>`;
}

export function textWidth(text: string, size: number, font: 'F1' | 'F2' | 'F3'): number {
  if (font === 'F3') return toWinAnsi(text).length * 0.6 * size;
  // Bold is about 6% wider; accented letters take their base letter's width (close enough to wrap).
  const factor = font === 'F2' ? 1.06 : 1;
  let units = 0;
  for (const char of text.normalize('NFD').replace(/\p{M}/gu, '')) {
    const code = char.codePointAt(0)!;
    units += HELVETICA[code - 0x20] ?? 556;
  }
  return (units * size * factor) / 1000;
}

export function wrap(
  text: string,
  size: number,
  font: 'F1' | 'F2',
  maxWidth: number,
  maxLines: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  // No-break spaces (in amounts) are not break points.
  for (const word of text.split(/[ \t\r\n]+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, size, font) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    // A single word wider than the line is cut.
    while (textWidth(line, size, font) > maxWidth && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && textWidth(line.slice(0, cut), size, font) > maxWidth) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    let last = kept[maxLines - 1]!;
    while (last.length > 0 && textWidth(`${last}…`, size, font) > maxWidth) last = last.slice(0, -1);
    kept[maxLines - 1] = `${last}…`;
    return kept;
  }
  return lines;
}

export const num = (n: number): string => (Math.round(n * 100) / 100).toString();

export class Content {
  ops: string[] = [];
  text(x: number, y: number, text: string, size: number, font: 'F1' | 'F2' | 'F3' = 'F1', gray = 0): void {
    this.ops.push(
      `BT ${num(gray)} g /${font} ${num(size)} Tf ${num(x)} ${num(y)} Td ${hexString(text)} Tj ET`,
    );
  }
  rule(x: number, y: number, width: number): void {
    this.ops.push(`0.6 G 0.5 w ${num(x)} ${num(y)} m ${num(x + width)} ${num(y)} l S`);
  }
  box(x: number, y: number, width: number, height: number): void {
    this.ops.push(`0 G 0.8 w ${num(x)} ${num(y)} ${num(width)} ${num(height)} re S`);
  }
}

export function buildPdf(content: string, title: string): Uint8Array {
  const font = (name: string): string =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 4 0 R /F2 5 0 R /F3 6 0 R >> >> /Contents 7 0 R >>`,
    font('Helvetica'),
    font('Helvetica-Bold'),
    font('Courier'),
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title ${hexString(title)} /Producer (catalog-cashin) >>`,
  ];
  // Every byte below 0x80 except the binary marker comment: string length = byte length.
  let pdf = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
