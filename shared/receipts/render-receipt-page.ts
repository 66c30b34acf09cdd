// The receipt as a payer page: the paid page's look (layout.ts), no script, a PDF link.

import { renderPage } from '../hosted-pages/render/layout.ts';
import { factList, icons } from '../hosted-pages/render/page-parts.ts';
import type { RenderedPage } from '../hosted-pages/render/view-models.ts';
import { escapeHtml } from '../http/html.ts';
import { receiptMessagesFor } from './receipt-messages.ts';
import type { ReceiptModel } from './receipt-model.ts';

export function renderReceiptPage(model: ReceiptModel): RenderedPage {
  const m = receiptMessagesFor(model.lang);
  const facts = model.lines.map((line) => ({
    label: line.label,
    valueHtml: line.code ? `<code class="mono">${escapeHtml(line.value)}</code>` : escapeHtml(line.value),
    testId: line.testId,
  }));
  return renderPage({
    lang: model.lang,
    title: m.title,
    merchantName: model.merchantName,
    brand: model.brand,
    sandbox: model.sandbox,
    transactionId: model.transactionId,
    script: false,
    main: `<div class="layout one"><section class="card hero">
${icons.ok}
<h1 data-testid="status" data-status="PAID">${escapeHtml(m.title)}</h1>
<p class="muted">${escapeHtml(m.intro)}</p>
${factList(facts)}
${model.sandbox ? `<p class="muted">${escapeHtml(m.sandboxNote)}</p>` : ''}
<p class="back"><a class="btn btn-primary" href="${escapeHtml(model.pdfUrl)}" data-testid="receipt-pdf">${escapeHtml(m.downloadPdf)}</a></p>
</section></div>`,
  });
}
