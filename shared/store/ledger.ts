// The ledger's items: each entry (under the account's ledger partition, newest first by time),
// and one balance item per account and currency that every movement updates with ADD in the
// same transaction as the entry, so the balance is the sum of the entries at every commit.
import { QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import type { Balance, LedgerEntry, LedgerWrite } from '../balance/ledger.ts';
import { tableName } from '../config.ts';
import type { CursorKey, CursorShape } from './cursor.ts';
import { keys } from './keys.ts';
import { withoutKeys } from './records.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export function ledgerWriteItems(write: LedgerWrite): TransactItem[] {
  const puts: TransactItem[] = write.entries.map((entry) => ({
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.ledgerEntry(entry.accountId, entry.createdAt, entry.id),
        entity: 'ledgerEntry',
        ...entry,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }));
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

/** One page of the account's entries, newest first. */
export async function listLedgerEntries(
  accountId: string,
  limit: number,
  after?: CursorKey,
): Promise<{ entries: LedgerEntry[]; nextKey: CursorKey | null }> {
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
  const items = page.Items ?? [];
  const last = items.at(-1);
  return {
    entries: items.map((item) => withoutKeys<LedgerEntry>(item)),
    nextKey: page.LastEvaluatedKey && last ? { pk: String(last.pk), sk: String(last.sk) } : null,
  };
}
