// GET /v2/balance (every currency of the catalogue, zeros where nothing moved) and
// GET /v2/balance/entries (the ledger, newest first, cursor-paged).
import { defaultPageSize, type PageResponse } from '../http/pagination.ts';
import { purchaseCurrencies } from '../payment-methods.ts';
import { decodeCursor, encodeCursor } from '../store/cursor.ts';
import { ledgerCursorShape, listLedgerEntries, readBalances } from '../store/ledger.ts';
import type { LedgerEntryView, ListLedgerEntriesQuery } from './balance-schemas.ts';
import type { Balance } from './ledger.ts';

export async function readBalance(accountId: string): Promise<{ data: Balance[] }> {
  const stored = await readBalances(accountId);
  return {
    data: purchaseCurrencies.map(
      (currency) =>
        stored.find((balance) => balance.currency === currency) ?? {
          currency,
          available: 0,
          pending: 0,
          refunded: 0,
          disputed: 0,
        },
    ),
  };
}

export async function listBalanceEntries(
  accountId: string,
  query: ListLedgerEntriesQuery,
): Promise<PageResponse<LedgerEntryView>> {
  const after =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, ledgerCursorShape(accountId));
  const page = await listLedgerEntries(accountId, query.limit ?? defaultPageSize, after);
  return {
    data: page.entries.map(({ accountId: _account, ...entry }) => entry),
    nextCursor: page.nextKey ? encodeCursor(page.nextKey) : null,
  };
}
