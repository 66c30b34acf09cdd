// The one catalogue of payment methods, as shared/routes.ts is for routes: a row per
// (currency, method) with everything that differs between methods. Every list of methods (the
// request picklists, the API's enums, the dashboard's filter, the tests' loops) and every name a
// person reads is derived from these rows; no other file spells a list of method codes
// (test/unit/method-lists.test.ts). Adding a method is a row here, plus, when no existing one
// fits, its request variant (shared/purchase/requests/), its checkout body
// (shared/hosted-pages/render/checkout-page.ts) or its rail adapter (shared/rails/). Rows name
// those pieces rather than import them, so this module is data only (the dashboard bundles it).
import type { AmountRange } from './purchase/amounts.ts';
import type { FeeRule } from './purchase/fees.ts';
import type { VariantContext } from './purchase/purchase-request.ts';
import type { PaymentReport } from './rails/rail-port.ts';

export const purchaseCurrencies = ['BRL', 'COP', 'BOB'] as const;
export type PurchaseCurrency = (typeof purchaseCurrencies)[number];

/**
 * Rails a transaction can be on: the sandbox (every row has one), the real ones, and Pix
 * Automático's debits (a subscription cycle's charge only: no row names it).
 */
export type RailName = 'sandbox' | 'api-pix' | 'pix-automatico';
/** What the payer is handed: a boleto slip, a link to a checkout, or a QR payload. */
export type InstructionKind = 'BOLETO' | 'REDIRECT' | 'QR';

/**
 * What a COP checkout page shows and asks of the payer before Pay; each has one body in
 * shared/hosted-pages/render/checkout-page.ts and one pay-form check in
 * shared/hosted-pages/pay-from-hosted-page.ts (both typed by this union, so `tsc` names a
 * missing one). A new method that works like an existing one reuses its body.
 */
export type CheckoutBody =
  /** Choose a bank from the PSE list, then Pay (the form posts `bank`). */
  | 'bank-choice'
  /** A payment request pushed to a wallet app on the payer's phone, which they confirm (`confirmPhone`). */
  | 'wallet-request'
  /** A key (llave) and a QR the payer sends to from any bank app. */
  | 'key-and-qr'
  /** An account and a reference the payer transfers to. */
  | 'bank-account';

/** The hosted payer page, `/pay/<kind>/<token>`, and which field of the API object links it. */
export type HostedPageSpec =
  | { readonly kind: 'boleto'; readonly linkedAs: 'boletoUrl' }
  | { readonly kind: 'pix'; readonly linkedAs: 'redirectUrl' }
  /** Not linked by the contract: the merchant shows the `qr` itself. */
  | { readonly kind: 'qr'; readonly linkedAs: null }
  | { readonly kind: 'checkout'; readonly linkedAs: 'redirectUrl'; readonly body: CheckoutBody };
export type HostedPageKind = HostedPageSpec['kind'];

/**
 * A purchase body variant: its schema and parser in shared/purchase/requests/, published under
 * this name by GET /openapi.json (shared/purchase/purchase-schema.ts maps each name to its code).
 * Rows of a currency whose bodies carry the same fields share one.
 */
export type PurchaseVariantName = 'BoletoPurchase' | 'PixPurchase' | 'CopPurchase' | 'BobPurchase';

/** The languages the service writes in for payers and merchants (a locale such as es-CO reads `es`). */
export type Language = 'en' | 'pt' | 'es';
export type MethodNames = Readonly<Record<Language, string>>;

export type ChargeExpiry =
  /**
   * Payable until the end of its due day in São Paulo (the request's dueDate), or of the next
   * business day when the banks are closed on it (shared/calendars/business-days.ts).
   */
  | { readonly kind: 'end-of-due-day' }
  /** A fixed time after the charge is created. */
  | { readonly kind: 'after'; readonly seconds: number }
  /** The request's `expiresIn` (with its own default), counted from the charge's creation. */
  | { readonly kind: 'expires-in' };

