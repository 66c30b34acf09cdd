// GET /transactions: the account's transactions newest first, filtered and cursor-paginated.
// A checkout session has at most one transaction and names it, so `checkoutSessionId` reads
// that one directly; every other filter reads the listing within its per-request bound.
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
import {
  paidStatuses,
  type TransactionRecord,
  type TransactionView,
  transactionView,
} from './transaction.ts';

type Filters = Pick<
  ListTransactionsQuery,
  'status' | 'currency' | 'method' | 'offerId' | 'paymentLinkId' | 'checkoutSessionId'
>;

export function matchesFilters(
  query: Filters,
): (record: Pick<TransactionRecord, 'status' | 'currency' | 'method' | 'sale' | 'subscription'>) => boolean {
  return (record) =>
    (!query.status ||
      record.status === query.status ||
      (query.status === 'PAID' && paidStatuses.includes(record.status))) &&
    (!query.currency || record.currency === query.currency) &&
    (!query.method || record.method === query.method) &&
    (!query.offerId || (record.sale ?? record.subscription)?.offerId === query.offerId) &&
    (!query.paymentLinkId || record.sale?.paymentLinkId === query.paymentLinkId) &&
    (!query.checkoutSessionId || record.sale?.checkoutSessionId === query.checkoutSessionId);
}

/** The session's one transaction, when it is the account's and passes the other filters and the cursor. */
async function transactionOfSession(
  accountId: string,
  sessionId: string,
  query: ListTransactionsQuery,
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

export async function listTransactions(
  accountId: string,
  query: ListTransactionsQuery,
): Promise<PageResponse<TransactionView>> {
  const after =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, transactionCursorShape(accountId));
  const [page, account] = await Promise.all([
    query.checkoutSessionId
      ? transactionOfSession(accountId, query.checkoutSessionId, query, after).then((records) => ({
          records,
          nextKey: null,
        }))
      : listTransactionRecords(accountId, {
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
