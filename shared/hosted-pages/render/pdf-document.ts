// A one-page PDF 1.4 built by hand (no PDF dependency): the standard Helvetica and Courier
// fonts (every reader has them, nothing embedded) and WinAnsi text, measured and wrapped by
// pdf-text.ts. The boleto and the receipt draw on it.
import { textWidth as measure, type PdfFont, pdfHexString, toWinAnsi, wrapText } from './pdf-text.ts';

export { toWinAnsi };

export const MM = 72 / 25.4;
export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const MARGIN = 40;
export const CONTENT_W = PAGE_W - 2 * MARGIN;

/** The page's font resources: regular, bold and mono (Helvetica, Helvetica-Bold, Courier). */
export type PdfFontResource = 'F1' | 'F2' | 'F3';
const fontOf: Record<PdfFontResource, PdfFont> = { F1: 'regular', F2: 'bold', F3: 'mono' };

export function textWidth(text: string, size: number, font: PdfFontResource): number {
  return measure(text, size, fontOf[font]);
}

/** The text in at most `maxLines` lines no wider than `maxWidth`; what does not fit ends in "…". */
export function wrap(
  text: string,
  size: number,
  font: 'F1' | 'F2',
  maxWidth: number,
  maxLines: number,
): string[] {
  const wrapped = wrapText(text, size, fontOf[font], maxWidth);
  // wrapText answers one empty line for a text with no words; here that is no line at all.
  const lines = wrapped.length === 1 && wrapped[0] === '' ? [] : wrapped;
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last.length > 0 && textWidth(`${last}…`, size, font) > maxWidth) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last}…`;
  return kept;
}

export const num = (n: number): string => (Math.round(n * 100) / 100).toString();

export class Content {
  ops: string[] = [];
  text(x: number, y: number, text: string, size: number, font: PdfFontResource = 'F1', gray = 0): void {
    this.ops.push(
      `BT ${num(gray)} g /${font} ${num(size)} Tf ${num(x)} ${num(y)} Td ${pdfHexString(text)} Tj ET`,
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
    `<< /Title ${pdfHexString(title)} /Producer (catalog-cashin) >>`,
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
