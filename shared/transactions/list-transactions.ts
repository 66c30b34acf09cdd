// GET /transactions: the account's transactions newest first, filtered and cursor-paginated.
// A checkout session has at most one transaction and names it, so `checkoutSessionId` reads
// that one directly; a subscription's cycle charges are read by their derived ids
// (subscription-cycles.ts); `q` searches by key and the payer indexes
// (search/search-transactions.ts); every other filter reads the listing within its per-request bound.
import { accountSettings } from '../accounts/account-settings.ts';
import { isCheckoutSessionId } from '../checkout/checkout-session.ts';
import { createdRange } from '../http/date-range.ts';
import { defaultPageSize, type PageResponse } from '../http/pagination.ts';
import { getCheckoutSessionRecord } from '../store/checkout-sessions.ts';
import { type CursorKey, decodeCursor, encodeCursor } from '../store/cursor.ts';
import {
  isWithinListing,
  listTransactionRecords,
  transactionCursorShape,
} from '../store/transaction-listing.ts';
import { getTransaction } from '../store/transactions.ts';
import type { ListTransactionsQuery } from './list-transactions-query.ts';
import { withDocumentAccess } from './payer.ts';
import { searchTransactions } from './search/search-transactions.ts';
import { subscriptionCyclePage } from './subscription-cycles.ts';
import { type TransactionRecord, type TransactionView, transactionView } from './transaction.ts';
import { matchesFilters } from './transaction-filters.ts';

export { matchesFilters } from './transaction-filters.ts';

/** The session's one transaction, when it is the account's and passes the other filters and the cursor. */
async function transactionOfSession(
  accountId: string,
  sessionId: string,
  query: RecordPageQuery,
  after: CursorKey | undefined,
): Promise<TransactionRecord[]> {
  const session = isCheckoutSessionId(sessionId) ? await getCheckoutSessionRecord(sessionId) : undefined;
  if (!session || session.accountId !== accountId || !session.transactionId) return [];
  const record = await getTransaction(accountId, session.transactionId);
  const listed =
    record &&
    matchesFilters(query)(record) &&
    isWithinListing(record, { range: createdRange(query), ...(after ? { after } : {}) });
  return listed ? [record] : [];
}

/** The listing's filters and where the page starts (the export reads page after page). */
export type RecordPageQuery = Omit<ListTransactionsQuery, 'limit'>;

/** One page of the listing's records (also the export's reading, page by page). */
export async function listTransactionRecordPage(
  accountId: string,
  query: RecordPageQuery,
  limit: number,
): Promise<{ records: TransactionRecord[]; nextKey: CursorKey | null }> {
  if (query.q !== undefined) return searchTransactions(accountId, query.q, query, limit);
  const after =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, transactionCursorShape(accountId));
  if (query.checkoutSessionId)
    return {
      records: await transactionOfSession(accountId, query.checkoutSessionId, query, after),
      nextKey: null,
    };
  if (query.subscriptionId)
    return subscriptionCyclePage(accountId, query.subscriptionId, {
      limit,
      after,
      range: createdRange(query),
      keep: matchesFilters(query),
    });
  return listTransactionRecords(accountId, {
    limit,
    range: createdRange(query),
    keep: matchesFilters(query),
    ...(after ? { after } : {}),
  });
}

export async function listTransactions(
  accountId: string,
  query: ListTransactionsQuery,
): Promise<PageResponse<TransactionView>> {
  const [page, account] = await Promise.all([
    listTransactionRecordPage(accountId, query, query.limit ?? defaultPageSize),
    accountSettings(accountId),
  ]);
  return {
    // A listing shows the payer's document masked, whatever the key (payer.ts).
    data: page.records.map((record) =>
      withDocumentAccess(transactionView(record, account?.webhookUrl), 'masked'),
    ),
    nextCursor: page.nextKey ? encodeCursor(page.nextKey) : null,
  };
}
