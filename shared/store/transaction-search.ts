// The payer indexes of the account's transactions (GET /transactions?q=): by e-mail (gsi3) and by
// the first letters of the name (gsi4), both newest first by `createdAt#id` so a date range is a
// key condition. The keys are written with the transaction (insertTransaction).
import {
  normalizePayerEmail,
  normalizePayerName,
  payerNameBucket,
} from '../transactions/search/search-term.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import type { CursorKey, CursorShape } from './cursor.ts';
import { keys } from './keys.ts';
import { queryPage } from './paged-query.ts';
import { transactionOf, transactionsOfEntries } from './transaction-items.ts';

/** The index keys (and the projected name) a transaction's details item carries for the payer search. */
export function payerSearchKeys(record: Pick<TransactionRecord, 'accountId' | 'id' | 'createdAt' | 'payer'>) {
  const nameKey = normalizePayerName(record.payer.name);
  return {
    ...keys.transactionByPayerEmail(
      record.accountId,
      normalizePayerEmail(record.payer.email),
      record.createdAt,
      record.id,
    ),
    ...keys.transactionByPayerName(record.accountId, payerNameBucket(nameKey), record.createdAt, record.id),
    payerNameKey: nameKey,
  };
}

export type PayerSearch = { by: 'email'; email: string } | { by: 'name'; prefix: string };

function partitionOf(accountId: string, search: PayerSearch) {
  return search.by === 'email'
    ? { index: 'gsi3' as const, partition: keys.transactionByPayerEmailPartition(accountId, search.email) }
    : {
        index: 'gsi4' as const,
        partition: keys.transactionByPayerNamePartition(accountId, payerNameBucket(search.prefix)),
      };
}

export function payerSearchCursorShape(accountId: string, search: PayerSearch): CursorShape {
  const { index, partition } = partitionOf(accountId, search);
  const [pkField, skField] = index === 'gsi3' ? ['gsi3pk', 'gsi3sk'] : ['gsi4pk', 'gsi4sk'];
  return {
    fields: ['pk', 'sk', pkField, skField],
    pinned: { [pkField]: partition },
    // The entry is on the transaction's details item (on its only item, when written before the split).
    check: (key) => {
      const transactionId = String(key[skField]).split('#').at(-1) ?? '';
      return (
        key.pk === keys.transaction(accountId, transactionId).pk &&
        (key.sk === keys.transactionDetailsSortKey || key.sk === keys.transactionStateSortKey)
      );
    },
  };
}

/** One page of a payer's transactions, newest first, within the read bound of every listing page. */
export async function searchTransactionRecords(
  accountId: string,
  search: PayerSearch,
  options: {
    limit: number;
    after?: CursorKey;
    range: { from?: string; to?: string };
    keep: (record: TransactionRecord) => boolean;
  },
): Promise<{ records: TransactionRecord[]; nextKey: CursorKey | null }> {
  const { index, partition } = partitionOf(accountId, search);
  const page = await queryPage({
    index,
    partition,
    limit: options.limit,
    newestFirst: true,
    sortKeyRange: options.range,
    itemsOf: transactionsOfEntries,
    keep: (item) => options.keep(transactionOf(item)),
    ...(search.by === 'name'
      ? {
          indexFilter: {
            expression: 'begins_with(#payerNameKey, :prefix)',
            names: { '#payerNameKey': 'payerNameKey' },
            values: { ':prefix': search.prefix },
          },
        }
      : {}),
    ...(options.after ? { after: options.after } : {}),
  });
  return { records: page.items.map((item) => transactionOf(item)), nextKey: page.nextKey };
}
