// Payment links: one item each, keyed by the link id alone (the public URL carries only the id,
// and the item names its account), listed per account newest first.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import type { PaymentLinkRecord } from '../checkout/payment-link.ts';
import { tableName } from '../config.ts';
import type { CursorKey, CursorShape } from './cursor.ts';
import { isConditionFailure } from './dynamo-errors.ts';
import { keys } from './keys.ts';
import { queryPage } from './paged-query.ts';
import { withoutKeys } from './records.ts';
import { retryingConflicts } from './transaction-conflicts.ts';

const toRecord = (item: Record<string, unknown>) => withoutKeys<PaymentLinkRecord>(item);

export async function insertPaymentLink(record: PaymentLinkRecord): Promise<void> {
  await retryingConflicts(() =>
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.paymentLink(record.id),
          ...keys.paymentLinkListing(record.accountId, record.createdAt, record.id),
          entity: 'paymentLink',
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function getPaymentLinkRecord(linkId: string): Promise<PaymentLinkRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.paymentLink(linkId), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : undefined;
}

/** Turns the account's link on or off (renewing its terms); undefined when the account has no such link. */
export async function updatePaymentLinkRecord(
  accountId: string,
  linkId: string,
  changes: Pick<PaymentLinkRecord, 'active' | 'terms' | 'updatedAt'>,
): Promise<PaymentLinkRecord | undefined> {
  try {
    const { Attributes } = await retryingConflicts(() =>
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.paymentLink(linkId),
          UpdateExpression: 'SET active = :active, terms = :terms, updatedAt = :updatedAt',
          ConditionExpression: 'attribute_exists(pk) AND accountId = :accountId',
          ExpressionAttributeValues: {
            ':active': changes.active,
            ':terms': changes.terms,
            ':updatedAt': changes.updatedAt,
            ':accountId': accountId,
          },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return Attributes ? toRecord(Attributes) : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

export function paymentLinkCursorShape(accountId: string): CursorShape {
  return {
    fields: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
    pinned: { gsi1pk: keys.paymentLinkListingPartition(accountId), sk: keys.paymentLink('x').sk },
    check: (key) => key.pk === keys.paymentLink(String(key.gsi1sk).split('#').at(-1) ?? '').pk,
  };
}

export async function listPaymentLinkRecords(
  accountId: string,
  options: { limit: number; after?: CursorKey },
): Promise<{ records: PaymentLinkRecord[]; nextKey: CursorKey | null }> {
  const page = await queryPage({
    index: 'gsi1',
    partition: keys.paymentLinkListingPartition(accountId),
    limit: options.limit,
    newestFirst: true,
    ...(options.after ? { after: options.after } : {}),
  });
  return { records: page.items.map(toRecord), nextKey: page.nextKey };
}
