// The ledger's items: each entry (under the account's ledger partition, newest first by time),
// and one balance item per account and currency that every movement updates with ADD in the
// same transaction as the entry, so the balance is the sum of the entries at every commit. A
// payment's fee is kept on the payment's item (`fee`), not as an item of its own: one item
// written instead of two (2 write units a payment, in a transaction); reads show it as its own
// entry, right after the payment, as when it had its own item (older fees still do).
import { QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import type { Balance, LedgerEntry, LedgerWrite } from '../balance/ledger.ts';
import { tableName } from '../config.ts';
import type { CursorKey, CursorShape } from './cursor.ts';
import { keys } from './keys.ts';
import { withoutKeys } from './records.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** What the payment's item keeps of its fee entry: the rest is the payment's. */
interface StoredFee {
  id: string;
  amount: number;
}

/** The fee that rides on a payment's item: the same movement's (transaction, time), if any. */
function feeOf(payment: LedgerEntry, entries: readonly LedgerEntry[]): LedgerEntry | undefined {
  if (payment.kind !== 'payment') return undefined;
  return entries.find(
    (entry) =>
      entry.kind === 'fee' &&
      entry.transactionId === payment.transactionId &&
      entry.createdAt === payment.createdAt &&
      entry.currency === payment.currency,
  );
}

export function ledgerWriteItems(write: LedgerWrite): TransactItem[] {
  const riding = new Set(
    write.entries.map((entry) => feeOf(entry, write.entries)).filter((fee) => fee !== undefined),
  );
  const puts: TransactItem[] = write.entries
    .filter((entry) => !riding.has(entry))
    .map((entry) => {
      const fee = feeOf(entry, write.entries);
      return {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.ledgerEntry(entry.accountId, entry.createdAt, entry.id),
            entity: 'ledgerEntry',
            ...entry,
            ...(fee ? { fee: { id: fee.id, amount: fee.amount } satisfies StoredFee } : {}),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      };
    });
  const updates: TransactItem[] = write.changes.map((change) => ({
    Update: {
      TableName: tableName(),
      Key: keys.balance(write.accountId, change.currency),
      UpdateExpression:
        'SET currency = :currency ADD available :available, pending :pending, refunded :refunded, disputed :disputed',
      ExpressionAttributeValues: {
        ':currency': change.currency,
        ':available': change.available,
        ':pending': change.pending,
        ':refunded': change.refunded,
        ':disputed': change.disputed,
      },
    },
  }));
  return [...puts, ...updates];
}

/** The account's balances, one per currency it has moved money in (at most one item per currency). */
export async function readBalances(accountId: string): Promise<Balance[]> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.balancePartition(accountId) },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => {
    const record = withoutKeys<Record<string, unknown>>(item);
    return {
      currency: record.currency as Balance['currency'],
      available: Number(record.available ?? 0),
      pending: Number(record.pending ?? 0),
      refunded: Number(record.refunded ?? 0),
      disputed: Number(record.disputed ?? 0),
    };
  });
}

export function ledgerCursorShape(accountId: string): CursorShape {
  return { fields: ['pk', 'sk'], pinned: { pk: keys.ledgerPartition(accountId) } };
}

/** The entries an item holds: its own, and the fee kept on a payment's item right after it. */
function entriesOfItem(item: Record<string, unknown>): LedgerEntry[] {
  const { fee, ...entry } = withoutKeys<LedgerEntry & { fee?: StoredFee }>(item);
  if (!fee) return [entry];
  return [entry, { ...entry, id: fee.id, kind: 'fee', amount: Number(fee.amount) }];
}

/**
 * A cursor between a payment and the fee on its item: the item's sort key and this mark. Sorting
 * just above the item, it starts the next page (newest first) at that item, whose payment the
 * page before showed already.
 */
const afterPaymentMark = '~';

/**
 * One page of the account's entries, newest first: at most `limit` entries from at most `limit`
 * items (a page that would end between a payment and its fee ends before the payment, or, when
 * that payment is the page's only item, between the two).
 */
export async function listLedgerEntries(
  accountId: string,
  limit: number,
  after?: CursorKey,
): Promise<{ entries: LedgerEntry[]; nextKey: CursorKey | null }> {
  const shownPaymentOf =
    typeof after?.sk === 'string' && after.sk.endsWith(afterPaymentMark)
      ? after.sk.slice(0, -afterPaymentMark.length)
      : undefined;
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.ledgerPartition(accountId) },
      ScanIndexForward: false,
      Limit: limit,
      ...(after ? { ExclusiveStartKey: after } : {}),
    }),
  );
  const items = (page.Items ?? []).map((item) => {
    const entries = entriesOfItem(item);
    return {
      key: { pk: String(item.pk), sk: String(item.sk) },
      entries: item.sk === shownPaymentOf ? entries.slice(1) : entries,
    };
  });
  const entries: LedgerEntry[] = [];
  let nextKey: CursorKey | null = null;
  for (const [index, item] of items.entries()) {
    if (entries.length + item.entries.length <= limit) {
      entries.push(...item.entries);
      nextKey = index === items.length - 1 && !page.LastEvaluatedKey ? null : item.key;
      continue;
    }
    // The page is full: the item waits for the next one, whole, unless nothing was shown yet.
    if (entries.length === 0) {
      entries.push(...item.entries.slice(0, limit));
      nextKey = { ...item.key, sk: `${item.key.sk}${afterPaymentMark}` };
    }
    break;
  }
  return { entries, nextKey };
}
