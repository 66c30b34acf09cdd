import { escapeHtml } from '../../http/html.ts';
import { formatInstant, langForCurrency } from './locale.ts';
import type { Messages } from './messages.ts';
import { formatMoney } from './money-format.ts';
import type { CommonPageModel, PageLang, PageStatus, RenderOptions } from './view-models.ts';

// Fragments shared by the payer pages. Every argument is plain text unless named `...Html`.

export function pageLang(model: Pick<CommonPageModel, 'currency'>, options?: RenderOptions): PageLang {
  return options?.lang ?? langForCurrency(model.currency);
}

export function statusPill(
  status: PageStatus | 'INVALID',
  text: string,
  watchUrl: string | null = null,
): string {
  const watch = watchUrl
    ? ` data-watch-status="${escapeHtml(assertRelativeUrl(watchUrl, 'statusUrl'))}"`
    : '';
  return `<span class="pill pill-${status}" data-testid="status" data-status="${status}"${watch}>${escapeHtml(text)}</span>`;
}

/** The status URL the page's script watches: only while the payment is awaited. */
export function watchedStatus(model: Pick<CommonPageModel, 'status' | 'statusUrl'>): string | null {
  return model.status === 'PENDING' && model.statusUrl ? model.statusUrl : null;
}

/** A definition list row; `valueHtml` is trusted markup. */
export interface Fact {
  label: string;
  valueHtml: string;
  testId?: string;
}

export function fact(label: string, value: string, testId?: string): Fact {
  return { label, valueHtml: escapeHtml(value), ...(testId ? { testId } : {}) };
}

export function factList(facts: readonly Fact[]): string {
  if (facts.length === 0) return '';
  const rows = facts
    .map(
      (f) =>
        `<div><dt>${escapeHtml(f.label)}</dt><dd${f.testId ? ` data-testid="${f.testId}"` : ''}>${f.valueHtml}</dd></div>`,
    )
    .join('');
  return `<dl class="facts">${rows}</dl>`;
}

/** The summary card every transaction page starts with: amount, status, payer, description. */
export function summaryCard(
  model: CommonPageModel,
  m: Messages,
  lang: PageLang,
  extra: readonly Fact[] = [],
  options: { showExpiry: boolean } = { showExpiry: true },
): string {
  const amountLabel = model.status === 'PAID' ? m.amountPaid : m.amountToPay;
  const facts: Fact[] = [...extra];
  if (model.status === 'PAID' && model.paidAt)
    facts.push(fact(m.paidOn, formatInstant(model.paidAt, lang, model.currency), 'paid-at'));
  if (options.showExpiry && model.status === 'PENDING' && model.expiresAt) {
    facts.push(fact(m.validUntil, formatInstant(model.expiresAt, lang, model.currency), 'expires-at'));
  }
  facts.push(fact(m.payer, model.payerName, 'payer-name'));
  facts.push(fact(m.description, model.description, 'description'));
  return `<section class="card summary" aria-labelledby="amount-label">
<p class="label" id="amount-label">${escapeHtml(amountLabel)}</p>
<p class="amount" data-testid="amount">${escapeHtml(formatMoney(model.amountCents, model.currency))}</p>
${statusPill(model.status, m.status[model.status], watchedStatus(model))}
${factList(facts)}
</section>`;
}

export interface CopyFieldInput {
  /** Element id of the value; unique within the page. */
  id: string;
  label: string;
  value: string;
  /** What the button copies when it differs from the shown value (e.g. digits only). */
  copyText?: string;
  /** data-testid of the value element. */
  testId?: string;
  /** Break anywhere (long unspaced strings like a QR payload), not only at spaces. */
  breakAnywhere?: boolean;
  /** Long value: the button goes under it at every width instead of beside it. */
  stacked?: boolean;
}

export function copyField(input: CopyFieldInput, m: Messages): string {
  const labelId = `${input.id}-label`;
  const copyText = input.copyText ? ` data-copy-text="${escapeHtml(input.copyText)}"` : '';
  const testId = input.testId ? ` data-testid="${input.testId}"` : '';
  return `<div class="field">
<span class="field-label" id="${labelId}">${escapeHtml(input.label)}</span>
<div class="copy-row${input.stacked ? ' stacked' : ''}">
<code class="copy-value${input.breakAnywhere ? ' wrap-any' : ''}" id="${input.id}"${testId}>${escapeHtml(input.value)}</code>
<button type="button" class="btn btn-secondary" data-testid="copy-button" data-copy-target="${input.id}"${copyText} data-copied="${escapeHtml(m.copied)}" aria-describedby="${labelId}">${escapeHtml(m.copy)}</button>
</div>
</div>`;
}

