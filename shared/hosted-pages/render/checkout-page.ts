import { escapeHtml } from '../../http/html.ts';
import { type CheckoutBody, methodName, methodOf } from '../../payment-methods.ts';
import { renderPage } from './layout.ts';
import type { Messages } from './messages.ts';
import { messagesFor } from './messages.ts';
import { formatMoney } from './money-format.ts';
import {
  canPayInSandbox,
  closedCard,
  copyField,
  fact,
  factList,
  notice,
  pageLang,
  payForm,
  summaryCard,
  watchedStatus,
} from './page-parts.ts';
import { DEFAULT_PSE_BANKS } from './pse-banks.ts';
import { renderQrSvg } from './qr-svg.ts';
import type { CheckoutPageModel, RenderedPage, RenderOptions } from './view-models.ts';

/** While Bre-B or transfer instructions are still being prepared the page reloads itself. */
export const INSTRUCTIONS_REFRESH_SECONDS = 5;

/** Shows only the last 4 digits, whatever was passed (raw E.164 or already masked). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 4 ? `••• ••• ${digits.slice(-4)}` : '••• ••• ••••';
}

interface MethodBody {
  html: string;
  /** Instructions not there yet: no Pay button, reload soon. */
  waiting: boolean;
}

/** A body's inputs: the page, its copy and the method's name in the page's language. */
type BodyRenderer = (model: CheckoutPageModel, m: Messages, name: string) => MethodBody;

function bankChoiceBody(model: CheckoutPageModel, m: Messages): MethodBody {
  if (!canPayInSandbox(model))
    return { html: `<p class="intro">${escapeHtml(m.pseIntro)}</p>`, waiting: false };
  const banks = model.banks && model.banks.length > 0 ? model.banks : DEFAULT_PSE_BANKS;
  const options = banks
    .map((b) => `<option value="${escapeHtml(b.code)}">${escapeHtml(b.name)}</option>`)
    .join('');
  const select = `<div class="field">
<label class="field-label" for="bank-select">${escapeHtml(m.bankSelectLabel)}</label>
<select id="bank-select" name="bank" required data-testid="bank-select" autocomplete="off">
<option value="" selected disabled>${escapeHtml(m.bankSelectPlaceholder)}</option>${options}
</select>
</div>
`;
  return {
    html: `<p class="intro">${escapeHtml(m.pseIntro)}</p>\n${payForm(model, m, select)}`,
    waiting: false,
  };
}

function walletRequestBody(model: CheckoutPageModel, m: Messages, wallet: string): MethodBody {
  const masked = maskPhone(model.payerPhone);
  const last = masked.slice(-4);
  const intro = `<p class="intro">${escapeHtml(m.walletIntro(wallet, last))}</p>`;
  const phone = factList([fact(m.walletPhone(wallet), masked, 'payer-phone')]);
  if (!canPayInSandbox(model)) return { html: `${intro}${phone}`, waiting: false };
  const confirm = `<label class="check"><input type="checkbox" name="confirmPhone" value="yes" required data-testid="wallet-confirm"><span>${escapeHtml(m.walletConfirm(wallet))}</span></label>
`;
  return { html: `${intro}\n${phone}\n${payForm(model, m, confirm)}`, waiting: false };
}

function keyAndQrBody(model: CheckoutPageModel, m: Messages, name: string): MethodBody {
  if (!model.breb)
    return { html: notice('info', m.instructionsPending, 'instructions-pending'), waiting: true };
  return {
    html: `<p class="intro">${escapeHtml(m.keyIntro(name))}</p>
${copyField({ id: 'breb-key', label: m.keyLabel(name), value: model.breb.key, testId: 'breb-key', stacked: true }, m)}
<div class="qr">${renderQrSvg(model.breb.qrPayload, { label: m.keyQrLabel(name), attributes: { 'data-testid': 'qr-image' } })}</div>
${canPayInSandbox(model) ? payForm(model, m) : ''}`,
    waiting: false,
  };
}

