import type { Principal } from '../auth/principal.ts';
import { newPrefixedId } from '../ids.ts';
import { insertOffer } from '../store/offers.ts';
import { findProduct } from './find-product.ts';
import { type Offer, type OfferRecord, toOffer } from './offer.ts';
import type { CreateOfferInput } from './offer-schemas.ts';
import { isProductId } from './product.ts';
import { productArchived, productNotFound } from './product-errors.ts';

export async function createOffer(principal: Principal, input: CreateOfferInput): Promise<Offer> {
  if (!isProductId(input.productId)) throw productNotFound('productId');
  const now = new Date().toISOString();
  const record: OfferRecord = {
    accountId: principal.accountId,
    id: newPrefixedId('off'),
    productId: input.productId,
    name: input.name,
    amount: input.amount,
    currency: input.currency ?? 'BRL',
    billingCycle: input.billingCycle ?? null,
    active: true,
    createdAt: now,
    updatedAt: now,
  };
  if ((await insertOffer(record)) === 'product-unavailable') {
    // The write's condition decided; this read only tells the caller which rule it was.
    await findProduct(principal.accountId, input.productId, 'productId');
    throw productArchived();
  }
  return toOffer(record);
}
