// Products and their per-account externalId uniqueness items. Every state change is a
// conditional write: a product is replaced only if it still has the version the caller read and
// is not archived, and an externalId is claimed only if no item holds it yet, in the same
// transaction as the product, so two requests can never both win.
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import type { ProductRecord } from '../catalog/product.ts';
import { tableName } from '../config.ts';
import type { CursorKey, CursorShape } from './cursor.ts';
import { failedConditions, isConditionFailure } from './dynamo-errors.ts';
import { keys } from './keys.ts';
import { queryPage } from './paged-query.ts';
import { withoutKeys } from './records.ts';
import { isTransactionConflict, retryingConflicts } from './transaction-conflicts.ts';

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

export type InsertProductOutcome = 'inserted' | 'external-id-taken';
export type ReplaceProductOutcome = 'replaced' | 'stale' | 'external-id-taken';

function productItem(record: ProductRecord) {
  return {
    ...keys.product(record.accountId, record.id),
    ...keys.productListing(record.accountId, record.createdAt, record.id),
    entity: 'product',
    ...record,
  };
}

function externalIdItem(record: ProductRecord, externalId: string) {
  return {
    ...keys.productExternalId(record.accountId, externalId),
    entity: 'productExternalId',
    accountId: record.accountId,
    externalId,
    productId: record.id,
  };
}

const toRecord = (item: Record<string, unknown>) => withoutKeys<ProductRecord>(item);

/** Writes a new product and, when it has one, claims its externalId in the same transaction. */
export async function insertProduct(record: ProductRecord): Promise<InsertProductOutcome> {
  const items: TransactItems = [
    {
      Put: {
        TableName: tableName(),
        Item: productItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (record.externalId !== null) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: externalIdItem(record, record.externalId),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  // Without an externalId a plain conditional put does: a one-item transaction costs twice the write capacity.
  if (items.length === 1) {
    await dynamo().send(new PutCommand(items[0]!.Put!));
    return 'inserted';
  }
  try {
    await retryingConflicts(() => dynamo().send(new TransactWriteCommand({ TransactItems: items })));
    return 'inserted';
  } catch (error) {
    const failed = failedConditions(error);
    if (failed.includes(1)) return 'external-id-taken';
    throw error;
  }
}

export async function getProductRecord(
  accountId: string,
  productId: string,
): Promise<ProductRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.product(accountId, productId), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : undefined;
}

/**
 * Replaces `before` with `after` if the stored product still has `before.version` and is not
 * archived ('stale' otherwise: read it again and redo the change). A changed externalId moves
 * its uniqueness item in the same transaction: the old one is released, the new one claimed.
 */
export async function replaceProduct(
  before: ProductRecord,
  after: ProductRecord,
): Promise<ReplaceProductOutcome> {
  const put = {
    TableName: tableName(),
    Item: productItem(after),
    ConditionExpression: '#version = :version AND (attribute_not_exists(deletedAt) OR deletedAt = :null)',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: { ':version': before.version, ':null': null },
  };
  try {
    if (before.externalId === after.externalId) {
      await dynamo().send(new PutCommand(put));
      return 'replaced';
    }
    const items: TransactItems = [{ Put: put }];
    if (before.externalId !== null) {
      items.push({
        Delete: {
          TableName: tableName(),
          Key: keys.productExternalId(before.accountId, before.externalId),
          // Never release an externalId that another product holds.
          ConditionExpression: 'attribute_not_exists(pk) OR productId = :id',
          ExpressionAttributeValues: { ':id': before.id },
        },
      });
    }
    const claimIndex = items.length;
    if (after.externalId !== null) {
      items.push({
        Put: {
          TableName: tableName(),
          Item: externalIdItem(after, after.externalId),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    }
    try {
      await retryingConflicts(() => dynamo().send(new TransactWriteCommand({ TransactItems: items })));
      return 'replaced';
    } catch (error) {
      const failed = failedConditions(error);
      if (failed.includes(0)) return 'stale';
      if (after.externalId !== null && failed.includes(claimIndex)) return 'external-id-taken';
      throw error;
    }
  } catch (error) {
    if (isConditionFailure(error) || isTransactionConflict(error)) return 'stale';
    throw error;
  }
}

export function productCursorShape(accountId: string): CursorShape {
  const partition = keys.productListingPartition(accountId);
  return {
    fields: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
    pinned: { gsi1pk: partition, sk: keys.product(accountId, 'x').sk },
    // The table key must be the product the index entry names, so a cursor cannot point elsewhere.
    check: (key) => {
      const productId = String(key.gsi1sk).split('#').at(-1) ?? '';
      return key.pk === keys.product(accountId, productId).pk;
    },
  };
}

export async function listProductRecords(
  accountId: string,
  options: { limit: number; after?: CursorKey; keep: (record: ProductRecord) => boolean },
): Promise<{ records: ProductRecord[]; nextKey: CursorKey | null }> {
  const page = await queryPage({
    index: 'gsi1',
    partition: keys.productListingPartition(accountId),
    limit: options.limit,
    newestFirst: true,
    keep: (item) => options.keep(toRecord(item)),
    ...(options.after ? { after: options.after } : {}),
  });
  return { records: page.items.map(toRecord), nextKey: page.nextKey };
}
