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
import type { PageLang, PixPageModel, RenderedPage, RenderOptions } from './view-models.ts';

/** The Pix page's own wording (the shared messages cover the summary, copy and Pay buttons). */
const wording: Record<
  'pt-BR' | 'en',
  { title: string; intro: string; image: string; text: string; left: string; countdownEnd: string }
> = {
  'pt-BR': {
    title: 'Pague com Pix',
    intro: 'Abra o app do seu banco, escolha Pix e escaneie o QR code, ou use o Pix copia e cola.',
    image: 'QR code Pix',
    text: 'Pix copia e cola',
    left: 'Tempo restante para pagar',
    countdownEnd: 'Tempo esgotado',
  },
  en: {
    title: 'Pay with Pix',
    intro: "Open your bank's app, choose Pix and scan the QR code, or paste the Pix copy-and-paste code.",
    image: 'Pix QR code',
    text: 'Pix copy and paste',
    left: 'Time left to pay',
    countdownEnd: 'Time is up',
  },
};

const wordingFor = (lang: PageLang) => (lang === 'en' ? wording.en : wording['pt-BR']);

/** "hh:mm:ss" (or "mm:ss" under an hour) left until `expiresAt`; the script keeps it live. */
export function timeLeft(expiresAt: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((Date.parse(expiresAt) - now.getTime()) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const rest = `${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  return h > 0 ? `${h}:${rest}` : rest;
}

/**
 * Hosted Pix page: the dynamic BR Code as a QR to scan and as "copia e cola" text with a copy
 * button, the amount, a live countdown to the charge's expiry (the page reloads at zero and
 * shows the expired state), and in the sandbox the Pay button.
 */
export function renderPixPage(model: PixPageModel, options?: RenderOptions & { now?: Date }): RenderedPage {
  const lang = pageLang(model, options);
  const m = messagesFor(lang);
  const w = wordingFor(lang);
  const summary = summaryCard(model, m, lang);
  const countdown = model.expiresAt
    ? `<p class="countdown" role="timer" aria-live="off">${escapeHtml(w.left)}: <strong data-testid="countdown" data-countdown-to="${escapeHtml(model.expiresAt)}" data-countdown-end="${escapeHtml(w.countdownEnd)}">${escapeHtml(timeLeft(model.expiresAt, options?.now ?? new Date()))}</strong></p>`
    : '';
  const card =
    model.status === 'PENDING'
      ? `<section class="card code-card" aria-labelledby="pix-title">
<h2 id="pix-title">${escapeHtml(w.title)}</h2>
<p class="intro">${escapeHtml(w.intro)}</p>
${countdown}
${copyField({ id: 'pix-code', label: w.text, value: model.brCode, copyText: model.brCode, testId: 'qr-text', breakAnywhere: true, stacked: true }, m)}
<div class="qr">${renderQrSvg(model.brCode, { label: w.image, attributes: { 'data-testid': 'qr-image' } })}</div>
${canPayInSandbox(model) ? payForm(model, m) : ''}
</section>`
      : closedCard(model.status, m);
  return renderPage({
    lang,
    title: `${w.title} ${formatMoney(model.amountCents, model.currency)}`,
    merchantName: model.merchantName ?? null,
    brand: model.brand ?? null,
    sandbox: model.sandbox,
    transactionId: model.transactionId,
    script: model.status === 'PENDING',
    watchesStatus: watchedStatus(model) !== null,
    main: `<div class="layout two">\n${summary}\n${card}\n</div>`,
  });
}
