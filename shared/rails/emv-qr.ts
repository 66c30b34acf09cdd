// EMVCo merchant-presented QR (EMV QRCPS-MPM) payloads: the TLV text behind a payment QR code
// and the Bolivian (BOB) payload the sandbox QR rail hands out.
//
// A payload is a flat run of fields `II LL V…`: a two-digit id, a two-digit length counted in
// characters, then the value. Ids 26–51 (merchant account information), 62 (additional data),
// 64 (merchant information in another language) and 80–99 (unreserved templates) are templates
// whose value is itself a run of such fields. Field 00 (payload format "01") comes first and
// field 63 (CRC-16/CCITT-FALSE over everything before its value, including "6304") comes last,
// so a wallet can reject a mis-scanned or tampered code before showing an amount.

import { crc16Hex } from './crc16.ts';

export interface EmvField {
  /** Two-digit id, e.g. '54'. */
  id: string;
  /** The raw value (for a template, its encoded sub-fields). */
  value: string;
  /** Sub-fields, in payload order, when `id` is a template. */
  children?: EmvField[];
}

export interface EmvPayload {
  /** Top-level fields in payload order, templates expanded in `children`. */
  fields: EmvField[];
  /** Flat lookup: '54' → '10.00'; sub-fields as 'parent.child', e.g. '62.05' → the reference label. */
  values: Record<string, string>;
}

/** A payload that breaks the rules; `position`, when known, is the character index where reading failed. */
export class EmvParseError extends Error {
  readonly position: number | undefined;
  constructor(message: string, position?: number) {
    super(position === undefined ? message : `${message} (at character ${position})`);
    this.name = 'EmvParseError';
    this.position = position;
  }
}

/** Whether a top-level id holds nested fields (26–51, 62, 64, 80–99 in EMV QRCPS-MPM). */
export function isEmvTemplateId(id: string): boolean {
  const n = Number(id);
  return (n >= 26 && n <= 51) || n === 62 || n === 64 || (n >= 80 && n <= 99);
}

/** Length in characters (code points), the unit EMV lengths count. */
function charLength(value: string): number {
  return Array.from(value).length;
}

/**
 * One TLV field: the two-digit id, the value's length in characters as two digits, the value.
 * EMV lengths run 01–99, so an empty or longer value is a RangeError that names the id.
 */
