import { escapeHtml } from '../../http/html.ts';
import { receiptMessagesFor } from '../../receipts/receipt-messages.ts';
import { renderPage } from './layout.ts';
import { formatInstant } from './locale.ts';
import type { Messages } from './messages.ts';
import { messagesFor } from './messages.ts';
import { formatMoney } from './money-format.ts';
import type { Fact } from './page-parts.ts';
import { assertRelativeUrl, closedTexts, fact, factList, icons, pageLang, storeLink } from './page-parts.ts';
import type { CommonPageModel, PageLang, PageStatus, RenderedPage, RenderOptions } from './view-models.ts';

// Pages with nothing to do on them: no script, so the CSP allows none. On each, the element
// with data-testid="status" is the headline and carries data-status.

interface Hero {
  lang: PageLang;
  status: PageStatus | 'INVALID';
  icon: string;
  title: string;
  body: string;
  facts: readonly Fact[];
  model: CommonPageModel | null;
  refreshSeconds?: number;
  /** "Back to the store" (a paid page of a checkout with a `successUrl`). */
  storeUrl?: string | null;
}

/** The paid state's link to the receipt page. */
function receiptLink(url: string, lang: PageLang): string {
  return `<p class="back"><a href="${escapeHtml(assertRelativeUrl(url, 'receiptUrl'))}" data-testid="receipt-link">${escapeHtml(receiptMessagesFor(lang).viewReceipt)}</a></p>`;
}

/** While a sandbox payment waits for its confirmation, the result page reloads itself (no script needed). */
export const RESULT_REFRESH_SECONDS = 2;

function renderHero(hero: Hero): RenderedPage {
  return renderPage({
    lang: hero.lang,
    title: hero.title,
    merchantName: hero.model?.merchantName ?? null,
    brand: hero.model?.brand ?? null,
    sandbox: hero.model?.sandbox ?? false,
    transactionId: hero.model?.transactionId ?? null,
    script: false,
    ...(hero.refreshSeconds ? { refreshSeconds: hero.refreshSeconds } : {}),
    main: `<div class="layout one"><section class="card hero">
${hero.icon}
<h1 data-testid="status" data-status="${hero.status}">${escapeHtml(hero.title)}</h1>
<p class="muted">${escapeHtml(hero.body)}</p>
${factList(hero.facts)}
${hero.status === 'PAID' && hero.model?.receiptUrl ? receiptLink(hero.model.receiptUrl, hero.lang) : ''}
${hero.storeUrl ? `<p class="back"><a class="btn btn-primary" href="${escapeHtml(hero.storeUrl)}" data-testid="back-to-store">${escapeHtml(messagesFor(hero.lang).backToStore)}</a></p>` : ''}
</section></div>`,
  });
}

function transactionFacts(model: CommonPageModel, m: Messages, lang: PageLang): Fact[] {
  const facts: Fact[] = [
    {
      label: model.status === 'PAID' ? m.amountPaid : m.amountToPay,
      valueHtml: escapeHtml(formatMoney(model.amountCents, model.currency)),
      testId: 'amount',
    },
  ];
  if (model.status === 'PAID' && model.paidAt)
    facts.push(fact(m.paidOn, formatInstant(model.paidAt, lang, model.currency), 'paid-at'));
  facts.push(fact(m.description, model.description, 'description'));
  return facts;
}

/**
 * Unknown, malformed or expired payment-link token. Nothing about any transaction is shown;
 * the language defaults to English because an unknown token says nothing about the payer.
 */
export function renderInvalidLinkPage(options?: RenderOptions): RenderedPage {
  const lang = options?.lang ?? 'en';
  const m = messagesFor(lang);
  return renderHero({
    lang,
    status: 'INVALID',
    icon: icons.bad,
    title: m.invalidTitle,
    body: m.invalidBody,
    facts: [],
    model: null,
  });
}

/** The link is valid but the payment has already been received. */
export function renderPaidPage(model: CommonPageModel, options?: RenderOptions): RenderedPage {
  const lang = pageLang(model, options);
  const m = messagesFor(lang);
  return renderHero({
    lang,
    status: 'PAID',
    icon: icons.ok,
    title: m.paidTitle,
    body: m.paidBody,
    facts: transactionFacts({ ...model, status: 'PAID' }, m, lang),
    model,
    storeUrl: storeLink(model.storeUrl),
  });
}

/** The link is valid but the payment expired unpaid, or the merchant canceled it. */
export function renderExpiredPage(model: CommonPageModel, options?: RenderOptions): RenderedPage {
  const lang = pageLang(model, options);
  const m = messagesFor(lang);
  const status = model.status === 'CANCELED' ? 'CANCELED' : 'EXPIRED';
  return renderHero({
    lang,
    status,
    icon: icons.bad,
    ...closedTexts(status, m),
    facts: transactionFacts({ ...model, status }, m, lang),
    model,
  });
}

/** Shown after the sandbox Pay button: says what the transaction's status now is. */
export function renderPaymentResultPage(model: CommonPageModel, options?: RenderOptions): RenderedPage {
  const lang = pageLang(model, options);
  const m = messagesFor(lang);
  const facts = transactionFacts(model, m, lang);
  switch (model.status) {
    case 'PAID':
      return renderHero({
        lang,
        status: 'PAID',
        icon: icons.ok,
        title: m.resultPaidTitle,
        body: m.resultPaidBody,
        facts,
        model,
        storeUrl: storeLink(model.storeUrl),
      });
    case 'PENDING':
      return renderHero({
        lang,
        status: 'PENDING',
        icon: icons.clock,
        title: m.resultPendingTitle,
        body: m.resultPendingBody,
        facts,
        model,
        refreshSeconds: RESULT_REFRESH_SECONDS,
      });
    case 'EXPIRED':
    case 'CANCELED':
      return renderHero({
        lang,
        status: model.status,
        icon: icons.bad,
        ...closedTexts(model.status, m),
        facts,
        model,
      });
  }
}

/** A pending transaction whose page has no code to show: its words, and a reload now and then. */
function renderWaitingPage(
  model: CommonPageModel,
  options: RenderOptions | undefined,
  texts: (m: Messages) => { title: string; body: string },
  refreshSeconds: number,
): RenderedPage {
  const lang = pageLang(model, options);
  const m = messagesFor(lang);
  return renderHero({
    lang,
    status: 'PENDING',
    icon: icons.clock,
    ...texts(m),
    facts: transactionFacts(model, m, lang),
    model,
    refreshSeconds,
  });
}

/** While the rail prepares the instruction (seconds after a checkout's form): reloads until it is there. */
export function renderPreparingPage(model: CommonPageModel, options?: RenderOptions): RenderedPage {
  return renderWaitingPage(
    model,
    options,
    (m) => ({ title: m.preparingTitle, body: m.instructionsPending }),
    PREPARING_REFRESH_SECONDS,
  );
}

export const PREPARING_REFRESH_SECONDS = 2;

/**
 * A Pix Automático cycle after the first: the payer's bank debits it, so the page asks for
 * nothing and shows no code; it looks again now and then until the debit is reported.
 */
export function renderAutomaticDebitPage(model: CommonPageModel, options?: RenderOptions): RenderedPage {
  return renderWaitingPage(
    model,
    options,
    (m) => ({ title: m.automaticDebitTitle, body: m.automaticDebitBody }),
    AUTOMATIC_DEBIT_REFRESH_SECONDS,
  );
}

export const AUTOMATIC_DEBIT_REFRESH_SECONDS = 60;
