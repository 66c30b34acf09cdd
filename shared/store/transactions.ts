// Transactions, the service-wide reservation of their ids, their per-account externalId
// uniqueness items, and the sparse index of transactions still waiting for their instruction.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { countChange } from './daily-counters.ts';
import { failedConditions, isConditionFailure } from './dynamo-errors.ts';
import { type EventWrites, eventWriteItems } from './event-writes.ts';
import type { IdempotencyCompletion } from './idempotency.ts';
import { completionUpdate } from './idempotency.ts';
import { keys } from './keys.ts';
import { itemsOfEntries } from './paged-query.ts';
import { table } from './table.ts';
import { isTransactionConflict, retryingConflicts } from './transaction-conflicts.ts';
import { newTransactionItems, readTransaction } from './transaction-items.ts';
import { payerSearchKeys } from './transaction-search.ts';

export type InsertOutcome =
  | 'inserted'
  | 'id-taken'
  | 'external-id-taken'
  | 'idempotency-lost'
  /** The checkout session it was to complete is no longer open (completed by another submit, or expired). */
  | 'session-closed'
  /** The subscription cycle it was to charge is charged already (or the subscription moved on). */
  | 'cycle-taken'
  /** Still losing races with concurrent transactions on the same items after retrying. */
  | 'conflict';

/** How the writes reach DynamoDB; tests replace it to replay a request whose response was lost. */
export type SendWrite = (command: PutCommand | DeleteCommand | TransactWriteCommand) => Promise<unknown>;

const sendToDynamo: SendWrite = (command) => dynamo().send(command as TransactWriteCommand);

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

/**
 * Writes a new transaction. First, side by side and each alone, the reservation of its id across
 * the whole service and the transaction's details (transaction-items.ts): a plain conditional
 * write bills half what the same item costs inside a transaction. Then, in one DynamoDB
 * transaction (all or nothing), the transaction's state (from which every reader starts: the
 * transaction exists when it does), its externalId uniqueness item, the hour's counter and (when
 * given) the completed idempotency record. A write the transaction refuses takes its reservation
 * and details back; one a crash cuts between the two steps leaves them behind, an id never used
 * and details no state names, which no reader reaches. Each item carries this write's random
 * `writeId` where a retry needs it, and a failed condition returns the item that was there
 * (`ALL_OLD`): a write that finds its own `writeId` committed earlier (a retry after a lost
 * response) is the same write, not a taken id. A transaction sold by a checkout session completes
 * that session in the same write, so a session is paid once.
 */
export async function insertTransaction(
  record: TransactionRecord,
  options: {
    instructionDueAt: string;
    idempotency?: IdempotencyCompletion;
    /** The checkout session this transaction completes, while it is still open at `record.createdAt`. */
    checkoutSessionId?: string;
    /**
     * The subscription cycle this transaction charges: the subscription's advance (conditional on
     * the cycle before) and its events, written with the charge so a cycle is charged once.
     */
    subscriptionCycle?: { advance: TransactItems[number]; events: EventWrites };
  },
  send: SendWrite = sendToDynamo,
): Promise<InsertOutcome> {
  const writeId = randomUUID();
  const { state, details } = newTransactionItems(
    record,
    {
      state: {
        ...keys.pendingWork('fill-instruction', options.instructionDueAt, record.id),
        ...keys.transactionListing(record.accountId, record.createdAt, record.id),
      },
      details: payerSearchKeys(record),
    },
    writeId,
  );
  const reservation = {
    ...keys.transactionIdReservation(record.id),
    entity: 'transactionIdReservation',
    accountId: record.accountId,
    transactionId: record.id,
    writeId,
    createdAt: record.createdAt,
  };
  const owned = await Promise.all([putOwn(reservation, writeId, send), putOwn(details, writeId, send)]);
  // Either taken: the id is another transaction's, in this account or another.
  const outcome = owned.every(Boolean)
    ? await writeTransaction(record, state, options, writeId, send)
    : 'id-taken';
  if (outcome !== 'inserted')
    await Promise.all(
      [keys.transactionIdReservation(record.id), keys.transactionDetails(record.accountId, record.id)].map(
        (key) => deleteOwn(key, writeId, send),
      ),
    );
  return outcome;
}

const guarded = {
  ConditionExpression: 'attribute_not_exists(pk)',
  ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
} as const;

/** Puts a new item; true when it is this write's (now, or before a lost response), false when another's. */
async function putOwn(item: Record<string, unknown>, writeId: string, send: SendWrite): Promise<boolean> {
  const command = new PutCommand({ TableName: tableName(), Item: item, ...guarded });
  try {
    await retryingConflicts(() => send(command));
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return writeIdOf((error as { Item?: Record<string, unknown> }).Item) === writeId;
  }
}

