import { escapeHtml } from '../../http/html.ts';
import { renderBarcodeSvg } from './barcode-svg.ts';
import { renderPage } from './layout.ts';
import { formatCalendarDate } from './locale.ts';
import { messagesFor } from './messages.ts';
import { formatMoney } from './money-format.ts';
import {
  canPayInSandbox,
  closedCard,
  copyField,
  fact,
  pageLang,
  payForm,
  safeLinkUrl,
  summaryCard,
  watchedStatus,
} from './page-parts.ts';
import type { BoletoPageModel, RenderedPage, RenderOptions } from './view-models.ts';

/**
 * Hosted boleto: amount and due date, the digitable line with a copy button (copies digits
 * only, what bank apps accept), the barcode, PDF and print actions, and in the sandbox a Pay
 * button. Printed, it becomes a plain black-on-white sheet with the barcode at its FEBRABAN
 * size. Once paid or expired the payment instructions are withdrawn.
 */
export function renderBoletoPage(model: BoletoPageModel, options?: RenderOptions): RenderedPage {
  const lang = pageLang(model, options);
  const m = messagesFor(lang);
  const summary = summaryCard(
    model,
    m,
    lang,
    [fact(m.dueDate, formatCalendarDate(model.dueDate, lang), 'due-date')],
    {
      showExpiry: false,
    },
  );

  let instructions: string;
  if (model.status === 'PENDING') {
    const pdfUrl = safeLinkUrl(model.pdfUrl);
    const actions = [
      pdfUrl
        ? `<a class="btn btn-secondary" href="${escapeHtml(pdfUrl)}" download data-testid="pdf-link">${escapeHtml(m.downloadPdf)}</a>`
        : '',
      `<button type="button" class="btn btn-secondary" data-print hidden data-testid="print-button">${escapeHtml(m.print)}</button>`,
    ].join('');
    instructions = `<section class="card" aria-labelledby="boleto-title">
<h2 id="boleto-title">${escapeHtml(m.boletoTitle)}</h2>
<p class="intro">${escapeHtml(m.boletoHowTo)}</p>
${copyField(
  {
    id: 'digitable-line',
    label: m.digitableLine,
    value: model.digitableLine,
    copyText: model.digitableLine.replace(/\D/g, ''),
    testId: 'digitable-line',
    stacked: true,
  },
  m,
)}
<div class="barcode">${renderBarcodeSvg(model.barcode, { label: m.barcodeLabel, attributes: { 'data-testid': 'barcode' } })}</div>
<div class="actions">${actions}</div>
${canPayInSandbox(model) ? payForm(model, m) : ''}
</section>`;
  } else {
    instructions = closedCard(model.status, m);
  }

  return renderPage({
    lang,
    title: `${m.boletoTitle} ${formatMoney(model.amountCents, model.currency)}`,
    merchantName: model.merchantName ?? null,
    brand: model.brand ?? null,
    sandbox: model.sandbox,
    transactionId: model.transactionId,
    script: model.status === 'PENDING',
    watchesStatus: watchedStatus(model) !== null,
    main: `<div class="layout two">\n${summary}\n${instructions}\n</div>`,
  });
}
