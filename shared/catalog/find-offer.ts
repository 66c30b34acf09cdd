// Resolves an offer id within the caller's account. An id of the wrong form is answered like an
// unknown one (404) and never reaches the table.
import { getOfferRecord } from '../store/offers.ts';
import { isOfferId, type OfferRecord } from './offer.ts';
import { offerNotFound } from './product-errors.ts';

export async function findOffer(accountId: string, offerId: string, field = 'id'): Promise<OfferRecord> {
  const record = isOfferId(offerId) ? await getOfferRecord(accountId, offerId) : undefined;
  if (!record) throw offerNotFound(field);
  return record;
}
