// FEBRABAN "boleto de cobrança" (bank slip) maths: the 44-digit barcode, the 47-digit
// digitable line printed above it, their check digits and the conversion between them.
//
// Barcode (44):  BBB M D FFFF VVVVVVVVVV LLLLLLLLLLLLLLLLLLLLLLLLL
//                bank(3) currency(1) general check digit(1) due-date factor(4) value in
//                cents(10) free field(25, the bank's own layout)
// Digitable line (47), printed as AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE:
//   field 1 = bank + currency + free field 1–5   + modulo-10 digit
//   field 2 = free field 6–15                     + modulo-10 digit
//   field 3 = free field 16–25                    + modulo-10 digit
//   field 4 = the barcode's general check digit
//   field 5 = due-date factor + value
// The line exists so a person can type the slip; each of fields 1–3 has its own check digit
// so a typing error is caught field by field, while field 5 is covered only by field 4.

import { dueDateFactor, dueDateFromFactor } from './due-date-factor.ts';
import { boletoGeneralCheckDigit, modulo10, modulo11 } from './modulo.ts';

export { dueDateFactor, dueDateFromFactor } from './due-date-factor.ts';

/** Largest value the ten-digit value field can carry: R$ 99,999,999.99. */
export const BOLETO_MAX_AMOUNT_CENTS = 9_999_999_999;

export interface BoletoBarcodeInput {
  /** Three-digit bank code (COMPE), e.g. '001' Banco do Brasil, '237' Bradesco. */
  bankCode: string;
  /** '9' = real (the default); '0' = other currency. */
  currencyCode?: '9' | '0';
  /** `YYYY-MM-DD`, or null for a slip without due date (factor 0000). */
  dueDate: string | null;
  /** 0 (the payer types the amount) … 9_999_999_999. */
  amountCents: number;
  /** The bank's 25-digit free field, e.g. from `sandboxFreeField`. */
  freeField: string;
}

export interface ParsedBoletoBarcode {
  bankCode: string;
  currencyCode: string;
  checkDigit: number;
  dueDateFactor: string;
  /** Decoded in the factor cycle nearest to the reference date; null when the factor is 0000. */
  dueDate: string | null;
  amountCents: number;
  freeField: string;
}

/** Result of a validation: `ok` exactly when `problems` is empty; each problem names the position and rule. */
export interface BoletoValidation {
  ok: boolean;
  problems: string[];
}

/**
 * Builds the 44-digit barcode. The general check digit (position 5) is modulo 11 with weights
 * 2…9 from the right over the other 43 digits, with 0, 10 and 11 written as 1, so the slip is
 * accepted by every bank's reader. Throws a RangeError that names the field on bad input.
 */
export function buildBarcode(input: BoletoBarcodeInput): string {
  const { bankCode, currencyCode = '9', dueDate, amountCents, freeField } = input;
  if (!/^\d{3}$/.test(bankCode)) throw new RangeError('bankCode: must be 3 digits');
  if (bankCode[0] === '8')
    throw new RangeError(
      'bankCode: must not start with 8 (readers take that for a collection slip, arrecadação)',
    );
  if (currencyCode !== '9' && currencyCode !== '0')
    throw new RangeError("currencyCode: must be '9' (real) or '0' (other)");
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || amountCents > BOLETO_MAX_AMOUNT_CENTS) {
    throw new RangeError(
      `amountCents: must be an integer between 0 and ${BOLETO_MAX_AMOUNT_CENTS} (the ten-digit value field)`,
    );
  }
  if (!/^\d{25}$/.test(freeField)) throw new RangeError('freeField: must be 25 digits');
  const factor = dueDate === null ? '0000' : dueDateFactor(dueDate);
  const withoutCheckDigit = `${bankCode}${currencyCode}${factor}${String(amountCents).padStart(10, '0')}${freeField}`;
  const checkDigit = boletoGeneralCheckDigit(withoutCheckDigit);
  return `${withoutCheckDigit.slice(0, 4)}${checkDigit}${withoutCheckDigit.slice(4)}`;
}

