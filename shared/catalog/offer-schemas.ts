import * as v from 'valibot';
import { cursorParam, limitParam } from '../http/pagination.ts';
import { billingCycles } from './offer.ts';
import { productName } from './product-schemas.ts';

export const minOfferAmount = 1;
/** Eleven digits of cents: far above any single charge, far below float precision limits. */
export const maxOfferAmount = 99_999_999_999;

const amountRule = `must be an integer between ${minOfferAmount} and ${maxOfferAmount} (cents)`;

export const createOfferSchema = v.strictObject({
  productId: v.string('must be a string (a product id)'),
  name: productName,
  amount: v.pipe(
    v.number(amountRule),
    v.integer(amountRule),
    v.minValue(minOfferAmount, amountRule),
    v.maxValue(maxOfferAmount, amountRule),
  ),
  billingCycle: v.nullish(
    v.picklist(billingCycles, `must be one of ${billingCycles.join(', ')}, or null for a one-time offer`),
  ),
});

export const listOffersQuery = v.strictObject({
  productId: v.string('must be a string (a product id)'),
  limit: v.optional(limitParam),
  cursor: v.optional(cursorParam),
});

export type CreateOfferInput = v.InferOutput<typeof createOfferSchema>;
export type ListOffersQuery = v.InferOutput<typeof listOffersQuery>;
