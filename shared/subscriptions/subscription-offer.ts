// Whether an offer can take a new subscription (pure): it must be recurring, in reais and active,
// its product not archived. A deactivated product keeps its offers selling and its subscriptions
// running (the contract); archiving the product or deactivating the offer stops new ones only.
import { currencyOf, type OfferRecord } from '../catalog/offer.ts';
import { isArchived, type ProductRecord } from '../catalog/product.ts';

/** Why the offer cannot be subscribed to, naming the field, in the merchant's words; null when it can. */
export function unsubscribableReason(offer: OfferRecord, product: ProductRecord): string | null {
  if (offer.billingCycle === null)
    return 'offerId: is a one-time offer (no billingCycle); a subscription needs a recurring offer';
  if (currencyOf(offer) !== 'BRL')
    return `offerId: is priced in ${currencyOf(offer)}; subscriptions are charged in BRL only`;
  if (isArchived(product)) return 'offerId: cannot take new subscriptions: its product is archived';
  if (!offer.active) return 'offerId: cannot take new subscriptions: the offer is inactive';
  return null;
}
