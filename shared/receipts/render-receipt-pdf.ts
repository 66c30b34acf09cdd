// The receipt as a one-page PDF, drawn with the boleto's PDF machinery (pdf-document.ts). The
// merchant's logo is not drawn: the PDF embeds nothing and fetches nothing.
import {
  buildPdf,
  CONTENT_W,
  Content,
  MARGIN,
  PAGE_H,
  textWidth,
  toWinAnsi,
  wrap,
} from '../hosted-pages/render/pdf-document.ts';
import { receiptMessagesFor } from './receipt-messages.ts';
import type { ReceiptModel } from './receipt-model.ts';

export function renderReceiptPdf(model: ReceiptModel): Uint8Array {
  const m = receiptMessagesFor(model.lang);
  const c = new Content();
  let y = PAGE_H - MARGIN - 18;
  const merchant = model.merchantName?.trim() ?? '';
  if (merchant) c.text(MARGIN, y, wrap(merchant, 18, 'F2', CONTENT_W - 240, 1)[0] ?? '', 18, 'F2');
  c.text(MARGIN + CONTENT_W - textWidth(m.title, 16, 'F2'), y, m.title, 16, 'F2');
  y -= 20;
  if (model.sandbox) {
    c.text(MARGIN, y, m.sandboxNote, 10, 'F2', 0.35);
    y -= 14;
  }
  c.rule(MARGIN, y, CONTENT_W);
  y -= 30;
  c.text(MARGIN, y, m.intro, 12);
  y -= 34;
  for (const line of model.lines) {
    c.text(MARGIN, y + 14, line.label, 8, 'F1', 0.35);
    if (line.code) {
      const size = Math.min(11, CONTENT_W / (0.6 * Math.max(1, toWinAnsi(line.value).length)));
      c.text(MARGIN, y, line.value, size, 'F3');
      y -= 34;
      continue;
    }
    const wrapped = wrap(line.value, 12, 'F1', CONTENT_W, 3);
    wrapped.forEach((text, i) => {
      c.text(MARGIN, y - i * 15, text, 12);
    });
    y -= 15 * Math.max(1, wrapped.length) + 19;
  }
  c.rule(MARGIN, y + 10, CONTENT_W);
  return buildPdf(c.ops.join('\n'), `${m.title} ${model.transactionId}`);
}