/** The 43 digits the general check digit is computed over (the barcode without position 5). */
function withoutGeneralCheckDigit(barcode: string): string {
  return barcode.slice(0, 4) + barcode.slice(5);
}

function assertBarcodeShape(barcode: string): void {
  if (!/^\d{44}$/.test(barcode)) throw new RangeError('barcode: must be 44 digits');
}

/** Removes the printed grouping (dots and whitespace) from a digitable line. */
export function normalizeDigitableLine(line: string): string {
  return line.replace(/[.\s]/g, '');
}

/**
 * The 47-digit digitable line (unformatted) of a 44-digit barcode. Fields 1–3 get a modulo-10
 * check digit each (weights 2, 1 from the right, digit sums of products); field 4 repeats the
 * barcode's general check digit; field 5 is the factor and value. The barcode's own check
 * digit is copied, not verified: use `validateBarcode` for that.
 */
export function digitableLineFromBarcode(barcode: string): string {
  assertBarcodeShape(barcode);
  const field1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const field2 = barcode.slice(24, 34);
  const field3 = barcode.slice(34, 44);
  return `${field1}${modulo10(field1)}${field2}${modulo10(field2)}${field3}${modulo10(field3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

/**
 * The inverse of `digitableLineFromBarcode`: drops the three field check digits and puts the
 * parts back in barcode order. Accepts the printed form (dots and spaces are ignored). Field
 * check digits are not verified here: use `validateDigitableLine`.
 */
export function barcodeFromDigitableLine(line: string): string {
  const digits = normalizeDigitableLine(line);
  if (!/^\d{47}$/.test(digits))
    throw new RangeError('digitableLine: must be 47 digits (dots and spaces allowed)');
  return (
    digits.slice(0, 4) +
    digits[32] +
    digits.slice(33, 47) +
    digits.slice(4, 9) +
    digits.slice(10, 20) +
    digits.slice(21, 31)
  );
}

/**
 * The printed grouping of a digitable line, `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D
 * EEEEEEEEEEEEEE`, which is how bank apps and slips show it and how payers type it.
 */
export function formatDigitableLine(line: string): string {
  const d = normalizeDigitableLine(line);
  if (!/^\d{47}$/.test(d)) throw new RangeError('digitableLine: must be 47 digits (dots and spaces allowed)');
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}

/**
 * Checks a barcode the way a bank reader would: 44 digits, not a collection slip (those start
 * with 8 and follow another layout), currency code 9 or 0, the general check digit, and a
 * due-date factor that is 0000 or 1000–9999. Returns every problem found, not just the first.
 */
export function validateBarcode(barcode: string): BoletoValidation {
  const problems: string[] = [];
  if (typeof barcode !== 'string') return { ok: false, problems: ['barcode: must be a string'] };
  if (barcode.length !== 44) problems.push(`barcode: must have 44 digits, got ${barcode.length} characters`);
  if (!/^\d*$/.test(barcode)) problems.push('barcode: must contain digits only');
  if (problems.length > 0) return { ok: false, problems };

  if (barcode[0] === '8')
    problems.push('barcode: starts with 8, which is a collection slip (arrecadação), not a bank slip');
  const currency = barcode[3];
  if (currency !== '9' && currency !== '0')
    problems.push(`barcode: currency code (position 4) must be 9 or 0, got ${currency}`);
  const expected = boletoGeneralCheckDigit(withoutGeneralCheckDigit(barcode));
  if (Number(barcode[4]) !== expected)
    problems.push(`barcode: general check digit (position 5) is ${barcode[4]}, expected ${expected}`);
  const factor = Number(barcode.slice(5, 9));
  if (factor > 0 && factor < 1000)
    problems.push(
      `barcode: due-date factor (positions 6–9) ${barcode.slice(5, 9)} is not valid (1000–9999, or 0000 for no due date)`,
    );
  return { ok: problems.length === 0, problems };
}

/**
 * Checks a digitable line (raw 47 digits or the printed form): length and characters, the
 * modulo-10 check digit of fields 1–3, then everything `validateBarcode` checks on the barcode
 * it converts to (reported with a `digitableLine: barcode …` prefix).
 */
export function validateDigitableLine(line: string): BoletoValidation {
  if (typeof line !== 'string') return { ok: false, problems: ['digitableLine: must be a string'] };
  const problems: string[] = [];
  if (!/^[\d.\s]*$/.test(line)) problems.push('digitableLine: may contain only digits, dots and spaces');
  const digits = normalizeDigitableLine(line);
  if (digits.length !== 47) problems.push(`digitableLine: must have 47 digits, got ${digits.length}`);
  if (problems.length > 0) return { ok: false, problems };

  const fields = [
    { name: 'field 1', body: digits.slice(0, 9), position: 10 },
    { name: 'field 2', body: digits.slice(10, 20), position: 21 },
    { name: 'field 3', body: digits.slice(21, 31), position: 32 },
  ];
  for (const { name, body, position } of fields) {
    const expected = modulo10(body);
    const actual = digits[position - 1];
    if (Number(actual) !== expected)
      problems.push(
        `digitableLine: ${name} check digit (position ${position}) is ${actual}, expected ${expected}`,
      );
  }
  for (const problem of validateBarcode(barcodeFromDigitableLine(digits)).problems) {
    problems.push(`digitableLine: ${problem}`);
  }
  return { ok: problems.length === 0, problems };
}

/**
 * Splits a valid barcode into its parts. The due date is decoded in the factor cycle nearest
 * to `referenceDate` (`YYYY-MM-DD`, usually today), because the factor restarted at 1000 on
 * 2025-02-22 and alone does not say which cycle it is in. Throws a RangeError listing the
 * problems when the barcode is not valid.
 */
export function parseBarcode(barcode: string, referenceDate: string): ParsedBoletoBarcode {
  const validation = validateBarcode(barcode);
  if (!validation.ok) throw new RangeError(validation.problems.join('; '));
  const factor = barcode.slice(5, 9);
  return {
    bankCode: barcode.slice(0, 3),
    currencyCode: barcode.slice(3, 4),
    checkDigit: Number(barcode[4]),
    dueDateFactor: factor,
    dueDate: dueDateFromFactor(factor, referenceDate),
    amountCents: Number(barcode.slice(9, 19)),
    freeField: barcode.slice(19, 44),
  };
}

/**
 * The sandbox bank's free field. Real banks put agency, account, wallet and "nosso número"
 * (the slip's reference) in these 25 digits, each in its own layout. The sandbox keeps only the
 * reference: `ourNumber` (1–24 digits, e.g. a transaction id) left-padded with zeros to 24
 * digits, followed by its modulo-10 check digit. Deterministic, so the same reference always
 * gives the same slip, and reversible with `ourNumberFromSandboxFreeField`.
 */
export function sandboxFreeField(ourNumber: string): string {
  if (!/^\d{1,24}$/.test(ourNumber)) throw new RangeError('ourNumber: must be 1 to 24 digits');
  const padded = ourNumber.padStart(24, '0');
  return `${padded}${modulo10(padded)}`;
}

/**
 * The reference inside a sandbox free field, without the padding zeros, or null when the field
 * is not 25 digits or its check digit does not match (a slip from another bank, or a typo).
 */
export function ourNumberFromSandboxFreeField(freeField: string): string | null {
  if (!/^\d{25}$/.test(freeField)) return null;
  const padded = freeField.slice(0, 24);
  if (modulo10(padded) !== Number(freeField[24])) return null;
  return padded.replace(/^0+(?=\d)/, '');
}

/**
 * The slip's bank code field: the three-digit COMPE code, a hyphen and its check digit, printed
 * bold beside the digitable line (e.g. 001-9 Banco do Brasil, 104-0 Caixa, 237-2 Bradesco, 341-7
 * Itaú). The digit is modulo 11 with weights 2…4 from the right, 10 and 11 written as 0; a bank
 * that publishes another digit for its code (Sicredi prints 748-X) is the authority for its own.
 */
export function bankCodeField(bankCode: string): string {
  if (!/^\d{3}$/.test(bankCode)) throw new RangeError('bankCode: must be 3 digits');
  const digit = modulo11(bankCode);
  return `${bankCode}-${digit >= 10 ? 0 : digit}`;
}
