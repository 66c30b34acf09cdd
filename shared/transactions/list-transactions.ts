// GET /transactions: the account's transactions newest first, filtered and cursor-paginated.
import { accountSettings } from '../accounts/account-settings.ts';
import { createdRange } from '../http/date-range.ts';
import { defaultPageSize, type PageResponse } from '../http/pagination.ts';
import { decodeCursor, encodeCursor } from '../store/cursor.ts';
import { listTransactionRecords, transactionCursorShape } from '../store/transaction-listing.ts';
import type { ListTransactionsQuery } from './list-transactions-query.ts';
import {
  paidStatuses,
  type TransactionRecord,
  type TransactionView,
  transactionView,
} from './transaction.ts';

export function matchesFilters(
  query: Pick<ListTransactionsQuery, 'status' | 'currency' | 'method'>,
): (record: Pick<TransactionRecord, 'status' | 'currency' | 'method'>) => boolean {
  return (record) =>
    (!query.status ||
      record.status === query.status ||
      (query.status === 'PAID' && paidStatuses.includes(record.status))) &&
    (!query.currency || record.currency === query.currency) &&
    (!query.method || record.method === query.method);
}

export async function listTransactions(
  accountId: string,
  query: ListTransactionsQuery,
): Promise<PageResponse<TransactionView>> {
  const after =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, transactionCursorShape(accountId));
  const [page, account] = await Promise.all([
    listTransactionRecords(accountId, {
      limit: query.limit ?? defaultPageSize,
      range: createdRange(query),
      keep: matchesFilters(query),
      ...(after ? { after } : {}),
    }),
    accountSettings(accountId),
  ]);
  return {
    data: page.records.map((record) => transactionView(record, account?.webhookUrl)),
    nextCursor: page.nextKey ? encodeCursor(page.nextKey) : null,
  };
}
