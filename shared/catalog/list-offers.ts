import type { Principal } from '../auth/principal.ts';
import { defaultPageSize, type PageResponse } from '../http/pagination.ts';
import { decodeCursor, encodeCursor } from '../store/cursor.ts';
import { listOfferRecords, offerCursorShape } from '../store/offers.ts';
import { findProduct } from './find-product.ts';
import { type Offer, toOffer } from './offer.ts';
import type { ListOffersQuery } from './offer-schemas.ts';

/** A product's offers, newest first; an archived product's offers are still listed. */
export async function listOffers(principal: Principal, query: ListOffersQuery): Promise<PageResponse<Offer>> {
  await findProduct(principal.accountId, query.productId, 'productId');
  const after =
    query.cursor === undefined
      ? undefined
      : decodeCursor(query.cursor, offerCursorShape(principal.accountId, query.productId));
  const page = await listOfferRecords(principal.accountId, query.productId, {
    limit: query.limit ?? defaultPageSize,
    ...(after ? { after } : {}),
  });
  return { data: page.records.map(toOffer), nextCursor: page.nextKey ? encodeCursor(page.nextKey) : null };
}