export function notice(kind: 'info' | 'warn' | 'bad' | 'ok', text: string, testId?: string): string {
  const role = kind === 'bad' || kind === 'warn' ? ' role="status"' : '';
  return `<p class="notice notice-${kind}"${role}${testId ? ` data-testid="${testId}"` : ''}>${escapeHtml(text)}</p>`;
}

/** The sandbox Pay button shows only while the payment can still be made in the sandbox. */
export function canPayInSandbox(model: CommonPageModel): model is CommonPageModel & { payActionUrl: string } {
  return (
    model.sandbox &&
    model.status === 'PENDING' &&
    typeof model.payActionUrl === 'string' &&
    model.payActionUrl !== ''
  );
}

/** A relative URL on this origin; anything else is a programming error in the handler. */
export function assertRelativeUrl(url: string, field: string): string {
  // "//host" and "/\host" are other origins to a browser; controls and spaces have no place here.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point: they are refused
  if (!/^\/(?![/\\])/.test(url) || /[\\\s\u0000-\u001f\u007f]/.test(url)) {
    throw new RangeError(`${field}: must be a relative URL starting with a single "/"`);
  }
  return url;
}

/** A link target for a document: same-origin path or https; anything else is dropped. */
export function safeLinkUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point: they are refused
  if (/[\\\s\u0000-\u001f\u007f]/.test(url)) return null;
  if (/^\/(?![/\\])/.test(url)) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The Pay form: a plain POST, so it works without JavaScript. `fieldsHtml` holds the method's
 * inputs (PSE bank, Nequi confirmation) that travel with it.
 */
export function payForm(
  model: CommonPageModel & { payActionUrl: string },
  m: Messages,
  fieldsHtml = '',
): string {
  const action = assertRelativeUrl(model.payActionUrl, 'payActionUrl');
  const amount = formatMoney(model.amountCents, model.currency);
  return `<form class="pay-form" method="post" action="${escapeHtml(action)}" data-pay-form>
${fieldsHtml}<button type="submit" class="btn btn-primary" data-testid="pay-button">${escapeHtml(m.payButton(amount))}</button>
<p class="hint">${escapeHtml(m.sandboxPayHint)}</p>
</form>`;
}

/** Replaces the payment instructions once the payment is settled, expired or canceled. */
export function closedCard(status: 'PAID' | 'EXPIRED' | 'CANCELED', m: Messages): string {
  if (status === 'PAID')
    return `<section class="card">${notice('ok', m.paidTitle, 'status-notice')}<p class="muted">${escapeHtml(m.paidBody)}</p></section>`;
  const { title, body } = closedTexts(status, m);
  return `<section class="card">${notice('bad', title, 'status-notice')}<p class="muted">${escapeHtml(body)}</p></section>`;
}

/** What the payer reads about a payment that can no longer be paid. */
export function closedTexts(status: 'EXPIRED' | 'CANCELED', m: Messages): { title: string; body: string } {
  return status === 'CANCELED'
    ? { title: m.canceledTitle, body: m.canceledBody }
    : { title: m.expiredTitle, body: m.expiredBody };
}

/** Inline status icons for the status pages; decorative (the heading says it). */
export const icons = {
  ok:
    '<svg class="hero-icon" viewBox="0 0 64 64" aria-hidden="true" focusable="false">' +
    '<circle cx="32" cy="32" r="32" fill="#e6f4ea"/>' +
    '<path d="M19 33.5l8.5 8.5L45 24.5" fill="none" stroke="#146c2e" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>' +
    '</svg>',
  bad:
    '<svg class="hero-icon" viewBox="0 0 64 64" aria-hidden="true" focusable="false">' +
    '<circle cx="32" cy="32" r="32" fill="#fce8e6"/>' +
    '<path d="M23 23l18 18M41 23L23 41" fill="none" stroke="#a50e0e" stroke-width="5" stroke-linecap="round"/>' +
    '</svg>',
  clock:
    '<svg class="hero-icon" viewBox="0 0 64 64" aria-hidden="true" focusable="false">' +
    '<circle cx="32" cy="32" r="32" fill="#e8f0fe"/>' +
    '<circle cx="32" cy="32" r="17" fill="none" stroke="#0842a0" stroke-width="4.5"/>' +
    '<path d="M32 22v11l7 5" fill="none" stroke="#0842a0" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>' +
    '</svg>',
};

/** A merchant's store URL as a link: http(s) only (the API checked it when the session was made). */
export function storeLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
