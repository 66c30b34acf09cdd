// Checkout sessions: one item each, keyed by the session id alone (the payer's page has only
// its token) and listed per account. A session without a transaction is deleted by TTL a while
// after it expires; a completed one is kept with its transaction.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import type { CheckoutSessionRecord } from '../checkout/checkout-session.ts';
import { tableName } from '../config.ts';
import { keys } from './keys.ts';
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
