// Brazil's BR Code for Pix (BCB "Manual do BR Code"), the EMV merchant-presented payload a
// payer scans or pastes ("Pix copia e cola"). The dynamic form names no Pix key: tag 26/25
// holds the charge's location URL (without scheme), where the payer's app fetches the charge.
import {
  appendEmvCrc,
  EmvParseError,
  encodeTlv,
  foldEmvText,
  formatEmvAmount,
  parseEmv,
  verifyEmvCrc,
} from './emv-qr.ts';

export const PIX_GUI = 'br.gov.bcb.pix';
export const BRL_CURRENCY_NUMERIC = '986';
export const BRAZIL_COUNTRY_CODE = 'BR';
const MERCHANT_NAME_MAX = 25;
const MERCHANT_CITY_MAX = 15;
/** The manual's limit for tag 26/25. */
const LOCATION_MAX = 77;

export interface DynamicBrCodeInput {
  /** The charge's location as API Pix returns it, without scheme, e.g. `pix.example.com/qr/…`. */
  location: string;
  /** Integer cents of BRL, > 0. */
  amountCents: number;
  /** Folded to ASCII (no accents) and cut to 25 characters. */
  merchantName: string;
  /** Folded to ASCII (no accents) and cut to 15 characters. */
  merchantCity: string;
}

export interface DynamicBrCode {
  location: string;
  amountCents: number | null;
  merchantName: string;
  merchantCity: string;
}

/** A location URL as the BR Code carries it: host and path, no scheme, no spaces, ≤ 77 characters. */
export function isPixLocation(location: string): boolean {
  return (
    location.length <= LOCATION_MAX &&
    /^[A-Za-z0-9.-]+(?::\d+)?\/[\x21-\x7E]*$/.test(location) &&
    !/^[a-z][a-z0-9+.-]*:\/\//i.test(location)
  );
}

/**
 * The dynamic payload: 00 "01", 01 "12" (single use), 26 {00 br.gov.bcb.pix, 25 location},
 * 52 "0000", 53 "986", 54 amount with two decimals, 58 "BR", 59 name, 60 city, 62 {05 "***"}
 * (the txid travels in the charge behind the location, not in the code), 63 CRC-16/CCITT-FALSE.
 */
export function buildDynamicBrCode(input: DynamicBrCodeInput): string {
  const location = input.location.replace(/^https:\/\//i, '');
  if (!isPixLocation(location))
    throw new RangeError(`location: must be host/path without scheme, at most ${LOCATION_MAX} characters`);
  const merchantName = foldEmvText(input.merchantName, MERCHANT_NAME_MAX);
  const merchantCity = foldEmvText(input.merchantCity, MERCHANT_CITY_MAX);
  if (!merchantName) throw new RangeError('merchantName: must contain a printable character');
  if (!merchantCity) throw new RangeError('merchantCity: must contain a printable character');
  return appendEmvCrc(
    encodeTlv('00', '01') +
      encodeTlv('01', '12') +
      encodeTlv('26', encodeTlv('00', PIX_GUI) + encodeTlv('25', location)) +
      encodeTlv('52', '0000') +
      encodeTlv('53', BRL_CURRENCY_NUMERIC) +
      encodeTlv('54', formatEmvAmount(input.amountCents)) +
      encodeTlv('58', BRAZIL_COUNTRY_CODE) +
      encodeTlv('59', merchantName) +
      encodeTlv('60', merchantCity) +
      encodeTlv('62', encodeTlv('05', '***')),
  );
}

/**
 * Reads a dynamic BR Code: strict EMV parse, CRC, GUI (case-insensitive, as the manual's own
 * examples vary), a location in 26/25, currency 986, country BR. Throws EmvParseError.
 */
export function parseDynamicBrCode(payload: string): DynamicBrCode {
  const { values } = parseEmv(payload);
  if (!verifyEmvCrc(payload)) throw new EmvParseError('field 63: CRC does not match the payload');
  const need = (key: string, what: string): string => {
    const value = values[key];
    if (value === undefined) throw new EmvParseError(`field ${key} (${what}) is missing`);
    return value;
  };
  if (need('26.00', 'GUI').toLowerCase() !== PIX_GUI)
    throw new EmvParseError(`field 26.00 must be ${PIX_GUI}`);
  const location = need('26.25', 'location');
  if (need('53', 'currency') !== BRL_CURRENCY_NUMERIC)
    throw new EmvParseError('field 53 (currency) must be 986');
  if (need('58', 'country') !== BRAZIL_COUNTRY_CODE) throw new EmvParseError('field 58 (country) must be BR');
  const amountText = values['54'];
  let amountCents: number | null = null;
  if (amountText !== undefined) {
    const amount = /^(\d{1,10})\.(\d{2})$/.exec(amountText);
    if (!amount) throw new EmvParseError('field 54 (amount) must have two decimals, e.g. "10.00"');
    amountCents = Number(amount[1]) * 100 + Number(amount[2]);
  }
  return {
    location,
    amountCents,
    merchantName: need('59', 'merchant name'),
    merchantCity: need('60', 'merchant city'),
  };
}
