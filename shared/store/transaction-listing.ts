// The account's transactions newest first, from the listing index written with each transaction
// (gsi1, `createdAt#id`), and the backfill that indexes transactions written before it existed.
import type { TransactionRecord } from '../transactions/transaction.ts';
import type { CursorKey, CursorShape } from './cursor.ts';
import { keys } from './keys.ts';
import { queryPage } from './paged-query.ts';
import { transactionOf, transactionsOfEntries } from './transaction-items.ts';

export function transactionCursorShape(accountId: string): CursorShape {
  return {
    fields: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
    pinned: { gsi1pk: keys.transactionListingPartition(accountId), sk: keys.transaction(accountId, 'x').sk },
    // The table key must be the transaction the index entry names, so a cursor cannot point elsewhere.
    check: (key) => {
      const transactionId = String(key.gsi1sk).split('#').at(-1) ?? '';
      return key.pk === keys.transaction(accountId, transactionId).pk;
    },
  };
}

/**
 * Whether a transaction read by its key would be on a page of the listing that starts after
 * `after` (newest first) within the sort-key `range`: a filter that reads one transaction directly
 * answers what the listing would.
 */
export function isWithinListing(
  record: Pick<TransactionRecord, 'accountId' | 'createdAt' | 'id'>,
  options: { after?: CursorKey; range: { from?: string; to?: string } },
): boolean {
  const position = keys.transactionListing(record.accountId, record.createdAt, record.id).gsi1sk;
  const { from, to } = options.range;
  return (
    (options.after === undefined || position < String(options.after.gsi1sk)) &&
    (from === undefined || position >= from) &&
    (to === undefined || position <= to)
  );
}

export async function listTransactionRecords(
  accountId: string,
  options: {
    limit: number;
    after?: CursorKey;
    range: { from?: string; to?: string };
    keep: (record: TransactionRecord) => boolean;
  },
): Promise<{ records: TransactionRecord[]; nextKey: CursorKey | null }> {
  const page = await queryPage({
    index: 'gsi1',
    partition: keys.transactionListingPartition(accountId),
    limit: options.limit,
    newestFirst: true,
    sortKeyRange: options.range,
    itemsOf: transactionsOfEntries,
    keep: (item) => options.keep(transactionOf(item)),
    ...(options.after ? { after: options.after } : {}),
  });
  return { records: page.items.map((item) => transactionOf(item)), nextKey: page.nextKey };
}