function bankAccountBody(model: CheckoutPageModel, m: Messages): MethodBody {
  const account = model.bankAccount;
  if (!account) return { html: notice('info', m.instructionsPending, 'instructions-pending'), waiting: true };
  const facts = factList([
    fact(m.bank, account.bank, 'bank-name'),
    fact(m.accountType, account.accountType, 'account-type'),
    fact(m.holder, account.holder, 'account-holder'),
  ]);
  const accountNumber = copyField(
    {
      id: 'account-number',
      label: m.accountNumber,
      value: account.accountNumber,
      copyText: account.accountNumber.replace(/[\s.-]/g, ''),
      testId: 'account-number',
      breakAnywhere: true,
    },
    m,
  );
  const nit = copyField(
    { id: 'nit', label: m.nit, value: account.nit, testId: 'nit', breakAnywhere: true },
    m,
  );
  const reference = copyField(
    {
      id: 'reference',
      label: m.reference,
      value: account.reference,
      testId: 'reference',
      breakAnywhere: true,
      stacked: true,
    },
    m,
  );
  return {
    html: `<p class="intro">${escapeHtml(m.transferIntro)}</p>
${facts}
<div class="transfer-fields">
${accountNumber}
${nit}
${reference}
</div>
${canPayInSandbox(model) ? payForm(model, m) : ''}`,
    waiting: false,
  };
}

/** One body per kind a catalogue row may name (`page.body`); the mark stands beside the method's name. */
const bodies: Record<CheckoutBody, { render: BodyRenderer; mark?: string }> = {
  'bank-choice': { render: bankChoiceBody },
  'wallet-request': { render: walletRequestBody },
  'key-and-qr': { render: keyAndQrBody },
  'bank-account': { render: bankAccountBody, mark: '$' },
};

/**
 * Hosted COP checkout for one method, in the body its catalogue row names: choose a bank, then
 * Pay (PSE); confirm the wallet's phone, then Pay (Nequi); a key and QR (Bre-B); or account data
 * with copy buttons (bank transfer). In the sandbox a Pay button settles the payment; the
 * bank choice posts `bank` (the chosen code) and the wallet request `confirmPhone=yes` with it.
 */
export function renderCheckoutPage(model: CheckoutPageModel, options?: RenderOptions): RenderedPage {
  const lang = pageLang(model, options);
  const m = messagesFor(lang);
  const summary = summaryCard(model, m, lang);
  const row = methodOf(model);
  const name = methodName(row, lang);
  let card: string;
  let waiting = false;
  if (model.status === 'PENDING') {
    if (row.page.kind !== 'checkout') throw new Error(`${model.method} has no checkout body`);
    const body = bodies[row.page.body];
    const rendered = body.render(model, m, name);
    waiting = rendered.waiting;
    const mark = `<span class="method-mark" aria-hidden="true">${escapeHtml(body.mark ?? name)}</span>`;
    const heading = `<h2 id="method-title" data-testid="method-name">${escapeHtml(name)}</h2>`;
    card = `<section class="card code-card" aria-labelledby="method-title" data-method="${model.method}">
<div class="method">${mark}<div><p class="label">${escapeHtml(m.paymentMethod)}</p>${heading}</div></div>
${rendered.html}
</section>`;
  } else {
    card = closedCard(model.status, m);
  }
  return renderPage({
    lang,
    title: `${name} ${formatMoney(model.amountCents, model.currency)}`,
    merchantName: model.merchantName ?? null,
    brand: model.brand ?? null,
    sandbox: model.sandbox,
    transactionId: model.transactionId,
    script: model.status === 'PENDING',
    watchesStatus: watchedStatus(model) !== null,
    ...(waiting ? { refreshSeconds: INSTRUCTIONS_REFRESH_SECONDS } : {}),
    main: `<div class="layout two">\n${summary}\n${card}\n</div>`,
  });
}
