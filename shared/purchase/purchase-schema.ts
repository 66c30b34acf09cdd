// Validation of POST /transactions/v2/purchase bodies. The currency (then the payment method)
// selects the variant first, so that a wrong rail gets one precise message instead of a list
// of fields that belong to another variant; then the variant's strict schema names every
// failing field at once.
import * as v from 'valibot';
import { badRequest } from '../errors.ts';
import { parseOrThrow } from '../http/validation.ts';
import {
  checkEmail,
  checkedString,
  checkPostbackUrl,
  freeText,
  identifier,
  optionalField,
  optionalFreeText,
} from '../validation/fields.ts';
import { amountSchema } from './amounts.ts';
import { type BrazilianUf, parseUf, parseZipCode } from './brazil.ts';
import {
  type CopMethod,
  copMethods,
  defaultMethod,
  isMethodOf,
  isPurchaseCurrency,
  methodsByCurrency,
  type PurchaseCurrency,
  type PurchaseMethod,
  purchaseCurrencies,
  unsupportedBrlMethods,
} from './currencies.ts';
import {
  type BolivianDocumentType,
  type BrazilianDocumentType,
  type ColombianDocumentType,
  parseBolivianDocument,
  parseBrazilianDocument,
  parseColombianDocument,
} from './documents.ts';
import { checkDueDate, defaultDueDate, todayInSaoPaulo } from './due-date.ts';
import { parseBoletoPhone, parseE164Phone } from './phone.ts';

// ---------------------------------------------------------------- result types

interface PurchaseCommon {
  /** Trimmed, 1–255 characters. */
  readonly name: string;
  /** Trimmed. */
  readonly email: string;
  /** BRL: 8–12 digits. COP/BOB: `+` and 8–15 digits (E.164). */
  readonly phone: string;
  /** Integer cents, inside the currency's range. */
  readonly amount: number;
  /** Trimmed, 1–255 characters. */
  readonly description: string;
  /** Normalised document number (see documents.ts). */
  readonly responsibleDocument: string;
  /** As sent, 1–255 characters. */
  readonly responsibleExternalId: string;
  /** As sent, 1–255 characters; null when absent. */
  readonly externalId: string | null;
  /** Absolute http(s) URL as sent (trimmed); null when absent (the account's global URL applies). */
  readonly postbackUrl: string | null;
}

export interface BoletoAddress {
  readonly address: string;
  readonly number: string | null;
  readonly complement: string | null;
  readonly district: string;
  readonly city: string;
  /** 8 digits. */
  readonly zipCode: string;
  readonly uf: BrazilianUf;
}

export interface BoletoPurchaseRequest extends PurchaseCommon {
  readonly currency: 'BRL';
  readonly method: 'BOLETO';
  /** The payer's CPF (11 digits) or CNPJ (14 characters, upper-case). */
  readonly cpf: string;
  readonly cpfType: BrazilianDocumentType;
  readonly responsibleDocumentType: BrazilianDocumentType;
  /** YYYY-MM-DD, a São Paulo calendar day: as sent, or today + 3 days. */
  readonly dueDate: string;
  readonly boletoAddress: BoletoAddress;
}

export interface CopPurchaseRequest extends PurchaseCommon {
  readonly currency: 'COP';
  readonly method: CopMethod;
  readonly responsibleDocumentTypes: readonly ColombianDocumentType[];
}

export interface BobPurchaseRequest extends PurchaseCommon {
  readonly currency: 'BOB';
  readonly method: 'QR';
  readonly responsibleDocumentTypes: readonly BolivianDocumentType[];
}

export type PurchaseRequest = BoletoPurchaseRequest | CopPurchaseRequest | BobPurchaseRequest;

// ---------------------------------------------------------------- variant selection
// Messages avoid "; ": it separates the fields in a validation message.

export interface PurchaseVariant {
  readonly currency: PurchaseCurrency;
  readonly method: PurchaseMethod;
}

const invalid = (message: string) => badRequest('validation', message);

function selectCurrency(raw: unknown): PurchaseCurrency {
  if (raw === undefined || raw === null) return 'BRL';
  if (isPurchaseCurrency(raw)) return raw;
  const allowed = `${purchaseCurrencies.slice(0, -1).join(', ')} or ${purchaseCurrencies.at(-1)}`;
  if (typeof raw === 'string' && isPurchaseCurrency(raw.trim().toUpperCase()))
    throw invalid(`currency: must be one of ${allowed}, in upper case`);
  // Only a currency-code-shaped value is repeated back; anything else could be arbitrary input.
  if (typeof raw === 'string' && /^[A-Z]{3}$/.test(raw))
    throw invalid(`currency: ${raw} is not supported (use ${allowed})`);
  throw invalid(`currency: must be one of ${allowed}`);
}

/** The rail a body asks for, or a 400 naming `currency` or `paymentMethod`. */
export function selectVariant(body: Readonly<Record<string, unknown>>): PurchaseVariant {
  const currency = selectCurrency(body.currency);
  const raw = body.paymentMethod;
  if (raw === undefined || raw === null) {
    const fallback = defaultMethod[currency];
    if (fallback === null)
      throw invalid(
        `paymentMethod: is required for ${currency} (use ${methodsByCurrency[currency].join(' or ')})`,
      );
    return { currency, method: fallback };
  }
  if (isMethodOf(currency, raw)) return { currency, method: raw };
  const allowed = methodsByCurrency[currency].join(', ');
  if (currency === 'BRL' && (unsupportedBrlMethods as readonly unknown[]).includes(raw)) {
    throw invalid(`paymentMethod: ${String(raw)} is not supported by this service (use BOLETO)`);
  }
  throw invalid(
    methodsByCurrency[currency].length === 1
      ? `paymentMethod: must be ${allowed} for ${currency}`
      : `paymentMethod: must be one of ${allowed} for ${currency}`,
  );
}