export interface PaymentMethodRow {
  readonly currency: PurchaseCurrency;
  readonly method: string;
  /**
   * The name payers and merchants read, per language: hosted pages, the dashboard, the API
   * reference's examples (and e-mails, when there are some). Read it with `methodName`.
   */
  readonly names: MethodNames;
  /** What sort of method it is, in English, beside its name in the API reference (e.g. `wallet`). */
  readonly note?: string;
  /** The method a body of this currency gets when it names none (at most one per currency). */
  readonly isDefault: boolean;
  /** The request body's variant (its schema and parser). */
  readonly request: PurchaseVariantName;
  /** Cents of the currency, inclusive. */
  readonly amount: AmountRange;
  /** Default costFee; accounts may override it by `currency:method`. */
  readonly fee: FeeRule;
  readonly instruction: InstructionKind;
  readonly page: HostedPageSpec;
  readonly expiry: ChargeExpiry;
  /**
   * The real rail that serves the row on a stage that configures it; elsewhere the sandbox rail
   * serves it where the stage runs sandbox rails, and nothing does otherwise (purchase → 422).
   */
  readonly liveRail: Exclude<RailName, 'sandbox' | 'pix-automatico'> | null;
  /**
   * How the row's sandbox rail reports payments, as the real rail does: every sandbox rail lists
   * its payments (the sandbox statement); those whose real rail confirms each payment at once
   * (PSE, Nequi, Bre-B, QR, Pix) also push a notification when the payer pays.
   */
  readonly sandboxReports: readonly PaymentReport[];
  /**
   * Days after the payment within which a refund is taken (POST /transactions/{id}/refunds);
   * after it → 422 naming the window. Pix: the 90 days of the Pix rules for a devolução.
   */
  readonly refundWindowDays: number;
  /** A subscription may charge each cycle anew with this method (a new charge per cycle). */
  readonly chargesCycles?: boolean;
}

const day = 86_400;
const copAmount: AmountRange = { min: 1_000_000, max: 1_000_000_000 };
/** What every COP row shares: the body, the amounts, a checkout page (its body per method), 24 h. */
const cop = <const M extends string, const B extends CheckoutBody>(method: M, body: B) => ({
  currency: 'COP' as const,
  method,
  request: 'CopPurchase' as const,
  amount: copAmount,
  instruction: 'REDIRECT' as const,
  page: { kind: 'checkout' as const, linkedAs: 'redirectUrl' as const, body },
  expiry: { kind: 'after' as const, seconds: day },
  liveRail: null,
  sandboxReports: ['push', 'listing'] as const,
  refundWindowDays: 180,
});

