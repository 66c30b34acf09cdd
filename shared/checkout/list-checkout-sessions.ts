// GET /v2/checkout-sessions: the account's sessions newest first, optionally one payment link's.
import { defaultPageSize, type PageResponse } from '../http/pagination.ts';
import { checkoutSessionCursorShape, listCheckoutSessionRecords } from '../store/checkout-sessions.ts';
import { decodeCursor, encodeCursor } from '../store/cursor.ts';
import type { ListCheckoutSessionsQuery } from './checkout-schemas.ts';
import { type CheckoutSession, toCheckoutSession } from './checkout-session.ts';

export async function listCheckoutSessions(
  accountId: string,
  query: ListCheckoutSessionsQuery,
  now = new Date(),
): Promise<PageResponse<CheckoutSession>> {
  const after =
    query.cursor === undefined
      ? undefined
      : decodeCursor(query.cursor, checkoutSessionCursorShape(accountId));
  const page = await listCheckoutSessionRecords(accountId, {
    limit: query.limit ?? defaultPageSize,
    ...(after ? { after } : {}),
    ...(query.paymentLinkId ? { paymentLinkId: query.paymentLinkId } : {}),
  });
  return {
    data: page.records.map((record) => toCheckoutSession(record, now)),
    nextCursor: page.nextKey ? encodeCursor(page.nextKey) : null,
  };
}
