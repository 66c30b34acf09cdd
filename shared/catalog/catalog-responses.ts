// Response bodies of the catalog routes, as schemas. The published OpenAPI document is built
// from these, and the types below must match the domain's, so neither can change alone.
import * as v from 'valibot';
import { nullableTimestamp, pageOf, timestamp } from '../http/response-fields.ts';
import type { Assert, Matches } from '../openapi/same-type.ts';
import { purchaseCurrencies } from '../payment-methods.ts';
import { billingCycles, type Offer } from './offer.ts';
import type { Product } from './product.ts';

export const productSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.regex(/^prd_/), v.description('`prd_` and a UUID.')),
    createdByUserId: v.pipe(v.string(), v.description('The user (`usr_…`) of the key that created it.')),
    name: v.string(),
    description: v.nullable(v.string()),
    imageUrl: v.pipe(
      v.nullable(v.string()),
      v.description('Set only through `POST /v2/products/{id}/image`; null without an image.'),
    ),
    externalId: v.pipe(v.nullable(v.string()), v.description('Your reference; unique per account.')),
    active: v.boolean(),
    metadata: v.record(v.string(), v.unknown()),
    deletedAt: v.pipe(
      nullableTimestamp,
      v.description('Set when archived (DELETE); archived products are read-only.'),
    ),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  v.title('Product'),
);

export const productPageSchema = pageOf(productSchema, 'ProductPage');

export const offerSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.regex(/^off_/), v.description('`off_` and a UUID.')),
    productId: v.string(),
    name: v.string(),
    amount: v.pipe(v.number(), v.integer(), v.description('Cents of `currency`.')),
    currency: v.pipe(
      v.picklist(purchaseCurrencies),
      v.description('Offers created before offers had a currency are BRL.'),
    ),
    billingCycle: v.pipe(v.nullable(v.picklist(billingCycles)), v.description('null: a one-time offer.')),
    active: v.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  v.title('Offer'),
);

export const offerPageSchema = pageOf(offerSchema, 'OfferPage');

export type _ProductMatches = Assert<Matches<Product, v.InferOutput<typeof productSchema>>>;
export type _OfferMatches = Assert<Matches<Offer, v.InferOutput<typeof offerSchema>>>;