export function encodeTlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new RangeError(`emv id: must be 2 digits, got '${id}'`);
  const length = charLength(value);
  if (length < 1 || length > 99)
    throw new RangeError(`emv field ${id}: value must be 1 to 99 characters, got ${length}`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

function parseFields(chars: string[], start: number, end: number, parentId: string | null): EmvField[] {
  const fields: EmvField[] = [];
  const seen = new Set<string>();
  const where = parentId === null ? 'field' : `field ${parentId} sub-field`;
  let pos = start;
  while (pos < end) {
    if (end - pos < 4)
      throw new EmvParseError(
        `truncated ${where}: expected a 2-digit id and a 2-digit length, found '${chars.slice(pos, end).join('')}'`,
        pos,
      );
    const id = chars.slice(pos, pos + 2).join('');
    const lengthText = chars.slice(pos + 2, pos + 4).join('');
    if (!/^\d{2}$/.test(id)) throw new EmvParseError(`${where} id must be 2 digits, found '${id}'`, pos);
    if (!/^\d{2}$/.test(lengthText) || lengthText === '00')
      throw new EmvParseError(
        `${where} ${id}: length must be 2 digits from 01 to 99, found '${lengthText}'`,
        pos + 2,
      );
    const length = Number(lengthText);
    const valueStart = pos + 4;
    if (valueStart + length > end) {
      throw new EmvParseError(
        `truncated ${where} ${id}: declares ${length} characters but only ${end - valueStart} remain`,
        valueStart,
      );
    }
    if (seen.has(id)) throw new EmvParseError(`${where} ${id} appears twice`, pos);
    seen.add(id);
    const value = chars.slice(valueStart, valueStart + length).join('');
    const field: EmvField = { id, value };
    if (parentId === null && isEmvTemplateId(id))
      field.children = parseFields(chars, valueStart, valueStart + length, id);
    fields.push(field);
    pos = valueStart + length;
  }
  return fields;
}

/**
 * Parses a payload strictly: every id and length is two digits, every length fits in what is
 * left (so a truncated payload fails instead of yielding a shorter field), no id repeats at
 * the same level, templates parse completely, the payload starts with 00 = "01" and ends with
 * a four-hex-digit 63. The CRC value itself is checked by `verifyEmvCrc`, not here, so a caller
 * can tell a damaged code from a malformed one. Throws EmvParseError.
 */
export function parseEmv(payload: string): EmvPayload {
  if (typeof payload !== 'string' || payload.length === 0)
    throw new EmvParseError('payload must be a non-empty string', 0);
  const chars = Array.from(payload);
  const fields = parseFields(chars, 0, chars.length, null);
  const first = fields[0];
  if (first?.id !== '00' || first.value !== '01')
    throw new EmvParseError('payload must start with field 00 (payload format indicator) = "01"', 0);
  const last = fields[fields.length - 1];
  if (last?.id !== '63') throw new EmvParseError('payload must end with field 63 (CRC)', chars.length);
  if (!/^[0-9A-Fa-f]{4}$/.test(last.value))
    throw new EmvParseError('field 63 (CRC) must be 4 hexadecimal digits', chars.length - last.value.length);
  const values: Record<string, string> = {};
  for (const field of fields) {
    values[field.id] = field.value;
    for (const child of field.children ?? []) values[`${field.id}.${child.id}`] = child.value;
  }
  return { fields, values };
}

/** Appends field 63: "6304" and the CRC computed over the payload including that "6304". */
export function appendEmvCrc(payloadWithoutCrc: string): string {
  const head = `${payloadWithoutCrc}6304`;
  return `${head}${crc16Hex(head)}`;
}

/**
 * True when the payload ends in "6304" plus four hex digits equal to the CRC-16/CCITT-FALSE of
 * everything before those digits. Hex case is ignored (the spec writes uppercase; some
 * generators do not). Any change to the payload, truncation included, makes this false.
 */
export function verifyEmvCrc(payload: string): boolean {
  if (typeof payload !== 'string') return false;
  const match = /6304([0-9A-Fa-f]{4})$/.exec(payload);
  if (!match?.[1]) return false;
  return crc16Hex(payload.slice(0, -4)) === match[1].toUpperCase();
}

// ── Bolivia ────────────────────────────────────────────────────────────────────────────────

/** ISO 4217 numeric code of the boliviano. */
export const BOB_CURRENCY_NUMERIC = '068';
export const BOLIVIA_COUNTRY_CODE = 'BO';
const MERCHANT_NAME_MAX = 25;
const MERCHANT_CITY_MAX = 15;
const REFERENCE_MAX = 25;
/** Tag 54 holds at most 13 characters: "9999999999.99". */
const MAX_QR_AMOUNT_CENTS = 999_999_999_999;
/** The unreserved template that carries the sandbox's expiry (sub-field 01). */
const EXPIRY_TEMPLATE_ID = '80';

export interface BolivianQrInput {
  /** Template 26: sub-field 00 the acquirer's globally unique id (reverse domain, AID or UUID, ≤ 32), 01 the merchant id. */
  merchantAccount: { gui: string; merchantId: string };
  /** Folded to ASCII and cut to 25 characters. */
  merchantName: string;
  /** Folded to ASCII and cut to 15 characters. */
  merchantCity: string;
  /** Integer cents of BOB, > 0. */
  amountCents: number;
  /** Reference label (62.05): 1–25 printable ASCII characters, never altered, so it must fit. */
  reference: string;
  /** Four digits; default "0000" (not given). */
  merchantCategoryCode?: string;
  /** ISO-8601 instant; written in template 80 (00 = the GUI, 01 = UTC `YYYYMMDDhhmmss`). */
  expiresAt?: string;
}

export interface BolivianQr {
  merchantAccount: { gui: string; merchantId: string };
  merchantName: string;
  merchantCity: string;
  merchantCategoryCode: string;
  amountCents: number;
  reference: string;
  /** ISO-8601 instant (UTC, whole seconds), when the payload carries one. */
  expiresAt?: string;
}

const FOLD_SPECIAL: Record<string, string> = {
  '\u2044': '/',
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
};

/**
 * Text for the EMV "ans" fields (name, city): EMV allows only printable ASCII there, and wallets
 * show these to the payer, so accents are folded (NFKD, combining marks dropped: "Ñandú" →
 * "Nandu"), a few letters without a decomposition are spelt out (ß → ss), anything else outside
 * printable ASCII is dropped, whitespace is collapsed and the result is cut to `maxLength`.
 */
export function foldEmvText(text: string, maxLength: number): string {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, (ch) => FOLD_SPECIAL[ch] ?? (/\s/.test(ch) ? ' ' : ''))
    .replace(/\s+/g, ' ')
    .trim();
  return folded.slice(0, maxLength).trimEnd();
}

