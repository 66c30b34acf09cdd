// Offers, listed per product. A new offer is written in one transaction with a check that its
// product exists and is not archived, so an offer can never attach to an archived product.
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import type { OfferRecord } from '../catalog/offer.ts';
import { tableName } from '../config.ts';
import type { CursorKey, CursorShape } from './cursor.ts';
import { failedConditions, isConditionFailure } from './dynamo-errors.ts';
import { keys } from './keys.ts';
import { queryPage } from './paged-query.ts';
import { withoutKeys } from './records.ts';
import { retryingConflicts } from './transaction-conflicts.ts';

const toRecord = (item: Record<string, unknown>) => withoutKeys<OfferRecord>(item);

/** 'product-unavailable': the product is missing or archived (the caller reads it to tell which). */
export async function insertOffer(record: OfferRecord): Promise<'inserted' | 'product-unavailable'> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: keys.product(record.accountId, record.productId),
              ConditionExpression:
                'attribute_exists(pk) AND (attribute_not_exists(deletedAt) OR deletedAt = :null)',
              ExpressionAttributeValues: { ':null': null },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.offer(record.accountId, record.id),
                ...keys.offerListing(record.accountId, record.productId, record.createdAt, record.id),
                entity: 'offer',
                ...record,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return 'inserted';
  } catch (error) {
    if (failedConditions(error).includes(0)) return 'product-unavailable';
    throw error;
  }
}

export function offerCursorShape(accountId: string, productId: string): CursorShape {
  return {
    fields: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
    pinned: { gsi1pk: keys.offerListingPartition(accountId, productId), sk: keys.offer(accountId, 'x').sk },
    check: (key) => key.pk === keys.offer(accountId, String(key.gsi1sk).split('#').at(-1) ?? '').pk,
  };
}

export async function listOfferRecords(
  accountId: string,
  productId: string,
  options: { limit: number; after?: CursorKey },
): Promise<{ records: OfferRecord[]; nextKey: CursorKey | null }> {
  const page = await queryPage({
    index: 'gsi1',
    partition: keys.offerListingPartition(accountId, productId),
    limit: options.limit,
    newestFirst: true,
    ...(options.after ? { after: options.after } : {}),
  });
  return { records: page.items.map(toRecord), nextKey: page.nextKey };
}

export async function getOfferRecord(accountId: string, offerId: string): Promise<OfferRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.offer(accountId, offerId), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : undefined;
}

/** Sets the given fields of an existing offer; undefined when the account has no such offer. */
export async function updateOfferRecord(
  accountId: string,
  offerId: string,
  changes: Partial<Pick<OfferRecord, 'name' | 'active'>>,
  updatedAt: string,
): Promise<OfferRecord | undefined> {
  const fields = { ...changes, updatedAt };
  const names = Object.keys(fields);
  try {
    const { Attributes } = await retryingConflicts(() =>
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.offer(accountId, offerId),
          UpdateExpression: `SET ${names.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#f${index}`, name])),
          ExpressionAttributeValues: Object.fromEntries(
            Object.values(fields).map((value, index) => [`:v${index}`, value]),
          ),
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
