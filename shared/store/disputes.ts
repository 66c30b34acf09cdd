// Disputes live on their transaction's item (`disputes`, with their ids in `disputeIds` and
// their sum in `disputedAmount`): a transaction has a handful at most, and the view reads none
// apart. A dispute is added in ONE DynamoDB transaction with its ledger entry and balance change,
// on the condition that its id is not there yet: the same rail dispute seen twice is one.
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.ts';
import type { DisputeView } from '../disputes/dispute.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { keys } from './keys.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Adds the dispute to a paid transaction (PAID or REFUNDED) unless it holds it already. */
export function addDisputeItem(
  transaction: Pick<TransactionRecord, 'accountId' | 'id'>,
  dispute: DisputeView,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.transaction(transaction.accountId, transaction.id),
      UpdateExpression:
        'SET disputes = list_append(if_not_exists(disputes, :none), :dispute), disputedAmount = if_not_exists(disputedAmount, :zero) + :amount, updatedAt = :now ADD disputeIds :ids',
      ConditionExpression:
        '#status IN (:paid, :refunded) AND (attribute_not_exists(disputeIds) OR NOT contains(disputeIds, :id))',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':none': [],
        ':dispute': [dispute],
        ':zero': 0,
        ':amount': dispute.amount,
        ':now': dispute.createdAt,
        ':ids': new Set([dispute.id]),
        ':id': dispute.id,
        ':paid': 'PAID',
        ':refunded': 'REFUNDED',
      },
    },
  };
}

/**
 * Closes the OPEN dispute at `index` of the transaction's list: LOST (its money was counted when
 * it opened), or WON (its amount leaves `disputedAmount`, so it can be refunded again: a
 * transaction REFUNDED up to what the disputes left is PAID again, as when a refund fails).
 */
export function closeDisputeItem(
  transaction: Pick<TransactionRecord, 'accountId' | 'id'>,
  index: number,
  dispute: Pick<DisputeView, 'id' | 'amount'>,
  outcome: 'LOST' | 'WON',
  now: string,
): TransactItem {
  const won = outcome === 'WON';
  return {
    Update: {
      TableName: tableName(),
      Key: keys.transaction(transaction.accountId, transaction.id),
      UpdateExpression: `SET disputes[${index}].#status = :outcome, disputes[${index}].updatedAt = :now, updatedAt = :now${won ? ', disputedAmount = disputedAmount - :amount, #status = :paid' : ''}`,
      ConditionExpression: `disputes[${index}].id = :id AND disputes[${index}].#status = :open`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':outcome': outcome,
        ':open': 'OPEN',
        ':id': dispute.id,
        ':now': now,
        ...(won ? { ':amount': dispute.amount, ':paid': 'PAID' } : {}),
      },
    },
  };
}
