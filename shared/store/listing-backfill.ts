// Puts transactions and events written before the listing indexes (and transactions written before
// the payer-search indexes) existed into them. A scan
// (the one place this service scans: an operator's one-off job), resumable from the last page
// it finished, and idempotent: each item is indexed by a write conditional on it not being
// indexed yet, with the same keys the live writes use.
import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { writeIf } from './conditional-writes.ts';
import { keys } from './keys.ts';
import { payerSearchKeys } from './transaction-search.ts';

export interface BackfillProgress {
  /** Where the next run continues; null when the last run finished the table. */
  nextKey: Record<string, unknown> | null;
  scanned: number;
  indexed: number;
  updatedAt: string;
  completedAt: string | null;
}

const job = 'listing-index-backfill';

export async function readBackfillProgress(): Promise<BackfillProgress | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.maintenanceProgress(job), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const { pk, sk, entity, ...progress } = Item;
  void pk;
  void sk;
  void entity;
  return progress as BackfillProgress;
}

export async function saveBackfillProgress(progress: BackfillProgress): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.maintenanceProgress(job), entity: 'maintenanceProgress', ...progress },
    }),
  );
}

/** Listing keys an item should carry, or null when it is not a listed kind of item. */
function listingKeysOf(item: Record<string, unknown>): { gsi1pk: string; gsi1sk: string } | null {
  if (item.entity === 'transaction')
    return keys.transactionListing(String(item.accountId), String(item.createdAt), String(item.id));
  if (item.entity === 'event')
    return keys.eventListing(String(item.accountId), String(item.createdAt), String(item.eventId));
  return null;
}

/** One page of the scan: indexes what it finds; answers how far it got. */
export async function backfillListingPage(
  startKey: Record<string, unknown> | null,
  pageSize = 500,
): Promise<{ scanned: number; indexed: number; nextKey: Record<string, unknown> | null }> {
  const page = await dynamo().send(
    new ScanCommand({
      TableName: tableName(),
      Limit: pageSize,
      // Transactions also miss the payer-search keys when written before those indexes: a
      // transaction item that holds its payer (written before the state/details split; since,
      // the details item carries them, written with it).
      FilterExpression:
        '(entity = :event AND attribute_not_exists(gsi1pk)) OR (entity = :transaction AND (attribute_not_exists(gsi1pk) OR (attribute_not_exists(gsi3pk) AND attribute_exists(payer))))',
      ExpressionAttributeValues: { ':transaction': 'transaction', ':event': 'event' },
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  let indexed = 0;
  for (const item of page.Items ?? []) {
    const listing = listingKeysOf(item);
    if (!listing) continue;
    const search =
      item.entity === 'transaction' && item.payer
        ? payerSearchKeys(
            item as unknown as Pick<TransactionRecord, 'accountId' | 'id' | 'createdAt' | 'payer'>,
          )
        : undefined;
    const written = await writeIf(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: search
          ? 'SET gsi1pk = :pk, gsi1sk = :sk, gsi3pk = :g3pk, gsi3sk = :g3sk, gsi4pk = :g4pk, gsi4sk = :g4sk, payerNameKey = :name'
          : 'SET gsi1pk = :pk, gsi1sk = :sk',
        ConditionExpression: search
          ? 'attribute_exists(pk) AND (attribute_not_exists(gsi1pk) OR attribute_not_exists(gsi3pk))'
          : 'attribute_exists(pk) AND attribute_not_exists(gsi1pk)',
        ExpressionAttributeValues: {
          ':pk': listing.gsi1pk,
          ':sk': listing.gsi1sk,
          ...(search
            ? {
                ':g3pk': search.gsi3pk,
                ':g3sk': search.gsi3sk,
                ':g4pk': search.gsi4pk,
                ':g4sk': search.gsi4sk,
                ':name': search.payerNameKey,
              }
            : {}),
        },
      }),
    );
    if (written) indexed++;
  }
  return { scanned: page.ScannedCount ?? 0, indexed, nextKey: page.LastEvaluatedKey ?? null };
}
