// A transaction is stored as two items under its partition: its state (`TX`: status, times, the
// instruction, refunds and disputes, the listing and work-index keys: all that a state change
// rewrites) and its details (`TX#DETAILS`: who pays, for what, where to notify, the hosted page's
// token, the payer search keys: written once, with the purchase). DynamoDB bills a write by the
// whole item, one unit per KB, so PAID and the instruction rewrite well under 1 KB instead of the
// whole record. A transaction written before the split is one `TX` item holding everything, and
// reads the same.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { keys } from './keys.ts';
import { itemsOfEntries } from './paged-query.ts';
import { withoutKeys } from './records.ts';

type Item = Record<string, unknown>;

/** What never changes after the purchase: the details item's fields. */
export const transactionDetailFields = [
  'payer',
  'description',
  'externalId',
  'requestedPostbackUrl',
  'postbackUrl',
  'boleto',
  'pix',
  'pageToken',
  'sendEmails',
  'sale',
  'subscription',
  'payerReturnUrl',
  'costFee',
] as const satisfies ReadonlyArray<keyof TransactionRecord>;

const detailFields: ReadonlySet<string> = new Set(transactionDetailFields);

/**
 * The two items a new transaction is written as: `indexKeys.state` are the index keys its state
 * starts with (listing, work index), `indexKeys.details` the payer search keys; the details also
 * carry the write's `writeId`.
 */
export function newTransactionItems(
  record: TransactionRecord,
  indexKeys: { state: Item; details: Item },
  writeId: string,
): { state: Item; details: Item } {
  const state: Item = {
    ...keys.transaction(record.accountId, record.id),
    ...indexKeys.state,
    entity: 'transaction',
  };
  const details: Item = {
    ...keys.transactionDetails(record.accountId, record.id),
    ...indexKeys.details,
    entity: 'transactionDetails',
    writeId,
  };
  for (const [field, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if (detailFields.has(field)) details[field] = value;
    else state[field] = value;
  }
  return { state, details };
}

/** The record of a transaction from its state item and, when it has one, its details item. */
export function transactionOf(state: Item, details?: Item): TransactionRecord {
  return withoutKeys<TransactionRecord>(details ? { ...details, ...state } : state);
}

/**
 * One transaction's items (its state and details, not its events or refunds) in one Query: both
 * together are one read unit where the state alone was, and a consistent read sees both.
 */
export async function readTransaction(
  accountId: string,
  transactionId: string,
  consistent = false,
): Promise<TransactionRecord | undefined> {
  const { pk, sk } = keys.transaction(accountId, transactionId);
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :state AND :details',
      ExpressionAttributeValues: {
        ':pk': pk,
        ':state': sk,
        ':details': keys.transactionDetails(accountId, transactionId).sk,
      },
      ConsistentRead: consistent,
    }),
  );
  const state = Items.find((item) => item.sk === sk);
  const details = Items.find((item) => item.sk !== sk);
  return state ? transactionOf(state, details) : undefined;
}

/**
 * The transactions that items of their partitions name (index entries pointing at either item),
 * in the entries' order; undefined where the transaction is gone. Eventually consistent.
 */
export async function transactionsOfEntries(entries: readonly Item[]): Promise<Array<Item | undefined>> {
  const itemKeys = entries.flatMap((entry) => {
    const pk = String(entry.pk);
    return [
      { pk, sk: keys.transactionStateSortKey },
      { pk, sk: keys.transactionDetailsSortKey },
    ];
  });
  const items = await itemsOfEntries(itemKeys);
  return entries.map((_, index) => {
    const state = items[2 * index];
    const details = items[2 * index + 1];
    return state ? { ...details, ...state } : undefined;
  });
}
