import * as v from 'valibot';
import { cursorParam, limitParam } from '../http/pagination.ts';
import { type PurchaseCurrency, purchaseCurrencies } from '../payment-methods.ts';
import { billingCycles } from './offer.ts';
import { isOfferAmount, offerAmountRange, offerAmountRule } from './offer-amounts.ts';
import { productName } from './product-schemas.ts';

const centsRule = "must be an integer (cents of the offer's currency)";
const rangesInWords = purchaseCurrencies
  .map((currency) => `${currency} ${offerAmountRange(currency).min}–${offerAmountRange(currency).max}`)
  .join(', ');

export const createOfferSchema = v.pipe(
  v.strictObject({
    productId: v.string('must be a string (a product id)'),
    name: productName,
    amount: v.pipe(
      v.number(centsRule),
      v.integer(centsRule),
      v.description(
        `Cents of \`currency\`, within what that currency's payment methods can collect: ${rangesInWords}.`,
      ),
    ),
    currency: v.optional(
      v.pipe(
        v.picklist(purchaseCurrencies, `must be one of ${purchaseCurrencies.join(', ')}`),
        v.description('The currency the offer is sold in; BRL when absent.'),
      ),
    ),
    billingCycle: v.nullish(
      v.picklist(billingCycles, `must be one of ${billingCycles.join(', ')}, or null for a one-time offer`),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['amount'], ['currency']],
      (body) => isOfferAmount(body.amount, body.currency ?? 'BRL'),
      (issue) => offerAmountRule((issue.input as { currency?: PurchaseCurrency }).currency ?? 'BRL'),
    ),
    ['amount'],
  ),
);

export const editableOfferFields = ['name', 'active'] as const;

export const updateOfferSchema = v.pipe(
  v.strictObject({
    name: v.optional(productName),
    active: v.optional(
      v.pipe(
        v.boolean('must be true or false'),
        v.description('An inactive offer sells nothing new: no checkout session or payment link takes it.'),
      ),
    ),
  }),
  v.check(
    (body) => editableOfferFields.some((field) => body[field] !== undefined),
    `must contain at least one of ${editableOfferFields.join(', ')}`,
  ),
);

export const listOffersQuery = v.strictObject({
  productId: v.string('must be a string (a product id)'),
  limit: v.optional(limitParam),
  cursor: v.optional(cursorParam),
});

export type CreateOfferInput = v.InferOutput<typeof createOfferSchema>;
export type UpdateOfferInput = v.InferOutput<typeof updateOfferSchema>;
export type ListOffersQuery = v.InferOutput<typeof listOffersQuery>;
