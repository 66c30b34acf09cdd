// Refunds and the transaction's refunded amount. A refund is taken in ONE DynamoDB transaction
// that puts the refund and adds its amount to the transaction's `refundedAmount` on the
// condition that the sum stays within the amount paid, so concurrent refunds can never give back
// more than arrived (no read decides it). DynamoDB conditions cannot add, so the write names the
// refunded amount it may start from: exactly `amount − refund` (it makes the transaction
// REFUNDED) or less (it stays PAID). A failed condition returns the item as it is (ALL_OLD), and
// the next attempt starts from that: each attempt is one conditional write, never a read.
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import type { RefundRecord } from '../refunds/refund.ts';
import type { TransactionRecord, TransactionStatus } from '../transactions/transaction.ts';
import { writeIf } from './conditional-writes.ts';
import { failedConditions } from './dynamo-errors.ts';
import { completionUpdate, type IdempotencyCompletion } from './idempotency.ts';
import { keys } from './keys.ts';
import { withoutKeys } from './records.ts';
import { retryingConflicts } from './transaction-conflicts.ts';

/** Refunds one transaction may have: GET /transactions/{id}/refunds reads them in one page. */
export const maxRefundsPerTransaction = 100;

export type RefundInsertOutcome =
  | { outcome: 'inserted' }
  /** The refunds already taken leave less than asked: `left` cents. */
  | { outcome: 'exceeds'; left: number; disputed: number }
  | { outcome: 'not-refundable'; status: TransactionStatus }
  | { outcome: 'too-many' }
  | { outcome: 'idempotency-lost' };

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;
type OldItem = Record<string, { S?: string; N?: string } | string | number | undefined>;

function oldItem(error: unknown, index: number): OldItem | undefined {
  const reasons = (error as { CancellationReasons?: Array<{ Item?: OldItem }> }).CancellationReasons;
  return reasons?.[index]?.Item;
}
const text = (value: OldItem[string]) => (typeof value === 'object' ? value?.S : String(value ?? ''));
const count = (value: OldItem[string]) => Number((typeof value === 'object' ? value?.N : value) ?? 0);

/**
 * Puts the refund (PENDING, owed to the settle-refund work) and reserves its amount on the
 * transaction, with the idempotency completion and `extra` items (the ledger's) in the same
 * transaction. `transaction` is the caller's read: its `refundedAmount` is the first guess.
 */
export async function insertRefund(
  transaction: TransactionRecord,
  refund: RefundRecord,
  options: { settleDueAt: string; idempotency?: IdempotencyCompletion; extra?: TransactItems },
): Promise<RefundInsertOutcome> {
  let refunded = transaction.refundedAmount ?? 0;
  // Disputes take money back too: the write names the disputed amount it read, so a dispute
  // recorded meanwhile fails it and the next attempt counts it (a condition cannot add).
  let disputed = transaction.disputedAmount ?? 0;
  // Each retry follows a concurrent refund that moved `refundedAmount`; each one can only move it
  // up (a failed refund gives back, rarely), so the loop ends with the room used up.
  for (let attempt = 0; attempt < 3 * maxRefundsPerTransaction; attempt++) {
    const room = transaction.amount - disputed - refund.amount;
    if (refunded > room)
      return { outcome: 'exceeds', left: transaction.amount - disputed - refunded, disputed };
    const disputedAsRead =
      disputed === 0
        ? '(attribute_not_exists(disputedAmount) OR disputedAmount = :zero)'
        : 'disputedAmount = :disputed';
    const fills = refunded === room;
    const startsFrom = fills
      ? room === 0
        ? '(attribute_not_exists(refundedAmount) OR refundedAmount = :zero)'
        : 'refundedAmount = :room'
      : '(attribute_not_exists(refundedAmount) OR refundedAmount < :room)';
    const items: TransactItems = [
      {
        Update: {
          TableName: tableName(),
          Key: keys.transaction(transaction.accountId, transaction.id),
          UpdateExpression:
            'SET refundedAmount = if_not_exists(refundedAmount, :zero) + :amount, refundCount = if_not_exists(refundCount, :zero) + :one, #status = :next, updatedAt = :now',
          ConditionExpression: `#status = :paid AND (attribute_not_exists(refundCount) OR refundCount < :max) AND ${startsFrom} AND ${disputedAsRead}`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':zero': 0,
            ':one': 1,
            ':amount': refund.amount,
            ...(fills && room === 0 ? {} : { ':room': room }),
            ...(disputed === 0 ? {} : { ':disputed': disputed }),
            ':max': maxRefundsPerTransaction,
            ':paid': 'PAID',
            ':next': fills ? 'REFUNDED' : 'PAID',
            ':now': refund.createdAt,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.refund(refund.accountId, refund.transactionId, refund.id),
            ...keys.pendingWork('settle-refund', options.settleDueAt, refund.id),
            entity: 'refund',
            ...refund,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...(options.idempotency ? [{ Update: completionUpdate(options.idempotency) }] : []),
      ...(options.extra ?? []),
    ];
    try {
      await retryingConflicts(() => dynamo().send(new TransactWriteCommand({ TransactItems: items })));
      return { outcome: 'inserted' };
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed.length) throw error;
      // The refund's id is drawn per request: finding it written means this very write committed
      // before (the SDK retried it after a lost response).
      if (failed.includes(1)) return { outcome: 'inserted' };
      if (!failed.includes(0)) return { outcome: 'idempotency-lost' };
      const current = oldItem(error, 0);
      if (!current) return { outcome: 'not-refundable', status: transaction.status };
      const status = text(current.status) as TransactionStatus;
      if (status === 'REFUNDED')
        return { outcome: 'exceeds', left: 0, disputed: count(current.disputedAmount) };
      if (status !== 'PAID') return { outcome: 'not-refundable', status };
      if (count(current.refundCount) >= maxRefundsPerTransaction) return { outcome: 'too-many' };
      refunded = count(current.refundedAmount);
      disputed = count(current.disputedAmount);
    }
  }
  throw new Error(`refund of transaction ${transaction.id}: the refunded amount kept moving`);
}

export async function getRefund(
  accountId: string,
  transactionId: string,
  refundId: string,
  consistent = false,
): Promise<RefundRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.refund(accountId, transactionId, refundId),
      ConsistentRead: consistent,
    }),
  );
  return Item ? withoutKeys<RefundRecord>(Item) : undefined;
}

