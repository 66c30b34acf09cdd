// Payer phones. Written forms vary ("+55 (11) 91234-5678"), so spaces, parentheses, dots and
// hyphens are accepted and removed; letters and other symbols are refused.
import { type Checked, fail, ok } from '../validation/checked.ts';

const written = /^\+?[0-9 ().-]+$/;
const digitsOf = (text: string) => text.replace(/\D/g, '');

/** BRL boleto: 8 to 12 digits (an optional leading + is accepted). Returns the digits. */
export function parseBoletoPhone(input: string): Checked<string> {
  const text = input.trim();
  if (!written.test(text))
    return fail('must contain only digits, spaces, parentheses, dots, hyphens and an optional leading +');
  const digits = digitsOf(text);
  return digits.length >= 8 && digits.length <= 12 ? ok(digits) : fail('must have 8 to 12 digits');
}

/**
 * COP/BOB: E.164, the country calling code included: 8 to 15 digits, optional leading +,
 * no leading 0 (no calling code starts with 0). Returned as `+<digits>`.
 */
export function parseE164Phone(input: string): Checked<string> {
  const text = input.trim();
  if (!written.test(text))
    return fail(
      'must be an E.164 number: optional +, country calling code and digits (spaces, parentheses, dots and hyphens allowed)',
    );
  const digits = digitsOf(text);
  if (digits.length < 8 || digits.length > 15)
    return fail('must have 8 to 15 digits including the country calling code');
  if (digits.startsWith('0')) return fail('must start with the country calling code (not 0)');
  return ok(`+${digits}`);
}