// ---------------------------------------------------------------- schemas

const name = freeText(255);
const email = checkedString(checkEmail);
const description = freeText(255);
const responsibleExternalId = identifier(255);
const externalId = optionalField(identifier(255));
const postbackUrl = optionalField(checkedString(checkPostbackUrl));

const brazilianDocument = checkedString(parseBrazilianDocument);

const boletoAddress = v.strictObject(
  {
    address: freeText(255),
    number: optionalFreeText(255),
    complement: optionalFreeText(255),
    district: freeText(255),
    city: freeText(255),
    zipCode: checkedString(parseZipCode),
    uf: checkedString(parseUf),
  },
  'must be an object with address, district, city, zipCode and uf',
);

const bodyMessage = 'must be a JSON object';

function boletoSchema(now: Date) {
  return v.strictObject(
    {
      currency: v.nullish(v.literal('BRL')),
      paymentMethod: v.literal('BOLETO'),
      name,
      email,
      phone: checkedString(parseBoletoPhone),
      amount: amountSchema('BRL'),
      description,
      cpf: brazilianDocument,
      responsibleDocument: brazilianDocument,
      responsibleExternalId,
      externalId,
      postbackUrl,
      dueDate: optionalField(checkedString((input) => checkDueDate(input, now))),
      boletoAddress,
    },
    bodyMessage,
  );
}

const copSchema = v.strictObject(
  {
    currency: v.literal('COP'),
    paymentMethod: v.nullish(v.picklist(copMethods)),
    name,
    email,
    phone: checkedString(parseE164Phone),
    amount: amountSchema('COP'),
    description,
    responsibleDocument: checkedString(parseColombianDocument),
    responsibleExternalId,
    externalId,
    postbackUrl,
    // The contract lists cpf as "not used" for COP: accepted and ignored, whatever it holds.
    cpf: v.optional(v.unknown()),
  },
  bodyMessage,
);

const bobSchema = v.strictObject(
  {
    currency: v.literal('BOB'),
    paymentMethod: v.nullish(v.literal('QR')),
    name,
    email,
    phone: checkedString(parseE164Phone),
    amount: amountSchema('BOB'),
    description,
    responsibleDocument: checkedString(parseBolivianDocument),
    responsibleExternalId,
    externalId,
    postbackUrl,
    cpf: v.optional(v.unknown()),
  },
  bodyMessage,
);

// The boleto schema depends on "today" only (the due-date bounds); keep the last one built.
let boletoCache: { today: string; schema: ReturnType<typeof boletoSchema> } | undefined;
function boletoSchemaFor(now: Date) {
  const today = todayInSaoPaulo(now);
  if (boletoCache?.today !== today) boletoCache = { today, schema: boletoSchema(now) };
  return boletoCache.schema;
}

// ---------------------------------------------------------------- entry point

interface ParsedCommon {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly amount: number;
  readonly description: string;
  readonly responsibleExternalId: string;
  readonly externalId?: string | null | undefined;
  readonly postbackUrl?: string | null | undefined;
}

function commonFields(parsed: ParsedCommon, responsibleDocument: string): PurchaseCommon {
  return {
    name: parsed.name,
    email: parsed.email,
    phone: parsed.phone,
    amount: parsed.amount,
    description: parsed.description,
    responsibleDocument,
    responsibleExternalId: parsed.responsibleExternalId,
    externalId: parsed.externalId ?? null,
    postbackUrl: parsed.postbackUrl ?? null,
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Validates and normalises a purchase body. Throws AppError 400 (code `validation`) whose
 * message names every failing field (`field: rule; other.field: rule`), never a document number.
 * `now` fixes "today" for the boleto due date (São Paulo calendar).
 */
export function parsePurchaseRequest(body: unknown, now: Date): PurchaseRequest {
  if (!isPlainObject(body)) throw invalid(`body: ${bodyMessage}`);
  const variant = selectVariant(body);

  switch (variant.currency) {
    case 'BRL': {
      const parsed = parseOrThrow(boletoSchemaFor(now), body);
      const address = parsed.boletoAddress;
      return {
        currency: 'BRL',
        method: 'BOLETO',
        ...commonFields(parsed, parsed.responsibleDocument.number),
        cpf: parsed.cpf.number,
        cpfType: parsed.cpf.type,
        responsibleDocumentType: parsed.responsibleDocument.type,
        dueDate: parsed.dueDate ?? defaultDueDate(now),
        boletoAddress: {
          address: address.address,
          number: address.number ?? null,
          complement: address.complement ?? null,
          district: address.district,
          city: address.city,
          zipCode: address.zipCode,
          uf: address.uf,
        },
      };
    }
    case 'COP': {
      const parsed = parseOrThrow(copSchema, body);
      return {
        currency: 'COP',
        method: variant.method as CopMethod,
        ...commonFields(parsed, parsed.responsibleDocument.number),
        responsibleDocumentTypes: parsed.responsibleDocument.types,
      };
    }
    case 'BOB': {
      const parsed = parseOrThrow(bobSchema, body);
      return {
        currency: 'BOB',
        method: 'QR',
        ...commonFields(parsed, parsed.responsibleDocument.number),
        responsibleDocumentTypes: parsed.responsibleDocument.types,
      };
    }
  }
}
