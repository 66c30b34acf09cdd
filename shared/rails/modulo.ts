// Check-digit arithmetic used by the FEBRABAN bank slip (boleto de cobrança). Both rules walk
// the digits from right to left, which is how the bank manuals state them.

function assertDigits(digits: string, what: string): void {
  if (!/^\d+$/.test(digits)) throw new RangeError(`${what}: must be a non-empty string of digits`);
}

/**
 * Modulo 10 check digit of the digitable line's fields 1–3: weights 2, 1, 2, 1… from the right,
 * products of two digits are reduced to the sum of their digits (14 → 1 + 4), and the digit is
 * what completes the sum to the next multiple of ten (a sum ending in 0 gives 0). This catches
 * every single-digit typing error inside a field, which is why the printed line carries it.
 */
export function modulo10(digits: string): number {
  assertDigits(digits, 'modulo10');
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product; // digit sum of a two-digit product (≤ 18)
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Raw modulo 11 result with weights 2…9 from the right (cycling back to 2 after 9):
 * `11 - (sum mod 11)`, so a number from 1 to 11. Callers map the values that do not fit in one
 * digit: the boleto's general check digit turns 10 and 11 (and 0, for rules that allow it) into 1.
 */
export function modulo11(digits: string): number {
  assertDigits(digits, 'modulo11');
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return 11 - (sum % 11);
}

/**
 * The boleto barcode's general check digit (position 5) over the other 43 digits: modulo 11
 * with weights 2…9, and the FEBRABAN rule that a result of 0, 10 or 11 becomes 1 (the digit 0
 * is never used in that position).
 */
export function boletoGeneralCheckDigit(digits43: string): number {
  if (!/^\d{43}$/.test(digits43))
    throw new RangeError('boletoGeneralCheckDigit: needs the 43 barcode digits without the check digit');
  const result = modulo11(digits43);
  return result === 0 || result === 10 || result === 11 ? 1 : result;
}