export const paymentMethods = [
  {
    currency: 'BRL',
    method: 'BOLETO',
    names: { en: 'Boleto', pt: 'Boleto', es: 'Boleto' },
    isDefault: false,
    request: 'BoletoPurchase',
    // The boleto value field holds ten digits of cents.
    amount: { min: 500, max: 9_999_999_999 },
    fee: { fixed: 350, percentBasisPoints: 0 }, // R$ 3.50 per paid boleto
    instruction: 'BOLETO',
    page: { kind: 'boleto', linkedAs: 'boletoUrl' },
    expiry: { kind: 'end-of-due-day' },
    liveRail: null,
    // Banks tell of boleto payments only in their return files (a batch a day or more later).
    sandboxReports: ['listing'],
    refundWindowDays: 180,
    chargesCycles: true,
  },
  {
    currency: 'BRL',
    method: 'PIX',
    names: { en: 'Pix', pt: 'Pix', es: 'Pix' },
    isDefault: false,
    request: 'PixPurchase',
    // Pix moves any amount from R$ 0.01; BR Code tag 54 and API Pix's valor.original hold up to
    // ten integer digits, and R$ 99,999,999.99 keeps the same ceiling as the boleto.
    amount: { min: 1, max: 9_999_999_999 },
    fee: { fixed: 0, percentBasisPoints: 99 }, // 0.99 %, the usual PSP price for dynamic Pix
    instruction: 'QR',
    page: { kind: 'pix', linkedAs: 'redirectUrl' },
    expiry: { kind: 'expires-in' },
    liveRail: 'api-pix',
    sandboxReports: ['push', 'listing'],
    refundWindowDays: 90,
    chargesCycles: true,
  },
  {
    ...cop('BANK_TRANSFER', 'bank-account'),
    names: { en: 'Bank transfer', pt: 'Transferência bancária', es: 'Transferencia bancaria' },
    isDefault: true,
    fee: { fixed: 0, percentBasisPoints: 99 },
  },
  {
    ...cop('PSE', 'bank-choice'),
    names: { en: 'PSE', pt: 'PSE', es: 'PSE' },
    note: 'online debit',
    isDefault: false,
    fee: { fixed: 90_000, percentBasisPoints: 149 }, // COP 900 + 1.49 %
  },
  {
    ...cop('NEQUI', 'wallet-request'),
    names: { en: 'Nequi', pt: 'Nequi', es: 'Nequi' },
    note: 'wallet',
    isDefault: false,
    fee: { fixed: 0, percentBasisPoints: 199 },
  },
  {
    ...cop('BREB', 'key-and-qr'),
    names: { en: 'Bre-B', pt: 'Bre-B', es: 'Bre-B' },
    note: 'instant',
    isDefault: false,
    fee: { fixed: 0, percentBasisPoints: 49 }, // 0.49 %, the central bank's instant rail
  },
  {
    currency: 'BOB',
    method: 'QR',
    names: { en: 'QR', pt: 'QR', es: 'QR' },
    isDefault: true,
    request: 'BobPurchase',
    amount: { min: 1_000, max: 1_000_000 },
    fee: { fixed: 0, percentBasisPoints: 150 }, // 1.50 %
    instruction: 'QR',
    page: { kind: 'qr', linkedAs: null },
    expiry: { kind: 'after', seconds: day },
    liveRail: null,
    sandboxReports: ['push', 'listing'],
    refundWindowDays: 90,
  },
] as const satisfies readonly PaymentMethodRow[];

type Row = (typeof paymentMethods)[number];
export type PurchaseMethod = Row['method'];
/** The methods of one currency, e.g. `MethodOf<'COP'>`. */
export type MethodOf<C extends PurchaseCurrency> = Extract<Row, { currency: C }>['method'];
/** The methods whose payer page is the COP checkout (each shows its row's `page.body`). */
export type CheckoutMethod = Extract<Row, { page: { kind: 'checkout' } }>['method'];

/** Every method of the catalogue, once (for filters and response schemas). */
export const purchaseMethods: readonly PurchaseMethod[] = [
  ...new Set(paymentMethods.map((row) => row.method)),
];
/**
 * Pix Automático: the payer authorizes a recurrence once in their bank app and each cycle is
 * debited. A subscription method only: no purchase row, no hosted page of its own.
 */
export const recurringDebitMethod = 'PIX_AUTOMATICO';
/**
 * Each Pix Automático debit is a Pix of this row: its transactions, amounts, refunds and the
 * payer fields a checkout asks for (less the phone: the recurrence names no phone).
 */
export const recurringDebitRowMethod = 'PIX' satisfies PurchaseMethod;
export const isRecurringDebit = (method: string): boolean => method === recurringDebitMethod;
/** The row whose charges a sale method makes: its own, or for Pix Automático its debits' Pix row. */
export const rowMethodOf = (method: string): string =>
  isRecurringDebit(method) ? recurringDebitRowMethod : method;
