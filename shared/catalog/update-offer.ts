import type { Principal } from '../auth/principal.ts';
import { updateOfferRecord } from '../store/offers.ts';
import { isOfferId, type Offer, toOffer } from './offer.ts';
import type { UpdateOfferInput } from './offer-schemas.ts';
import { offerNotFound } from './product-errors.ts';

/**
 * Renames or (de)activates an offer. Its price, currency and billing cycle never change: sessions,
 * links and subscriptions already sold at that price keep it; a new price is a new offer.
 */
export async function updateOffer(
  principal: Principal,
  offerId: string,
  input: UpdateOfferInput,
): Promise<Offer> {
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  const updated = isOfferId(offerId)
    ? await updateOfferRecord(principal.accountId, offerId, changes, new Date().toISOString())
    : undefined;
  if (!updated) throw offerNotFound();
  return toOffer(updated);
}
