// Whether an offer can be sold now: it, and its product, must be on sale.
import { findOffer } from '../catalog/find-offer.ts';
import { findProduct } from '../catalog/find-product.ts';
import { currencyOf, type OfferRecord } from '../catalog/offer.ts';
import { isArchived, type ProductRecord } from '../catalog/product.ts';
import { badRequest } from '../errors.ts';
import type { PurchaseCurrency } from '../payment-methods.ts';

export interface SellableOffer {
  offer: OfferRecord;
  product: ProductRecord;
  currency: PurchaseCurrency;
}

/** Why the offer cannot be sold now, in the merchant's words; null when it can. */
export function unsellableReason(offer: OfferRecord, product: ProductRecord): string | null {
  if (isArchived(product)) return 'its product is archived';
  if (!product.active) return 'its product is inactive';
  if (!offer.active) return 'the offer is inactive';
  return null;
}

export async function sellableOffer(accountId: string, offerId: string): Promise<SellableOffer> {
  const offer = await findOffer(accountId, offerId, 'offerId');
  const product = await findProduct(accountId, offer.productId, 'offerId');
  const reason = unsellableReason(offer, product);
  if (reason !== null) throw badRequest('offer.not_sellable', `offerId: cannot be sold: ${reason}`);
  return { offer, product, currency: currencyOf(offer) };
}
