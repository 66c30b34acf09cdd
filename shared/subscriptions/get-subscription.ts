// GET /v2/subscriptions/{id} and GET /v2/subscriptions.
import { notFound } from '../errors.ts';
import { defaultPageSize, type PageResponse } from '../http/pagination.ts';
import { decodeCursor, encodeCursor } from '../store/cursor.ts';
import { getSubscription, listSubscriptionRecords, subscriptionCursorShape } from '../store/subscriptions.ts';
import { isSubscriptionId, type SubscriptionRecord, type SubscriptionView } from './subscription.ts';
import type { ListSubscriptionsQuery } from './subscription-schemas.ts';
import { toSubscription } from './subscription-view.ts';

export async function findSubscription(
  accountId: string,
  subscriptionId: string,
  consistent = false,
): Promise<SubscriptionRecord> {
  const record = isSubscriptionId(subscriptionId)
    ? await getSubscription(accountId, subscriptionId, consistent)
    : undefined;
  if (!record) throw notFound('subscription.not_found', 'id: no such subscription');
  return record;
}

export async function readSubscription(accountId: string, subscriptionId: string): Promise<SubscriptionView> {
  return toSubscription(await findSubscription(accountId, subscriptionId));
}

export async function listSubscriptions(
  accountId: string,
  query: ListSubscriptionsQuery,
): Promise<PageResponse<SubscriptionView>> {
  const after =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, subscriptionCursorShape(accountId));
  const page = await listSubscriptionRecords(accountId, {
    limit: query.limit ?? defaultPageSize,
    ...(after ? { after } : {}),
    ...(query.status ? { status: query.status } : {}),
  });
  return {
    data: page.records.map(toSubscription),
    nextCursor: page.nextKey ? encodeCursor(page.nextKey) : null,
  };
}
