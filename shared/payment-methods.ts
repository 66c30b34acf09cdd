// The one catalogue of payment methods, as shared/routes.ts is for routes: a row per
// (currency, method) with everything that differs between methods. Adding a method is a row
// here, its rail adapter (shared/rails/) and its hosted page (shared/hosted-pages/render/).
import type { AmountRange } from './purchase/amounts.ts';
import type { FeeRule } from './purchase/fees.ts';
import type { PurchaseRequest, VariantContext } from './purchase/purchase-request.ts';
import { parseBoletoRequest } from './purchase/requests/boleto-request.ts';
import { copRequestParser, parseBobRequest } from './purchase/requests/local-requests.ts';
import { parsePixRequest } from './purchase/requests/pix-request.ts';
import type { PaymentReport } from './rails/rail-port.ts';

export const purchaseCurrencies = ['BRL', 'COP', 'BOB'] as const;
export type PurchaseCurrency = (typeof purchaseCurrencies)[number];

/** Rails that can serve a row: the sandbox (every row has one) and the real ones. */
export type RailName = 'sandbox' | 'api-pix';
/** What the payer is handed: a boleto slip, a link to a checkout, or a QR payload. */
export type InstructionKind = 'BOLETO' | 'REDIRECT' | 'QR';
/** The hosted payer page, `/pay/<kind>/<token>`. */
export type HostedPageKind = 'boleto' | 'checkout' | 'qr' | 'pix';

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
  /** Name the payer and merchant read (pages, error messages). */
  readonly label: string;
  /** The method a body of this currency gets when it names none (at most one per currency). */
  readonly isDefault: boolean;
  /** Validates and normalises the body (400 naming each failing field). */
  readonly parse: (body: unknown, context: VariantContext) => PurchaseRequest;
  /** Cents of the currency, inclusive. */
  readonly amount: AmountRange;
  /** Default costFee; accounts may override it by `currency:method`. */
  readonly fee: FeeRule;
  readonly instruction: InstructionKind;
  readonly page: {
    readonly kind: HostedPageKind;
    /** Which field of the API object carries the page's URL (null: the merchant shows the `qr` itself). */
    readonly linkedAs: 'boletoUrl' | 'redirectUrl' | null;
  };
  readonly expiry: ChargeExpiry;
  /**
   * The real rail that serves the row on a stage that configures it; elsewhere the sandbox rail
   * serves it where the stage runs sandbox rails, and nothing does otherwise (purchase → 422).
   */
  readonly liveRail: Exclude<RailName, 'sandbox'> | null;
  /**
   * How the row's sandbox rail reports payments, as the real rail does: every sandbox rail lists
   * its payments (the sandbox statement); those whose real rail confirms each payment at once
   * (PSE, Nequi, Bre-B, QR, Pix) also push a notification when the payer pays.
   */
  readonly sandboxReports: readonly PaymentReport[];
}

const day = 86_400;
const copAmount: AmountRange = { min: 1_000_000, max: 1_000_000_000 };
const cop = (method: 'BANK_TRANSFER' | 'PSE' | 'NEQUI' | 'BREB') => ({
  currency: 'COP' as const,
  method,
  parse: copRequestParser(method),
  amount: copAmount,
  instruction: 'REDIRECT' as const,
  page: { kind: 'checkout' as const, linkedAs: 'redirectUrl' as const },
  expiry: { kind: 'after' as const, seconds: day },
  liveRail: null,
  sandboxReports: ['push', 'listing'] as const,
});

export const paymentMethods = [
  {
    currency: 'BRL',
    method: 'BOLETO',
    label: 'Boleto',
    isDefault: false,
    parse: parseBoletoRequest,
    // The boleto value field holds ten digits of cents.
    amount: { min: 500, max: 9_999_999_999 },
    fee: { fixed: 350, percentBasisPoints: 0 }, // R$ 3.50 per paid boleto
    instruction: 'BOLETO',
    page: { kind: 'boleto', linkedAs: 'boletoUrl' },
    expiry: { kind: 'end-of-due-day' },
    liveRail: null,
    // Banks tell of boleto payments only in their return files (a batch a day or more later).
    sandboxReports: ['listing'],
  },
  {
    currency: 'BRL',
    method: 'PIX',
    label: 'Pix',
    isDefault: false,
    parse: parsePixRequest,
    // Pix moves any amount from R$ 0.01; BR Code tag 54 and API Pix's valor.original hold up to
    // ten integer digits, and R$ 99,999,999.99 keeps the same ceiling as the boleto.
    amount: { min: 1, max: 9_999_999_999 },
    fee: { fixed: 0, percentBasisPoints: 99 }, // 0.99 %, the usual PSP price for dynamic Pix
    instruction: 'QR',
    page: { kind: 'pix', linkedAs: 'redirectUrl' },
    expiry: { kind: 'expires-in' },
    liveRail: 'api-pix',
    sandboxReports: ['push', 'listing'],
  },
  {
    ...cop('BANK_TRANSFER'),
    label: 'Transferencia bancaria',
    isDefault: true,
    fee: { fixed: 0, percentBasisPoints: 99 },
  },
  { ...cop('PSE'), label: 'PSE', isDefault: false, fee: { fixed: 90_000, percentBasisPoints: 149 } }, // COP 900 + 1.49 %
  { ...cop('NEQUI'), label: 'Nequi', isDefault: false, fee: { fixed: 0, percentBasisPoints: 199 } },
  // 0.49 %, the central bank's instant rail
  { ...cop('BREB'), label: 'Bre-B', isDefault: false, fee: { fixed: 0, percentBasisPoints: 49 } },
  {
    currency: 'BOB',
    method: 'QR',
    label: 'QR',
    isDefault: true,
    parse: parseBobRequest,
    amount: { min: 1_000, max: 1_000_000 },
    fee: { fixed: 0, percentBasisPoints: 150 }, // 1.50 %
    instruction: 'QR',
    page: { kind: 'qr', linkedAs: null },
    expiry: { kind: 'after', seconds: day },
    liveRail: null,
    sandboxReports: ['push', 'listing'],
  },
] as const satisfies readonly PaymentMethodRow[];

type Row = (typeof paymentMethods)[number];
export type PurchaseMethod = Row['method'];

/** Every method of the catalogue, once (for filters and response schemas). */
export const purchaseMethods: readonly PurchaseMethod[] = [
  ...new Set(paymentMethods.map((row) => row.method)),
];
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
