// What an offer may cost in each currency: any amount at least one payment method of that
// currency can collect (the ranges of shared/payment-methods.ts), so every offer is payable.

import { methodsOf, type PurchaseCurrency } from '../payment-methods.ts';
import { type AmountRange, amountRule, isAmountInRange } from '../purchase/amounts.ts';

export function offerAmountRange(currency: PurchaseCurrency): AmountRange {
  const ranges = methodsOf(currency).map((row) => row.amount);
  return {
    min: Math.min(...ranges.map((range) => range.min)),
    max: Math.max(...ranges.map((range) => range.max)),
  };
}

export const isOfferAmount = (amount: number, currency: PurchaseCurrency) =>
  isAmountInRange(amount, offerAmountRange(currency));

export const offerAmountRule = (currency: PurchaseCurrency) =>
  amountRule(offerAmountRange(currency), currency);
