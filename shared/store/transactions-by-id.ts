// Transactions of one account read by their ids in one BatchGetItem (ids known in advance, such
// as a subscription's cycle charges, derived from the subscription and the cycle).
import type { TransactionRecord } from '../transactions/transaction.ts';
import type { CursorKey } from './cursor.ts';
import { keys } from './keys.ts';
import { transactionOf, transactionsOfEntries } from './transaction-items.ts';

/** The transactions in the ids' order; undefined where there is none (eventually consistent). */
export async function getTransactionsById(
  accountId: string,
  transactionIds: readonly string[],
): Promise<Array<TransactionRecord | undefined>> {
  const items = await transactionsOfEntries(transactionIds.map((id) => keys.transaction(accountId, id)));
  return items.map((item) => (item ? transactionOf(item) : undefined));
}

/** The listing cursor that points at a transaction (the next page starts after it). */
export function transactionListingKey(
  record: Pick<TransactionRecord, 'accountId' | 'createdAt' | 'id'>,
): CursorKey {
  return {
    ...keys.transaction(record.accountId, record.id),
    ...keys.transactionListing(record.accountId, record.createdAt, record.id),
  };
}
