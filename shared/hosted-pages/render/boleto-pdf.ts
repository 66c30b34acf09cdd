import { itfElements } from './itf.ts';
import { formatCalendarDate } from './locale.ts';
import { formatMoney } from './money-format.ts';
import {
  buildPdf,
  CONTENT_W,
  Content,
  MARGIN,
  MM,
  num,
  PAGE_H,
  PAGE_W,
  textWidth,
  toWinAnsi,
  wrap,
} from './pdf-document.ts';
import type { BoletoPageModel } from './view-models.ts';

// A one-page PDF copy of the boleto (pdf-document.ts), with the
// Interleaved 2 of 5 barcode drawn as filled rectangles at the FEBRABAN size: 103 mm long,
// 13 mm tall, narrow:wide 1:3. The copy is in Portuguese, the language of the boleto.

export { toWinAnsi } from './pdf-document.ts';

export const BOLETO_PDF_BARCODE = { widthMm: 103, heightMm: 13 } as const;

/** Bars of the boleto barcode in points, left to right (FEBRABAN: wide = 3 narrow). */
function barcodeBars(barcode: string, x: number): Array<{ x: number; width: number }> {
  const elements = itfElements(barcode, 3);
  const modules = elements.reduce((a, b) => a + b, 0);
  const narrow = (BOLETO_PDF_BARCODE.widthMm * MM) / modules;
  const bars: Array<{ x: number; width: number }> = [];
  let at = x;
  elements.forEach((w, i) => {
    if (i % 2 === 0) bars.push({ x: at, width: w * narrow });
    at += w * narrow;
  });
  return bars;
}

/** The boleto as a one-page PDF (A4). */
export function renderBoletoPdf(model: BoletoPageModel): Uint8Array {
  if (!/^\d{44}$/.test(model.barcode)) throw new RangeError('barcode: must be exactly 44 digits');
  const c = new Content();
  const merchant = model.merchantName?.trim() || 'Beneficiário';
  const amount = formatMoney(model.amountCents, model.currency);
  const dueDate = formatCalendarDate(model.dueDate, 'pt-BR');
  let y = PAGE_H - MARGIN - 18;

  // Header
  c.text(MARGIN, y, wrap(merchant, 18, 'F2', CONTENT_W - 120, 1)[0] ?? '', 18, 'F2');
  c.text(PAGE_W - MARGIN - textWidth('Boleto', 18, 'F2'), y, 'Boleto', 18, 'F2');
  y -= 18;
  if (model.sandbox) {
    c.text(MARGIN, y, 'SANDBOX - documento de teste, sem valor de pagamento', 10, 'F2', 0.35);
    y -= 14;
  }
  c.rule(MARGIN, y, CONTENT_W);
  y -= 28;

  // Fields: label above value, two columns.
  const colW = CONTENT_W / 2;
  const field = (x: number, label: string, value: string, size = 12, font: 'F1' | 'F2' = 'F1'): void => {
    c.text(x, y + 14, label, 8, 'F1', 0.35);
    c.text(x, y, wrap(value, size, font, colW - 12, 1)[0] ?? '', size, font);
  };
  field(MARGIN, 'Beneficiário', merchant);
  field(MARGIN + colW, 'Vencimento', dueDate, 14, 'F2');
  y -= 36;
  field(MARGIN, 'Pagador', model.payerName);
  field(MARGIN + colW, 'Valor do documento', amount, 14, 'F2');
  y -= 36;
  c.text(MARGIN, y + 14, 'Descrição', 8, 'F1', 0.35);
  const description = wrap(model.description, 11, 'F1', CONTENT_W, 3);
  description.forEach((line, i) => {
    c.text(MARGIN, y - i * 14, line, 11);
  });
  y -= 14 * Math.max(1, description.length) + 22;
  field(MARGIN, 'Transação', model.transactionId, 11);
  y -= 24;
  c.rule(MARGIN, y, CONTENT_W);
  y -= 30;

  // Digitable line and barcode, boxed like a bank's compensation slip.
  const boxTop = y + 20;
  c.text(MARGIN + 10, y, 'Linha digitável', 8, 'F1', 0.35);
  y -= 18;
  const lineSize = Math.min(13, (CONTENT_W - 20) / (0.6 * toWinAnsi(model.digitableLine).length));
  c.text(MARGIN + 10, y, model.digitableLine, lineSize, 'F3');
  y -= 20 + BOLETO_PDF_BARCODE.heightMm * MM;
  const barHeight = BOLETO_PDF_BARCODE.heightMm * MM;
  const bars = barcodeBars(model.barcode, MARGIN + 10 + 10 * 0.254 * MM);
  c.ops.push(`% barcode\n0 g`);
  for (const bar of bars)
    c.ops.push(`${bar.x.toFixed(3)} ${num(y)} ${bar.width.toFixed(3)} ${num(barHeight)} re f`);
  c.ops.push('% end barcode');
  y -= 14;
  c.box(MARGIN, y, CONTENT_W, boxTop - y);
  y -= 22;
  c.text(
    MARGIN,
    y,
    'Pague no app ou internet banking do seu banco, ou em qualquer agência, até o vencimento.',
    9,
    'F1',
    0.35,
  );

  return buildPdf(c.ops.join('\n'), `Boleto ${model.transactionId}`);
}
