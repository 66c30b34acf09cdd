// Amount ranges in cents per currency (DESIGN §3): COP and BOB from the contract, BRL boleto
// from the boleto value field, which holds ten digits of cents.
import * as v from 'valibot';
import type { PurchaseCurrency } from './currencies.ts';

export const amountLimits = {
  BRL: { min: 500, max: 9_999_999_999 },
  COP: { min: 1_000_000, max: 1_000_000_000 },
  BOB: { min: 1_000, max: 1_000_000 },
} as const satisfies Record<PurchaseCurrency, { min: number; max: number }>;

export function amountRule(currency: PurchaseCurrency): string {
  const { min, max } = amountLimits[currency];
  return `must be an integer between ${min} and ${max} (cents of ${currency})`;
}

export function isAmountInRange(amount: unknown, currency: PurchaseCurrency): amount is number {
  const { min, max } = amountLimits[currency];
  return typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= min && amount <= max;
}

/** A JSON number only: "1000" and 1000.5 are refused, never rounded or coerced. */
export function amountSchema(currency: PurchaseCurrency) {
  const rule = amountRule(currency);
  const { min, max } = amountLimits[currency];
  return v.pipe(v.number(rule), v.integer(rule), v.minValue(min, rule), v.maxValue(max, rule));
}