/** "10.00" for 1000 cents: EMV amounts use a dot and, here, always two decimals. */
export function formatEmvAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_QR_AMOUNT_CENTS) {
    throw new RangeError(
      `amountCents: must be an integer between 1 and ${MAX_QR_AMOUNT_CENTS} (tag 54 holds 13 characters)`,
    );
  }
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function isRealDateTime(m: RegExpExecArray): boolean {
  const n = (group: number) => Number(m[group] ?? 0);
  const date = new Date(Date.UTC(n(1), n(2) - 1, n(3)));
  return (
    date.getUTCFullYear() === n(1) &&
    date.getUTCMonth() === n(2) - 1 &&
    date.getUTCDate() === n(3) &&
    n(4) <= 23 &&
    n(5) <= 59 &&
    n(6) <= 59
  );
}

/** UTC `YYYYMMDDhhmmss` of an ISO-8601 instant with a zone (Z or ±hh:mm); impossible dates are refused, not rolled over. */
function compactUtc(iso: string): string {
  const m = ISO_INSTANT.exec(iso);
  const ms = Date.parse(iso);
  if (m === null || Number.isNaN(ms) || !isRealDateTime(m)) {
    throw new RangeError('expiresAt: must be an ISO-8601 date-time with a zone, e.g. 2026-03-01T12:30:00Z');
  }
  return new Date(ms).toISOString().slice(0, 19).replace(/[-:T]/g, '');
}

