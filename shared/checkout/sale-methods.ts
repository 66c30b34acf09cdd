// Which payment methods may sell an offer: those of the offer's currency that this stage can
// serve and whose range holds the offer's price; for a recurring offer, only those that charge
// each cycle anew (its sale is a subscription), led by Pix Automático where the stage collects it
// (the payer authorizes once and each cycle is debited). A session or link may narrow them, never
// widen.
import type { BillingCycle } from '../catalog/offer.ts';
import { badRequest } from '../errors.ts';
import {
  findMethod,
  methodsOf,
  type PurchaseCurrency,
  recurringDebitMethod,
  recurringDebitRowMethod,
  type SaleMethod,
} from '../payment-methods.ts';
import { isAmountInRange } from '../purchase/amounts.ts';
import { railNameFor, stageRunsPixAutomatico } from '../rails/rail-choice.ts';

export interface PricedOffer {
  readonly amount: number;
  readonly currency: PurchaseCurrency;
  /** Set on a recurring offer. */
  readonly billingCycle?: BillingCycle | null;
}

/** Whether Pix Automático can collect the offer here: recurring, priced as its debits' Pix row allows. */
function debitsOffer(offer: PricedOffer): boolean {
  const row = findMethod(offer.currency, recurringDebitRowMethod);
  return Boolean(
    offer.billingCycle && row && stageRunsPixAutomatico() && isAmountInRange(offer.amount, row.amount),
  );
}

/** Every method that can collect the offer here: Pix Automático first (the default), then catalogue order. */
export function methodsForOffer(offer: PricedOffer): SaleMethod[] {
  const rows = methodsOf(offer.currency)
    .filter((row) => railNameFor(row) !== null && isAmountInRange(offer.amount, row.amount))
    .filter((row) => !offer.billingCycle || ('chargesCycles' in row && row.chargesCycles))
    .map((row) => row.method as SaleMethod);
  return debitsOffer(offer) ? [recurringDebitMethod, ...rows] : rows;
}

/** The requested methods (all that can collect the offer when none are named), or a 400 naming the one that cannot. */
export function saleMethods(offer: PricedOffer, requested: readonly string[] | undefined): SaleMethod[] {
  const possible = methodsForOffer(offer);
  if (possible.length === 0)
    throw badRequest(
      'offer.not_payable',
      `offerId: no payment method of ${offer.currency} can collect ${offer.amount} cents on this stage`,
    );
  if (requested === undefined) return possible;
  requested.forEach((method, index) => {
    if (!possible.includes(method as SaleMethod))
      throw badRequest(
        'checkout.method_unavailable',
        `paymentMethods[${index}]: ${method} cannot collect this offer (${offer.currency} ${offer.amount} cents) on this stage; possible: ${possible.join(', ')}`,
      );
  });
  return possible.filter((method) => requested.includes(method));
}
