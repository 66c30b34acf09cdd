// A payer's e-mail (instruction or receipt) as subject, plain text and HTML, in the payer's
// language. Pure. The HTML loads nothing (no images, fonts, trackers): inline styles only.

import { langForCurrency } from '../hosted-pages/render/locale.ts';
import { formatMoney } from '../hosted-pages/render/money-format.ts';
import { escapeHtml } from '../http/html.ts';
import { methodOf } from '../payment-methods.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import type { EmailKind } from './email-kinds.ts';
import { emailMessagesFor } from './email-messages.ts';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
  attachments: EmailAttachment[];
}

export interface EmailContext {
  merchantName: string;
  /** Absolute URL of the payer page (instruction) or of the receipt (receipt). */
  linkUrl: string;
  /** The boleto as a PDF, for a boleto's instruction. */
  boletoPdf?: Uint8Array;
}

interface Block {
  label: string;
  value: string;
  code?: boolean;
}

export function composeEmail(
  kind: EmailKind,
  record: Pick<
    TransactionRecord,
    'id' | 'currency' | 'amount' | 'description' | 'payer' | 'qr' | 'boletoDigitableLine' | 'method'
  >,
  context: EmailContext,
): ComposedEmail {
  const lang = langForCurrency(record.currency);
  const m = emailMessagesFor(lang);
  const amount = formatMoney(record.amount, record.currency);
  const blocks: Block[] = [{ label: m.description, value: record.description }];
  const notes: string[] = [];
  const attachments: EmailAttachment[] = [];
  if (kind === 'instruction') {
    if (record.boletoDigitableLine) {
      blocks.push({ label: m.boletoLine, value: record.boletoDigitableLine, code: true });
      if (context.boletoPdf) {
        notes.push(m.boletoAttached);
        attachments.push({
          filename: `boleto-${record.id}.pdf`,
          contentType: 'application/pdf',
          content: context.boletoPdf,
        });
      }
    } else if (methodOf(record).page.kind === 'pix' && record.qr)
      blocks.push({ label: m.pixCode, value: record.qr, code: true });
  }
  blocks.push({ label: m.transaction, value: record.id, code: true });
  const intro = kind === 'instruction' ? m.instructionIntro(amount) : m.receiptIntro(amount);
  const linkText = kind === 'instruction' ? m.openPage : m.viewReceipt;
  const subject =
    kind === 'instruction'
      ? m.instructionSubject(context.merchantName)
      : m.receiptSubject(context.merchantName);
  const text = [
    m.greeting(record.payer.name),
    '',
    intro,
    ...notes,
    '',
    ...blocks.flatMap((block) => [`${block.label}:`, block.value, '']),
    `${linkText}: ${context.linkUrl}`,
    '',
    m.footer(context.merchantName),
    '',
  ].join('\n');
  const cell = 'padding:8px 0;border-bottom:1px solid #e3e7ee';
  const rows = blocks
    .map(
      (block) =>
        `<tr><td style="${cell};color:#555">${escapeHtml(block.label)}</td></tr><tr><td style="${cell};font-weight:600;word-break:break-all${block.code ? ';font-family:monospace' : ''}">${escapeHtml(block.value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f9;font-family:Arial,Helvetica,sans-serif;color:#1b1f29">
<main style="max-width:560px;margin:0 auto;padding:24px 16px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(context.merchantName)}</h1>
<p>${escapeHtml(m.greeting(record.payer.name))}</p>
<p style="font-size:18px;font-weight:600">${escapeHtml(intro)}</p>
${notes.map((note) => `<p>${escapeHtml(note)}</p>`).join('')}
<table role="presentation" style="width:100%;border-collapse:collapse">${rows}</table>
<p style="margin:24px 0"><a href="${escapeHtml(context.linkUrl)}" style="display:inline-block;background:#0b57d0;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(linkText)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(m.footer(context.merchantName))}</p>
</main></body></html>
`;
  return { subject, text, html, attachments };
}
