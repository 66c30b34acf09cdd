// The database's own limit: the same writes and reads the API makes, sent straight to
// DynamoDB Local with the SDK, by a client configured like the service's (shared/aws/clients.ts)
// but separate from it, so the request counter never sees these.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { emailOwed } from '../../shared/emails/email-owed.ts';
import { newPrefixedId, newTransactionId } from '../../shared/ids.ts';
import { countChange } from '../../shared/store/daily-counters.ts';
import { keys } from '../../shared/store/keys.ts';
import type { TransactionRecord } from '../../shared/transactions/transaction.ts';
import type { LoadResult } from './load-worker.ts';

export type RawOperation = (index: number) => Promise<void>;

export interface RawDynamo {
  client: DynamoDBDocumentClient;
  /** Reads an item the API wrote, to clone its shape and size. */
  read(key: Record<string, string>): Promise<Record<string, unknown>>;
  close(): void;
}

export function rawDynamo(endpoint: string, tableName: string): RawDynamo {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 4,
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return {
    client,
    async read(key) {
      const { Item } = await client.send(
        new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
      );
      if (!Item) throw new Error(`raw baseline: no template item at ${JSON.stringify(key)}`);
      return Item;
    },
    close: () => client.destroy(),
  };
}

const notExists = 'attribute_not_exists(pk)';

/**
 * The work-index keys a purchase writes, with the same sizes, but under a partition the sweeper
 * never reads: these transactions have no instruction job, and the sweeper would otherwise
 * start one for each of them a minute later, in the middle of another section.
 */
function unsweptWorkKeys(dueAt: string, id: string) {
  const { gsi2pk, gsi2sk } = keys.pendingWork('fill-instruction', dueAt, id);
  return { gsi2pk: gsi2pk.replace(/^WORK#/, 'BENCH'), gsi2sk };
}

/** The account's hour counters as a purchase updates them, in the baseline's table. */
function hourCounters(tableName: string, accountId: string, template: Record<string, unknown>, at: string) {
  const { Update } = countChange('created', {
    accountId,
    currency: template.currency as string,
    amount: template.amount as number,
    at,
  });
  return { Update: { ...Update!, TableName: tableName } };
}

/**
 * A purchase's writes: the service-wide reservation of its id and the transaction's details, side
 * by side, then its state (with its work-index keys), its externalId item and the hour's counters,
 * in one transaction.
 */
export function purchaseWrite(
  raw: RawDynamo,
  tableName: string,
  template: { state: Record<string, unknown>; details: Record<string, unknown> },
  prefix: string,
): RawOperation {
  const accountId = template.state.accountId as string;
  return async (index) => {
    const id = newTransactionId();
    const externalId = `${prefix}-${index}`;
    const createdAt = new Date().toISOString();
    await Promise.all([
      raw.client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.transactionIdReservation(id),
            entity: 'transactionIdReservation',
            accountId,
            transactionId: id,
            createdAt,
          },
          ConditionExpression: notExists,
        }),
      ),
      raw.client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...template.details, ...keys.transactionDetails(accountId, id), externalId },
          ConditionExpression: notExists,
        }),
      ),
    ]);
    await raw.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: {
                ...template.state,
                ...keys.transaction(accountId, id),
                ...unsweptWorkKeys(createdAt, id),
                id,
                createdAt,
                updatedAt: createdAt,
              },
              ConditionExpression: notExists,
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: {
                ...keys.transactionExternalId(accountId, externalId),
                entity: 'transactionExternalId',
                transactionId: id,
                createdAt,
              },
              ConditionExpression: notExists,
            },
          },
          // The hour's counters of the account, as every purchase updates them.
          hourCounters(tableName, accountId, template.state, createdAt),
        ],
      }),
    );
  };
}

/** A product create's write: the product (with its listing keys) and its externalId item, in one transaction. */
export function productWrite(
  raw: RawDynamo,
  tableName: string,
  template: Record<string, unknown>,
  prefix: string,
): RawOperation {
  const accountId = template.accountId as string;
  return async (index) => {
    const id = newPrefixedId('prd');
    const externalId = `${prefix}-${index}`;
    const createdAt = new Date().toISOString();
    await raw.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: {
                ...template,
                ...keys.product(accountId, id),
                ...keys.productListing(accountId, createdAt, id),
                id,
                externalId,
                createdAt,
                updatedAt: createdAt,
              },
              ConditionExpression: notExists,
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: {
                ...keys.productExternalId(accountId, externalId),
                type: 'productExternalId',
                accountId,
                externalId,
                productId: id,
              },
              ConditionExpression: notExists,
            },
          },
        ],
      }),
    );
  };
}

/**
 * A transaction read as GET /transactions/:id makes it: one eventually consistent Query of its
 * state and details (shared/store/transaction-items.ts), then,
 * when the transaction owes the payer e-mails, the Query of their statuses
 * (shared/transactions/get-transaction.ts).
 */
export function transactionRead(
  raw: RawDynamo,
  tableName: string,
  accountId: string,
  ids: string[],
): RawOperation {
  return async (index) => {
    const transactionId = ids[index % ids.length]!;
    const state = keys.transaction(accountId, transactionId);
    const { Items = [] } = await raw.client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :state AND :details',
        ExpressionAttributeValues: {
          ':pk': state.pk,
          ':state': state.sk,
          ':details': keys.transactionDetailsSortKey,
        },
      }),
    );
    if (Items.length === 0) throw new Error('raw baseline: transaction not found');
    const [first, second] = Items;
    if (!emailOwed({ ...second, ...first } as unknown as TransactionRecord)) return;
    await raw.client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.transactionItemsPartition(accountId, transactionId),
          ':prefix': keys.emailPrefix,
        },
      }),
    );
  };
}

/** Runs `requests` operations, `concurrency` at a time, like the HTTP load worker does. */
export async function runRaw(
  operation: RawOperation,
  requests: number,
  concurrency: number,
  timeCapMs: number,
): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  const statuses: Record<string, number> = {};
  let firstUnexpected: string | undefined;
  let next = 0;
  const started = performance.now();
  const deadline = started + timeCapMs;
  const lane = async () => {
    while (next < requests && performance.now() < deadline) {
      const index = next++;
      const sent = performance.now();
      try {
        await operation(index);
        latenciesMs.push(performance.now() - sent);
        statuses.ok = (statuses.ok ?? 0) + 1;
      } catch (error) {
        statuses.error = (statuses.error ?? 0) + 1;
        firstUnexpected ??= `${(error as Error).name}: ${(error as Error).message}`;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return {
    latenciesMs,
    elapsedMs: performance.now() - started,
    statuses,
    ...(firstUnexpected ? { firstUnexpected } : {}),
    ...(next < requests ? { cappedAt: next } : {}),
  };
}
