// The hosted checkout of a session: what is sold and its price, the methods to choose from and the
// fields the chosen method needs. The form is a plain POST to the page's own URL with the
// purchase API's field names, so it works without script; the script (checkoutFormScripts)
// shows the chosen method's fields and checks them with the purchase API's schemas.
import type { BillingCycle } from '../../catalog/offer.ts';
import type { FieldProblem } from '../../checkout/payer-fields.ts';
import { escapeHtml } from '../../http/html.ts';
import { isRecurringDebit, type PurchaseCurrency, type PurchaseVariantName } from '../../payment-methods.ts';
import { type CheckoutFormCopy, checkoutFormCopy, fieldCopy } from './checkout-form-messages.ts';
import { checkoutFormScripts } from './checkout-form-scripts.generated.ts';
import { imageOf, renderPage } from './layout.ts';
import { langForCurrency } from './locale.ts';
import { formatMoney } from './money-format.ts';
import { icons, notice, storeLink } from './page-parts.ts';
import type { PageBrand, PageLang, RenderedPage } from './view-models.ts';

export interface CheckoutFieldSpec {
  name: string;
  required: boolean;
}

export interface CheckoutMethodChoice {
  code: string;
  /** In the page's language (the catalogue row's name). */
  name: string;
  /** What the script builds the method's schema from. */
  request: PurchaseVariantName;
  amount: { min: number; max: number };
  fields: readonly CheckoutFieldSpec[];
}

export interface CheckoutFormModel {
  currency: PurchaseCurrency;
  amountCents: number;
  productName: string;
  productDescription: string | null;
  imageUrl: string | null;
  offerName: string | null;
  /** A recurring offer's cycle: the price is per period and the page says it repeats. */
  billingCycle: BillingCycle | null;
  merchantName: string | null;
  brand: PageBrand | null;
  sandbox: boolean;
  /** The page's own path: the form posts to it. */
  actionUrl: string;
  /** "Back to the store" for a payer who leaves without paying. */
  cancelUrl: string | null;
  methods: readonly CheckoutMethodChoice[];
  /** Every method code of the currency: what the purchase schema's `paymentMethod` accepts. */
  currencyMethods: readonly string[];
  chosen: string;
  /** What the inputs hold: the session's customer, or what the payer posted. */
  values: Readonly<Record<string, string>>;
  /** The server's verdict on a posted form, by field. */
  problems: Readonly<Record<string, FieldProblem>>;
  /** A posted form the payment provider could not take (it did not answer): nothing was charged. */
  providerDidNotAnswer?: boolean;
}

/** What an input is: its type and the autofill hint browsers and password managers read. */
const inputKinds: Record<
  string,
  { type?: string; autocomplete: string; inputmode?: string; maxlength?: number }
> = {
  name: { autocomplete: 'name' },
  email: { type: 'email', autocomplete: 'email' },
  phone: { type: 'tel', autocomplete: 'tel' },
  cpf: { autocomplete: 'off' },
  responsibleDocument: { autocomplete: 'off' },
  'boletoAddress[zipCode]': { autocomplete: 'postal-code', inputmode: 'numeric' },
  'boletoAddress[address]': { autocomplete: 'address-line1' },
  'boletoAddress[number]': { autocomplete: 'off' },
  'boletoAddress[complement]': { autocomplete: 'address-line2' },
  'boletoAddress[district]': { autocomplete: 'address-level3' },
  'boletoAddress[city]': { autocomplete: 'address-level2' },
  'boletoAddress[uf]': { autocomplete: 'address-level1', maxlength: 2 },
};

/** `f-cpf`, `f-zipCode`: an input's id (the form's field names are unique without their group). */
export const inputIdOf = (name: string) => `f-${name.replace(/^\w+\[(\w+)\]$/, '$1')}`;
const isAddress = (name: string) => name.startsWith('boletoAddress[');

/** A field as every method of the session that has it needs it. */
interface UnionField {
  name: string;
  /** The methods that ask for it (all of them: the attribute is left out). */
  methods: string[];
  /** The methods for which it may stay empty. */
  optionalIn: string[];
}

function unionOfFields(methods: readonly CheckoutMethodChoice[]): UnionField[] {
  const fields = new Map<string, UnionField>();
  for (const method of methods)
    for (const field of method.fields) {
      const entry = fields.get(field.name) ?? { name: field.name, methods: [], optionalIn: [] };
      entry.methods.push(method.code);
      if (!field.required) entry.optionalIn.push(method.code);
      fields.set(field.name, entry);
    }
  return [...fields.values()];
}

