// Amount rules in cents. Each payment method's range lives in its catalogue row
// (shared/payment-methods.ts); this builds the check and the message from a range.
import * as v from 'valibot';

export interface AmountRange {
  readonly min: number;
  readonly max: number;
}

export function amountRule(range: AmountRange, currency: string): string {
  return `must be an integer between ${range.min} and ${range.max} (cents of ${currency})`;
}

export function isAmountInRange(amount: unknown, range: AmountRange): amount is number {
  return (
    typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= range.min && amount <= range.max
  );
}

/** A JSON number only: "1000" and 1000.5 are refused, never rounded or coerced. */
export function amountSchema(range: AmountRange, currency: string) {
  const rule = amountRule(range, currency);
  return v.pipe(v.number(rule), v.integer(rule), v.minValue(range.min, rule), v.maxValue(range.max, rule));
}
