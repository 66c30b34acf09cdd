import { escapeHtml } from '../../http/html.ts';
import { renderPage } from './layout.ts';
import { messagesFor } from './messages.ts';
import { formatMoney } from './money-format.ts';
import {
  canPayInSandbox,
  closedCard,
  copyField,
  pageLang,
  payForm,
  summaryCard,
  watchedStatus,
} from './page-parts.ts';
import { renderQrSvg } from './qr-svg.ts';
import type { QrPageModel, RenderedPage, RenderOptions } from './view-models.ts';

/**
 * Hosted BOB QR: the EMVCo payload as a QR image to scan with a bank app and as text with a
 * copy button (for paying from the same phone), plus the sandbox Pay button.
 */
export function renderQrPage(model: QrPageModel, options?: RenderOptions): RenderedPage {
  const lang = pageLang(model, options);
  const m = messagesFor(lang);
  const summary = summaryCard(model, m, lang);
  const qrImage = renderQrSvg(model.qrPayload, {
    label: m.qrImageLabel,
    attributes: { 'data-testid': 'qr-image' },
  });
  const qrText = copyField(
    {
      id: 'qr-text',
      label: m.qrText,
      value: model.qrPayload,
      copyText: model.qrPayload,
      testId: 'qr-text',
      breakAnywhere: true,
      stacked: true,
    },
    m,
  );
  const card =
    model.status === 'PENDING'
      ? `<section class="card code-card" aria-labelledby="qr-title">
<h2 id="qr-title">${escapeHtml(m.qrTitle)}</h2>
<p class="intro">${escapeHtml(m.qrIntro)}</p>
${qrText}
<div class="qr">${qrImage}</div>
${canPayInSandbox(model) ? payForm(model, m) : ''}
</section>`
      : closedCard(model.status, m);
  return renderPage({
    lang,
    title: `${m.qrTitle} ${formatMoney(model.amountCents, model.currency)}`,
    merchantName: model.merchantName ?? null,
    brand: model.brand ?? null,
    sandbox: model.sandbox,
    transactionId: model.transactionId,
    script: model.status === 'PENDING',
    watchesStatus: watchedStatus(model) !== null,
    main: `<div class="layout two">\n${summary}\n${card}\n</div>`,
  });
}