/** Deletes an item this write put, if it is still this write's. */
async function deleteOwn(key: { pk: string; sk: string }, writeId: string, send: SendWrite): Promise<void> {
  const command = new DeleteCommand({
    TableName: tableName(),
    Key: key,
    ConditionExpression: 'writeId = :writeId',
    ExpressionAttributeValues: { ':writeId': writeId },
  });
  try {
    await retryingConflicts(() => send(command));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

async function writeTransaction(
  record: TransactionRecord,
  state: Record<string, unknown>,
  options: Parameters<typeof insertTransaction>[1],
  writeId: string,
  send: SendWrite,
): Promise<InsertOutcome> {
  const items: TransactItems = [{ Put: { TableName: tableName(), Item: state, ...guarded } }];
  const externalIdIndex = record.externalId === null ? -1 : items.length;
  if (record.externalId !== null) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.transactionExternalId(record.accountId, record.externalId),
          entity: 'transactionExternalId',
          transactionId: record.id,
          writeId,
          createdAt: record.createdAt,
        },
        ...guarded,
      },
    });
  }
  if (options.idempotency) items.push({ Update: completionUpdate(options.idempotency) });
  const sessionIndex = options.checkoutSessionId === undefined ? -1 : items.length;
  if (options.checkoutSessionId !== undefined) {
    items.push({
      Update: {
        TableName: tableName(),
        Key: keys.checkoutSession(options.checkoutSessionId),
        // A completed session is kept with its transaction: no expiry by TTL.
        UpdateExpression:
          'SET transactionId = :transactionId, updatedAt = :at, writeId = :writeId REMOVE #ttl',
        ConditionExpression: 'attribute_exists(pk) AND transactionId = :none AND expiresAt > :at',
        ExpressionAttributeNames: { '#ttl': table.ttlAttribute },
        ExpressionAttributeValues: {
          ':transactionId': record.id,
          ':at': record.createdAt,
          ':writeId': writeId,
          ':none': null,
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    });
  }
  const cycleIndex = options.subscriptionCycle === undefined ? -1 : items.length;
  if (options.subscriptionCycle) {
    items.push(options.subscriptionCycle.advance);
    items.push(...eventWriteItems(options.subscriptionCycle.events));
  }
  // Last, so the indexes above keep naming the items whose conditions can fail.
  items.push(countChange('created', { ...record, at: record.createdAt }));
  const command = new TransactWriteCommand({ TransactItems: items });
  try {
    await retryingConflicts(() => send(command));
    return 'inserted';
  } catch (error) {
    if (isTransactionConflict(error)) return 'conflict';
    const failed = failedConditions(error);
    if (!failed.length) throw error;
    // This write holds the id's reservation, and only its holder writes the state: a state already
    // there is this write's, committed before a lost response (so is anything else found with our writeId).
    if (failed.includes(0) || failed.some((index) => oldWriteId(error, index) === writeId)) return 'inserted';
    if (cycleIndex >= 0) return 'cycle-taken';
    // Before the externalId: a second submit of a session fails on both, and the session says why.
    if (failed.includes(sessionIndex)) return 'session-closed';
    if (failed.includes(externalIdIndex)) return 'external-id-taken';
    return 'idempotency-lost';
  }
}

/** The `writeId` of the item a failed condition found (raw attribute value or plain). */
function oldWriteId(error: unknown, index: number): string | undefined {
  const reasons = (error as { CancellationReasons?: Array<{ Item?: Record<string, unknown> }> })
    .CancellationReasons;
  return writeIdOf(reasons?.[index]?.Item);
}

function writeIdOf(item: Record<string, unknown> | undefined): string | undefined {
  const value = item?.writeId as { S?: string } | string | undefined;
  return typeof value === 'string' ? value : value?.S;
}

export function getTransaction(
  accountId: string,
  transactionId: string,
  consistent = false,
): Promise<TransactionRecord | undefined> {
  return readTransaction(accountId, transactionId, consistent);
}

/** The account of a transaction id, from the id's service-wide reservation. */
export async function findTransactionRef(
  transactionId: string,
): Promise<{ accountId: string; transactionId: string } | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.transactionIdReservation(transactionId) }),
  );
  return typeof Item?.accountId === 'string' ? { accountId: Item.accountId, transactionId } : undefined;
}

/** The accounts of many transaction ids at once, from their reservations (eventually consistent). */
export async function findTransactionRefs(
  transactionIds: readonly string[],
): Promise<Map<string, { accountId: string; transactionId: string }>> {
  const items = await itemsOfEntries(transactionIds.map((id) => keys.transactionIdReservation(id)));
  const refs = new Map<string, { accountId: string; transactionId: string }>();
  items.forEach((item, index) => {
    const transactionId = transactionIds[index]!;
    if (typeof item?.accountId === 'string')
      refs.set(transactionId, { accountId: item.accountId, transactionId });
  });
  return refs;
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