function methodsAttribute(field: Pick<UnionField, 'methods'>, all: readonly CheckoutMethodChoice[]): string {
  return field.methods.length === all.length ? '' : ` data-methods="${escapeHtml(field.methods.join(' '))}"`;
}

function fieldHtml(
  field: UnionField,
  model: CheckoutFormModel,
  copy: CheckoutFormCopy,
  /** The field sits in a group shown for the same methods. */
  grouped = false,
): string {
  const words = fieldCopy(copy, field.name);
  const kind = inputKinds[field.name] ?? { autocomplete: 'off' };
  const id = inputIdOf(field.name);
  const problem = model.problems[field.name];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const optional = field.optionalIn.length
    ? ` <span class="optional" data-optional-in="${escapeHtml(field.optionalIn.join(' '))}"${field.optionalIn.includes(model.chosen) ? '' : ' hidden'}>${escapeHtml(copy.optional)}</span>`
    : '';
  const attributes = [
    `id="${id}"`,
    `name="${escapeHtml(field.name)}"`,
    `type="${kind.type ?? 'text'}"`,
    `autocomplete="${kind.autocomplete}"`,
    kind.inputmode ? `inputmode="${kind.inputmode}"` : '',
    kind.maxlength ? `maxlength="${kind.maxlength}"` : '',
    model.values[field.name] ? `value="${escapeHtml(model.values[field.name]!)}"` : '',
    `aria-describedby="${words.hint ? `${hintId} ` : ''}${errorId}"`,
    problem ? 'aria-invalid="true"' : '',
  ].filter(Boolean);
  return `<div class="field"${grouped ? '' : methodsAttribute(field, model.methods)}>
<label class="field-label" for="${id}">${escapeHtml(words.label)}${optional}</label>
<input class="input" ${attributes.join(' ')}>
${words.hint ? `<p class="field-hint" id="${hintId}">${escapeHtml(words.hint)}</p>` : ''}<p class="field-error" id="${errorId}">${problem ? escapeHtml(words.messages[problem]) : ''}</p>
</div>`;
}

function methodChoice(model: CheckoutFormModel, copy: CheckoutFormCopy): string {
  const options = model.methods
    .map(
      (method) =>
        `<label class="method-option"><input type="radio" name="paymentMethod" value="${escapeHtml(method.code)}"${method.code === model.chosen ? ' checked' : ''}><span>${escapeHtml(method.name)}</span></label>`,
    )
    .join('\n');
  // Pix Automático asks one thing more of the payer than the others: an authorization, once.
  const debit = model.methods.find((method) => isRecurringDebit(method.code));
  const note = debit
    ? `\n<p class="field-hint" data-testid="recurring-debit-note" data-methods="${escapeHtml(debit.code)}"${model.chosen === debit.code ? '' : ' hidden'}>${escapeHtml(copy.recurringDebitNote)}</p>`
    : '';
  return `<fieldset class="methods"><legend class="field-label">${escapeHtml(copy.chooseMethod)}</legend>\n${options}${note}\n</fieldset>`;
}

/** What the script needs besides the markup: each method's schema inputs and the messages. */
function scriptConfig(
  model: CheckoutFormModel,
  copy: CheckoutFormCopy,
  fields: readonly UnionField[],
): string {
  const config = {
    currency: model.currency,
    methods: Object.fromEntries(
      model.methods.map((method) => [method.code, { request: method.request, amount: method.amount }]),
    ),
    currencyMethods: model.currencyMethods,
    messages: Object.fromEntries(fields.map((field) => [field.name, fieldCopy(copy, field.name).messages])),
  };
  // Inside <script>, "<" could close the element: JSON allows it escaped.
  return JSON.stringify(config).replace(/</g, '\\u003c');
}

function backLink(url: string | null, copy: CheckoutFormCopy, testId: string): string {
  const href = storeLink(url);
  return href
    ? `<p class="back"><a href="${escapeHtml(href)}" data-testid="${testId}">${escapeHtml(copy.backToStore)}</a></p>`
    : '';
}

