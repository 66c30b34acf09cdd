// Validation of POST /transactions/v2/purchase bodies. The currency (then the payment method)
// selects the catalogue row first, so that a wrong rail gets one precise message instead of a
// list of fields that belong to another variant; then the row's strict schema names every
// failing field at once.
import type * as v from 'valibot';
import { badRequest } from '../errors.ts';
import {
  defaultMethodOf,
  findMethod,
  isPurchaseCurrency,
  methodCodesOf,
  type PaymentMethodRow,
  type PurchaseCurrency,
  type PurchaseVariantName,
  paymentMethods,
  purchaseCurrencies,
  variantContext,
} from '../payment-methods.ts';
import { bodyMessage, type PurchaseRequest, type PurchaseVariant } from './purchase-request.ts';
import { boletoPurchase } from './requests/boleto-request.ts';
import { bobPurchase, copPurchase } from './requests/local-requests.ts';
import { pixPurchase } from './requests/pix-request.ts';

export type {
  BobPurchaseRequest,
  BoletoAddress,
  BoletoPurchaseRequest,
  CopPurchaseRequest,
  PixPurchaseRequest,
  PurchaseRequest,
} from './purchase-request.ts';

/** The code of each variant a catalogue row may name (`request`). */
const purchaseVariantOf: Record<PurchaseVariantName, PurchaseVariant> = {
  BoletoPurchase: boletoPurchase,
  PixPurchase: pixPurchase,
  CopPurchase: copPurchase,
  BobPurchase: bobPurchase,
};

/** Methods the contract names for BRL but no catalogue row offers. */
const unsupportedBrlMethods = ['CREDIT_CARD'];

// Messages avoid "; ": it separates the fields in a validation message.
const invalid = (message: string) => badRequest('validation', message);

function listed(words: readonly string[], last: string): string {
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;
}

function selectCurrency(raw: unknown): PurchaseCurrency {
  if (raw === undefined || raw === null) return 'BRL';
  if (isPurchaseCurrency(raw)) return raw;
  const allowed = listed(purchaseCurrencies, 'or');
  if (typeof raw === 'string' && isPurchaseCurrency(raw.trim().toUpperCase()))
    throw invalid(`currency: must be one of ${allowed}, in upper case`);
  // Only a currency-code-shaped value is repeated back; anything else could be arbitrary input.
  if (typeof raw === 'string' && /^[A-Z]{3}$/.test(raw))
    throw invalid(`currency: ${raw} is not supported (use ${allowed})`);
  throw invalid(`currency: must be one of ${allowed}`);
}

/** The catalogue row a body asks for, or a 400 naming `currency` or `paymentMethod`. */
export function selectVariant(body: Readonly<Record<string, unknown>>): PaymentMethodRow {
  const currency = selectCurrency(body.currency);
  const methods = methodCodesOf(currency);
  const raw = body.paymentMethod;
  if (raw === undefined || raw === null) {
    const fallback = defaultMethodOf(currency);
    if (!fallback) throw invalid(`paymentMethod: is required for ${currency} (use ${listed(methods, 'or')})`);
    return fallback;
  }
  const row = findMethod(currency, raw);
  if (row) return row;
  if (currency === 'BRL' && unsupportedBrlMethods.includes(raw as string))
    throw invalid(
      `paymentMethod: ${String(raw)} is not supported by this service (use ${listed(methods, 'or')})`,
    );
  throw invalid(
    methods.length === 1
      ? `paymentMethod: must be ${methods[0]} for ${currency}`
      : `paymentMethod: must be one of ${methods.join(', ')} for ${currency}`,
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The body schema of a catalogue row (a strict object: its entries are the body's fields). */
export function purchaseSchemaFor(row: PaymentMethodRow, now: Date): v.GenericSchema {
  return purchaseVariantOf[row.request].schema(variantContext(row, now));
}

/**
 * Validates and normalises a purchase body. Throws AppError 400 (code `validation`) whose
 * message names every failing field (`field: rule; other.field: rule`), never a document number.
 * `now` fixes "today" for the boleto due date (São Paulo calendar).
 */
export function parsePurchaseRequest(body: unknown, now: Date): PurchaseRequest {
  if (!isPlainObject(body)) throw invalid(`body: ${bodyMessage}`);
  const row = selectVariant(body);
  return purchaseVariantOf[row.request].parse(body, variantContext(row, now));
}

/**
 * Every purchase body schema, for the published API document: one per distinct variant of the
 * catalogue's rows (the COP methods share one), built for its first row. A currency with several
 * is told apart by `paymentMethod`.
 */
export function purchaseVariants(now: Date): ReadonlyArray<{
  name: PurchaseVariantName;
  currency: PurchaseCurrency;
  schema: v.GenericSchema;
}> {
  const firstRows = new Map<PurchaseVariantName, PaymentMethodRow>();
  for (const row of paymentMethods) if (!firstRows.has(row.request)) firstRows.set(row.request, row);
  return [...firstRows.values()].map((row) => ({
    name: row.request,
    currency: row.currency,
    schema: purchaseVariantOf[row.request].schema(variantContext(row, now)),
  }));
}