/** Pix Automático's name as payers and merchants read it (a brand: the same in every language). */
const recurringDebitNames: MethodNames = {
  en: 'Pix Automático',
  pt: 'Pix Automático',
  es: 'Pix Automático',
};
/** The rows a subscription may charge each cycle anew with (a new charge per cycle). */
export type CycleChargeMethod = Extract<Row, { chargesCycles: true }>['method'];
export type SubscriptionMethod = typeof recurringDebitMethod | CycleChargeMethod;
/** What a subscription's `paymentMethod` may be: Pix Automático, then the rows that charge cycles. */
export const subscriptionMethods: readonly SubscriptionMethod[] = [
  recurringDebitMethod,
  ...paymentMethods.flatMap((row) =>
    'chargesCycles' in row && row.chargesCycles ? [row.method as CycleChargeMethod] : [],
  ),
];

/**
 * What a checkout session or payment link may offer: the rows' methods and, for a recurring BRL
 * offer on a stage with a Pix Automático PSP, Pix Automático (its sale is a subscription).
 */
export type SaleMethod = PurchaseMethod | typeof recurringDebitMethod;
export const saleMethodCodes: readonly SaleMethod[] = [recurringDebitMethod, ...purchaseMethods];

type KeyOf<R> = R extends { currency: infer C extends string; method: infer M extends string }
  ? `${C}:${M}`
  : never;
/** `currency:method`, e.g. `BRL:PIX`: how fee overrides and logs name a row. */
export type MethodKey = KeyOf<Row>;

export const methodKey = (row: Pick<PaymentMethodRow, 'currency' | 'method'>) =>
  `${row.currency}:${row.method}` as MethodKey;

const byKey = new Map<string, PaymentMethodRow>(paymentMethods.map((row) => [methodKey(row), row]));

export function isPurchaseCurrency(value: unknown): value is PurchaseCurrency {
  return typeof value === 'string' && (purchaseCurrencies as readonly string[]).includes(value);
}

/** The row of a currency and method, or undefined when the catalogue has none. */
export function findMethod(currency: string, method: unknown): PaymentMethodRow | undefined {
  return typeof method === 'string' ? byKey.get(`${currency}:${method}`) : undefined;
}

/** The row of a stored transaction: it was created from one, so a missing row is a bug. */
export function methodOf(transaction: { currency: string; method: string }): PaymentMethodRow {
  const row = findMethod(transaction.currency, transaction.method);
  if (!row) throw new Error(`no payment method row ${transaction.currency}:${transaction.method}`);
  return row;
}

export function methodsOf(currency: PurchaseCurrency): readonly PaymentMethodRow[] {
  return paymentMethods.filter((row) => row.currency === currency);
}

export function defaultMethodOf(currency: PurchaseCurrency): PaymentMethodRow | undefined {
  return paymentMethods.find((row) => row.currency === currency && row.isDefault);
}

const codesByCurrency = new Map(
  purchaseCurrencies.map((currency) => [currency, methodsOf(currency).map((row) => row.method)]),
);

/** The method codes of a currency, in catalogue order (one array per currency for the process's life). */
export function methodCodesOf(currency: PurchaseCurrency): readonly string[] {
  return codesByCurrency.get(currency)!;
}

/** What a row's request variant is given besides the body. */
export function variantContext(row: PaymentMethodRow, now: Date): VariantContext {
  return { now, amount: row.amount, method: row.method, methods: methodCodesOf(row.currency) };
}

/** The row's name in a language or locale (`pt-BR` reads `pt`); English where it has no other. */
export function methodName(row: Pick<PaymentMethodRow, 'names'>, locale: string): string {
  const language = locale.slice(0, 2);
  return language in row.names ? row.names[language as Language] : row.names.en;
}

/**
 * The name of a stored transaction's method (or a link's sale method, Pix Automático included),
 * or its code when the catalogue no longer has it.
 */
export function methodNameOf(transaction: { currency: string; method: string }, locale: string): string {
  if (isRecurringDebit(transaction.method)) return methodName({ names: recurringDebitNames }, locale);
  const row = findMethod(transaction.currency, transaction.method);
  return row ? methodName(row, locale) : transaction.method;
}