function isoFromCompactUtc(compact: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(compact);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`;
  const ms = Date.parse(iso);
  // Date.parse rolls 2025-02-30 over to March; a real instant survives the round trip.
  return !Number.isNaN(ms) && new Date(ms).toISOString() === iso.replace('Z', '.000Z') ? iso : null;
}

/**
 * The dynamic (single-use) BOB payload: 00 "01", 01 "12" (dynamic, because it carries one
 * transaction's amount), 26 {00 GUI, 01 merchant id}, 52 category, 53 "068" (boliviano),
 * 54 amount with two decimals, 58 "BO", 59 name, 60 city, 62 {05 reference}, optionally 80
 * {00 GUI, 01 expiry}, then 63 CRC. Ids ascend, as EMV recommends. Name and city are folded and
 * cut (display text); identifiers that do not fit are a RangeError instead, because altering
 * them would break reconciliation.
 */
export function buildBolivianQr(input: BolivianQrInput): string {
  const { merchantAccount, amountCents, reference, merchantCategoryCode = '0000', expiresAt } = input;
  if (!/^[\x21-\x7E]{1,32}$/.test(merchantAccount.gui))
    throw new RangeError('merchantAccount.gui: must be 1 to 32 printable ASCII characters without spaces');
  if (
    !/^[\x20-\x7E]+$/.test(merchantAccount.merchantId) ||
    merchantAccount.merchantId.trim() !== merchantAccount.merchantId
  ) {
    throw new RangeError(
      'merchantAccount.merchantId: must be printable ASCII without leading or trailing spaces',
    );
  }
  if (!/^\d{4}$/.test(merchantCategoryCode)) throw new RangeError('merchantCategoryCode: must be 4 digits');
  const merchantName = foldEmvText(input.merchantName, MERCHANT_NAME_MAX);
  if (!merchantName)
    throw new RangeError(
      'merchantName: must contain at least one printable character after folding to ASCII',
    );
  const merchantCity = foldEmvText(input.merchantCity, MERCHANT_CITY_MAX);
  if (!merchantCity)
    throw new RangeError(
      'merchantCity: must contain at least one printable character after folding to ASCII',
    );
  if (
    reference.length > REFERENCE_MAX ||
    !/^[\x20-\x7E]+$/.test(reference) ||
    reference.trim() !== reference
  ) {
    throw new RangeError(
      `reference: must be 1 to ${REFERENCE_MAX} printable ASCII characters without leading or trailing spaces`,
    );
  }

  const merchantAccountTemplate =
    encodeTlv('00', merchantAccount.gui) + encodeTlv('01', merchantAccount.merchantId);
  let payload =
    encodeTlv('00', '01') +
    encodeTlv('01', '12') +
    encodeTlv('26', merchantAccountTemplate) +
    encodeTlv('52', merchantCategoryCode) +
    encodeTlv('53', BOB_CURRENCY_NUMERIC) +
    encodeTlv('54', formatEmvAmount(amountCents)) +
    encodeTlv('58', BOLIVIA_COUNTRY_CODE) +
    encodeTlv('59', merchantName) +
    encodeTlv('60', merchantCity) +
    encodeTlv('62', encodeTlv('05', reference));
  if (expiresAt !== undefined) {
    payload += encodeTlv(
      EXPIRY_TEMPLATE_ID,
      encodeTlv('00', merchantAccount.gui) + encodeTlv('01', compactUtc(expiresAt)),
    );
  }
  return appendEmvCrc(payload);
}

/**
 * Reads back a payload made by `buildBolivianQr` (or any BOB payload of that shape):
 * strict parse, CRC, payload format, currency 068, country BO, the account template and a
 * two-decimal amount. Throws EmvParseError naming the first rule broken.
 */
export function parseBolivianQr(payload: string): BolivianQr {
  const { values } = parseEmv(payload);
  if (!verifyEmvCrc(payload))
    throw new EmvParseError('field 63: CRC does not match the payload', payload.length - 4);
  const need = (key: string, what: string): string => {
    const value = values[key];
    if (value === undefined) throw new EmvParseError(`field ${key} (${what}) is missing`);
    return value;
  };
  if (need('53', 'currency') !== BOB_CURRENCY_NUMERIC)
    throw new EmvParseError(`field 53 (currency) must be ${BOB_CURRENCY_NUMERIC} (BOB)`);
  if (need('58', 'country') !== BOLIVIA_COUNTRY_CODE)
    throw new EmvParseError(`field 58 (country) must be ${BOLIVIA_COUNTRY_CODE}`);
  const amount = /^(\d{1,10})\.(\d{2})$/.exec(need('54', 'amount'));
  if (!amount) throw new EmvParseError('field 54 (amount) must have two decimals, e.g. "10.00"');
  const result: BolivianQr = {
    merchantAccount: { gui: need('26.00', 'merchant account GUI'), merchantId: need('26.01', 'merchant id') },
    merchantName: need('59', 'merchant name'),
    merchantCity: need('60', 'merchant city'),
    merchantCategoryCode: need('52', 'merchant category code'),
    amountCents: Number(amount[1]) * 100 + Number(amount[2]),
    reference: need('62.05', 'reference label'),
  };
  const expiry = values[`${EXPIRY_TEMPLATE_ID}.01`];
  if (expiry !== undefined) {
    const iso = isoFromCompactUtc(expiry);
    if (iso === null)
      throw new EmvParseError(`field ${EXPIRY_TEMPLATE_ID}.01 (expiry) must be UTC YYYYMMDDhhmmss`);
    result.expiresAt = iso;
  }
  return result;
}