/** The transaction's refunds, oldest first: one page (a transaction has at most maxRefundsPerTransaction). */
export async function listRefunds(accountId: string, transactionId: string): Promise<RefundRecord[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.transactionItemsPartition(accountId, transactionId),
        ':prefix': keys.refundSortKeyPrefix,
      },
      Limit: maxRefundsPerTransaction,
    }),
  );
  return (Items ?? [])
    .map((item) => withoutKeys<RefundRecord>(item))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** PENDING → SUCCEEDED; the refund leaves the work index (a write that fails: settled already). */
export function refundSucceededItems(refund: RefundRecord, now: Date): TransactItems {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.refund(refund.accountId, refund.transactionId, refund.id),
        UpdateExpression: 'SET #status = :succeeded, updatedAt = :now REMOVE gsi2pk, gsi2sk',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':succeeded': 'SUCCEEDED',
          ':pending': 'PENDING',
          ':now': now.toISOString(),
        },
      },
    },
  ];
}

/**
 * PENDING → FAILED with the rail's reason, and its amount given back to the transaction (a
 * REFUNDED transaction is PAID again): one transaction, so the sum stays what the refunds hold.
 */
export function refundFailedItems(refund: RefundRecord, reason: string, now: Date): TransactItems {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.refund(refund.accountId, refund.transactionId, refund.id),
        UpdateExpression:
          'SET #status = :failed, failureReason = :reason, updatedAt = :now REMOVE gsi2pk, gsi2sk',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'FAILED',
          ':pending': 'PENDING',
          ':reason': reason,
          ':now': now.toISOString(),
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.transaction(refund.accountId, refund.transactionId),
        UpdateExpression: 'SET refundedAmount = refundedAmount - :amount, #status = :paid, updatedAt = :now',
        ConditionExpression: 'refundedAmount >= :amount',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':amount': refund.amount, ':paid': 'PAID', ':now': now.toISOString() },
      },
    },
  ];
}

/** Moves a pending refund's work to a later time (the rail said it is still processing). */
export function postponeRefundWork(refund: RefundRecord, dueAt: string): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.refund(refund.accountId, refund.transactionId, refund.id),
      UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ...workValues(refund.id, dueAt), ':pending': 'PENDING' },
    }),
  );
}

function workValues(refundId: string, dueAt: string) {
  const entry = keys.pendingWork('settle-refund', dueAt, refundId);
  return { ':pk': entry.gsi2pk, ':sk': entry.gsi2sk };
}
