import type { Principal } from '../auth/principal.ts';
import { findOffer } from './find-offer.ts';
import { type Offer, toOffer } from './offer.ts';

export async function getOffer(principal: Principal, offerId: string): Promise<Offer> {
  return toOffer(await findOffer(principal.accountId, offerId));
}
