// Transactions, their per-account externalId uniqueness items, and the sparse index of
// transactions still waiting for their payment instruction.
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { countChange } from './daily-counters.ts';
import { failedConditions, isConditionFailure } from './dynamo-errors.ts';
import type { IdempotencyCompletion } from './idempotency.ts';
import { completionUpdate } from './idempotency.ts';
import { keys } from './keys.ts';
import { withoutKeys } from './records.ts';

export type InsertOutcome = 'inserted' | 'id-taken' | 'external-id-taken' | 'idempotency-lost';

/**
 * Writes the transaction, its externalId uniqueness item and (when given) the completed
 * idempotency record in one DynamoDB transaction (all of them or none), or with one conditional
 * put when the transaction is the only item.
 */
export async function insertTransaction(
  record: TransactionRecord,
  options: { instructionDueAt: string; idempotency?: IdempotencyCompletion },
): Promise<InsertOutcome> {
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.transaction(record.accountId, record.id),
          ...keys.pendingWork('fill-instruction', options.instructionDueAt, record.id),
          ...keys.transactionListing(record.accountId, record.createdAt, record.id),
          entity: 'transaction',
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (record.externalId !== null) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.transactionExternalId(record.accountId, record.externalId),
          entity: 'transactionExternalId',
          transactionId: record.id,
          createdAt: record.createdAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  if (options.idempotency) items.push({ Update: completionUpdate(options.idempotency) });
  // Last, so the indexes above keep naming the items whose conditions can fail.
  items.push(countChange('created', { ...record, at: record.createdAt }));
  try {
    // A lone item is a plain conditional put: a one-item transaction costs twice the write capacity.
    const only = items.length === 1 ? items[0]!.Put : undefined;
    if (only) await dynamo().send(new PutCommand(only));
    else await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
    return 'inserted';
  } catch (error) {
    if (isConditionFailure(error)) return 'id-taken';
    const failed = failedConditions(error);
    if (!failed.length) throw error;
    if (failed.includes(0)) return 'id-taken';
    if (record.externalId !== null && failed.includes(1)) return 'external-id-taken';
    return 'idempotency-lost';
  }
}

export async function getTransaction(
  accountId: string,
  transactionId: string,
  consistent = false,
): Promise<TransactionRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.transaction(accountId, transactionId),
      ConsistentRead: consistent,
    }),
  );
  return Item ? withoutKeys<TransactionRecord>(Item) : undefined;
}

export async function findTransactionIdByExternalId(
  accountId: string,
  externalId: string,
): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.transactionExternalId(accountId, externalId) }),
  );
  return Item?.transactionId as string | undefined;
}
