import { escapeHtml } from '../../http/html.ts';
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

function pseBody(model: CheckoutPageModel, m: Messages): MethodBody {
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

function nequiBody(model: CheckoutPageModel, m: Messages): MethodBody {
  const masked = maskPhone(model.payerPhone);
  const last = masked.slice(-4);
  const phone = factList([fact(m.nequiPhone, masked, 'payer-phone')]);
  if (!canPayInSandbox(model))
    return { html: `<p class="intro">${escapeHtml(m.nequiIntro(last))}</p>${phone}`, waiting: false };
  const confirm = `<label class="check"><input type="checkbox" name="confirmPhone" value="yes" required data-testid="nequi-confirm"><span>${escapeHtml(m.nequiConfirm)}</span></label>
`;
  return {
    html: `<p class="intro">${escapeHtml(m.nequiIntro(last))}</p>\n${phone}\n${payForm(model, m, confirm)}`,
    waiting: false,
  };
}

function brebBody(model: CheckoutPageModel, m: Messages): MethodBody {
  if (!model.breb)
    return { html: notice('info', m.instructionsPending, 'instructions-pending'), waiting: true };
  return {
    html: `<p class="intro">${escapeHtml(m.brebIntro)}</p>
<div class="qr">${renderQrSvg(model.breb.qrPayload, { label: m.brebQrLabel, attributes: { 'data-testid': 'qr-image' } })}</div>
${copyField({ id: 'breb-key', label: m.brebKey, value: model.breb.key, testId: 'breb-key', stacked: true }, m)}
${canPayInSandbox(model) ? payForm(model, m) : ''}`,
    waiting: false,
  };
}

function transferBody(model: CheckoutPageModel, m: Messages): MethodBody {
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

const bodies = { PSE: pseBody, NEQUI: nequiBody, BREB: brebBody, BANK_TRANSFER: transferBody } as const;

/**
 * Hosted COP checkout for one method: PSE (choose a bank, then Pay), Nequi (confirm the phone,
 * then Pay), Bre-B (key and QR) or bank transfer (account data with copy buttons). In the
 * sandbox a Pay button settles the payment; PSE posts `bank` (the chosen code) and Nequi
 * `confirmPhone=yes` with it.
 */
export function renderCheckoutPage(model: CheckoutPageModel, options?: RenderOptions): RenderedPage {
  const lang = pageLang(model, options);
  const m = messagesFor(lang);
  const summary = summaryCard(model, m, lang);
  const methodName = m.methodName[model.method];
  let card: string;
  let waiting = false;
  if (model.status === 'PENDING') {
    const body = bodies[model.method](model, m);
    waiting = body.waiting;
    const mark = `<span class="method-mark" aria-hidden="true">${escapeHtml(methodMark(model.method, methodName))}</span>`;
    const heading = `<h2 id="method-title" data-testid="method-name">${escapeHtml(methodName)}</h2>`;
    card = `<section class="card" aria-labelledby="method-title" data-method="${model.method}">
<div class="method">${mark}<div><p class="label">${escapeHtml(m.paymentMethod)}</p>${heading}</div></div>
${body.html}
</section>`;
  } else {
    card = closedCard(model.status, m);
  }
  return renderPage({
    lang,
    title: `${methodName} ${formatMoney(model.amountCents, model.currency)}`,
    merchantName: model.merchantName ?? null,
    brand: model.brand ?? null,
    sandbox: model.sandbox,
    transactionId: model.transactionId,
    script: model.status === 'PENDING',
    ...(waiting ? { refreshSeconds: INSTRUCTIONS_REFRESH_SECONDS } : {}),
    main: `<div class="layout two">\n${summary}\n${card}\n</div>`,
  });
}

function methodMark(method: CheckoutPageModel['method'], name: string): string {
  return method === 'BANK_TRANSFER' ? '$' : name;
}
