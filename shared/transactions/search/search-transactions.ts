// GET /transactions?q=: the exact matches (a transaction id, an externalId: read by their keys)
// on the first page, then the payer index's page (an e-mail, or the start of a name), newest
// first. Every request reads a bounded number of items: at most three by key, and one index page.
import { createdRange } from '../../http/date-range.ts';
import { type CursorKey, decodeCursor } from '../../store/cursor.ts';
import { isWithinListing } from '../../store/transaction-listing.ts';
import {
  type PayerSearch,
  payerSearchCursorShape,
  searchTransactionRecords,
} from '../../store/transaction-search.ts';
import { findTransactionIdByExternalId, getTransaction } from '../../store/transactions.ts';
import type { RecordPageQuery } from '../list-transactions.ts';
import type { TransactionRecord } from '../transaction.ts';
import { matchesFilters } from '../transaction-filters.ts';
import { type SearchTerm, searchTerm } from './search-term.ts';

function payerSearchOf(term: SearchTerm): PayerSearch | null {
  if (term.email) return { by: 'email', email: term.email };
  if (term.namePrefix) return { by: 'name', prefix: term.namePrefix };
  return null;
}

async function exactMatches(
  accountId: string,
  term: SearchTerm,
  query: RecordPageQuery,
): Promise<TransactionRecord[]> {
  const [byId, byExternalId] = await Promise.all([
    term.transactionId ? getTransaction(accountId, term.transactionId) : undefined,
    findTransactionIdByExternalId(accountId, term.externalId).then((id) =>
      id && id !== term.transactionId ? getTransaction(accountId, id) : undefined,
    ),
  ]);
  const range = createdRange(query);
  return [byId, byExternalId].filter(
    (record): record is TransactionRecord =>
      record !== undefined && matchesFilters(query)(record) && isWithinListing(record, { range }),
  );
}

export async function searchTransactions(
  accountId: string,
  q: string,
  query: RecordPageQuery,
  limit: number,
): Promise<{ records: TransactionRecord[]; nextKey: CursorKey | null }> {
  const term = searchTerm(q);
  const payerSearch = payerSearchOf(term);
  const after =
    query.cursor === undefined
      ? undefined
      : decodeCursor(
          query.cursor,
          // A search without an index has one page: any cursor is refused as not this listing's.
          payerSearch
            ? payerSearchCursorShape(accountId, payerSearch)
            : { fields: ['none'], check: () => false },
        );
  const exact = after ? [] : await exactMatches(accountId, term, query);
  if (!payerSearch) return { records: exact, nextKey: null };
  const page = await searchTransactionRecords(accountId, payerSearch, {
    limit: Math.max(1, limit - exact.length),
    range: createdRange(query),
    keep: matchesFilters(query),
    ...(after ? { after } : {}),
  });
  const shown = new Set(exact.map((record) => record.id));
  return {
    records: [...exact, ...page.records.filter((record) => !shown.has(record.id))],
    nextKey: page.nextKey,
  };
}
