// Checkout sessions: one item each, keyed by the session id alone (the payer's page has only
// its token) and listed per account. A session without a transaction is deleted by TTL a while
// after it expires; a completed one is kept with its transaction.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import type { CheckoutSessionRecord } from '../checkout/checkout-session.ts';
import { tableName } from '../config.ts';
import type { CursorKey, CursorShape } from './cursor.ts';
import { keys } from './keys.ts';
import { queryPage } from './paged-query.ts';
import { withoutKeys } from './records.ts';
import { table } from './table.ts';
import { retryingConflicts } from './transaction-conflicts.ts';

/** How long an unpaid session is kept after it expires (the dashboard shows recent abandons). */
const keptAfterExpiryDays = 30;

const toRecord = (item: Record<string, unknown>) => withoutKeys<CheckoutSessionRecord>(item);

export async function insertCheckoutSession(record: CheckoutSessionRecord): Promise<void> {
  const deleteAfter = Math.ceil(Date.parse(record.expiresAt) / 1000) + keptAfterExpiryDays * 86_400;
  await retryingConflicts(() =>
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.checkoutSession(record.id),
          ...keys.checkoutSessionListing(record.accountId, record.createdAt, record.id),
          entity: 'checkoutSession',
          ...record,
          [table.ttlAttribute]: deleteAfter,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function getCheckoutSessionRecord(
  sessionId: string,
): Promise<CheckoutSessionRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.checkoutSession(sessionId), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : undefined;
}

export function checkoutSessionCursorShape(accountId: string): CursorShape {
  return {
    fields: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
    pinned: {
      gsi1pk: keys.checkoutSessionListingPartition(accountId),
      sk: keys.checkoutSession('x').sk,
    },
    // The table key must be the session the index entry names, so a cursor cannot point elsewhere.
    check: (key) => key.pk === keys.checkoutSession(String(key.gsi1sk).split('#').at(-1) ?? '').pk,
  };
}

/**
 * The account's sessions newest first; `paymentLinkId` keeps one link's, within the listings'
 * per-request read bound (a page may then hold fewer than `limit`, with a cursor to go on).
 */
export async function listCheckoutSessionRecords(
  accountId: string,
  options: { limit: number; after?: CursorKey; paymentLinkId?: string },
): Promise<{ records: CheckoutSessionRecord[]; nextKey: CursorKey | null }> {
  const { paymentLinkId } = options;
  const page = await queryPage({
    index: 'gsi1',
    partition: keys.checkoutSessionListingPartition(accountId),
    limit: options.limit,
    newestFirst: true,
    ...(paymentLinkId ? { keep: (item) => item.paymentLinkId === paymentLinkId } : {}),
    ...(options.after ? { after: options.after } : {}),
  });
  return { records: page.items.map(toRecord), nextKey: page.nextKey };
}