function saleCard(model: CheckoutFormModel, copy: CheckoutFormCopy, image: string | null): string {
  const amount = formatMoney(model.amountCents, model.currency);
  return `<section class="card summary" aria-labelledby="product-name">
${image ? `<img class="product-image" src="${escapeHtml(image)}" alt="" data-testid="product-image">` : ''}
<h1 id="product-name" data-testid="product-name">${escapeHtml(model.productName)}</h1>
${model.productDescription ? `<p class="muted" data-testid="product-description">${escapeHtml(model.productDescription)}</p>` : ''}
${model.offerName ? `<p class="label">${escapeHtml(copy.offer)}</p><p class="offer-name" data-testid="offer-name">${escapeHtml(model.offerName)}</p>` : ''}
<p class="amount" data-testid="amount">${escapeHtml(model.billingCycle ? copy.pricePer(amount, model.billingCycle) : amount)}</p>
${model.billingCycle ? `<p class="muted" data-testid="recurrence">${escapeHtml(copy.recurrence)}</p>` : ''}
${backLink(model.cancelUrl, copy, 'cancel-link')}
</section>`;
}

export function renderCheckoutForm(
  model: CheckoutFormModel,
  options: { lang?: PageLang } = {},
): RenderedPage {
  const lang = options.lang ?? langForCurrency(model.currency);
  const copy = checkoutFormCopy(lang);
  const image = imageOf(model.imageUrl)?.href ?? null;
  const fields = unionOfFields(model.methods);
  const problemCount = Object.keys(model.problems).length;
  const contact = fields.filter((field) => !isAddress(field.name));
  const address = fields.filter((field) => isAddress(field.name));
  const addressBlock = address.length
    ? `<fieldset class="group"${methodsAttribute({ methods: address[0]!.methods }, model.methods)}><legend class="group-title">${escapeHtml(copy.address)}</legend>
${address.map((field) => fieldHtml(field, model, copy, true)).join('\n')}
</fieldset>`
    : '';
  const action = model.actionUrl;
  const form = `<section class="card" aria-labelledby="form-title">
<h2 id="form-title">${escapeHtml(copy.title)}</h2>
${problemCount ? notice('bad', copy.fixFields(problemCount), 'form-problems') : ''}
${model.providerDidNotAnswer ? notice('bad', copy.providerDidNotAnswer, 'provider-did-not-answer') : ''}
<form method="post" action="${escapeHtml(action)}" novalidate data-checkout-form>
${methodChoice(model, copy)}
<fieldset class="group"><legend class="group-title">${escapeHtml(copy.yourDetails)}</legend>
${contact.map((field) => fieldHtml(field, model, copy)).join('\n')}
</fieldset>
${addressBlock}
<button type="submit" class="btn btn-primary" data-testid="submit">${escapeHtml(copy.submit(formatMoney(model.amountCents, model.currency)))}</button>
</form>
<script type="application/json" id="checkout-config">${scriptConfig(model, copy, fields)}</script>
</section>`;
  return renderPage({
    lang,
    title: `${copy.title}: ${model.productName}`,
    merchantName: model.merchantName,
    brand: model.brand,
    sandbox: model.sandbox,
    script: true,
    scriptSource: checkoutFormScripts[model.currency],
    formOnly: true,
    imageUrls: image ? [image] : [],
    main: `<div class="layout two">\n${saleCard(model, copy, image)}\n${form}\n</div>`,
  });
}

/** A page with nothing to fill in: an expired session (410) or a link that sells nothing now (410). */
export function renderCheckoutClosed(
  kind: 'expired' | 'unavailable',
  context: {
    currency: PurchaseCurrency;
    merchantName: string | null;
    brand: PageBrand | null;
    sandbox: boolean;
    backUrl?: string | null;
  },
): RenderedPage {
  const lang = langForCurrency(context.currency);
  const copy = checkoutFormCopy(lang);
  const title = kind === 'expired' ? copy.expiredTitle : copy.unavailableTitle;
  const body = kind === 'expired' ? copy.expiredBody : copy.unavailableBody;
  return renderPage({
    lang,
    title,
    merchantName: context.merchantName,
    brand: context.brand,
    sandbox: context.sandbox,
    script: false,
    main: `<div class="layout one"><section class="card hero">
${icons.bad}
<h1 data-testid="status" data-status="${kind === 'expired' ? 'EXPIRED' : 'UNAVAILABLE'}">${escapeHtml(title)}</h1>
<p class="muted">${escapeHtml(body)}</p>
${backLink(context.backUrl ?? null, copy, 'back-to-store')}
</section></div>`,
  });
}
