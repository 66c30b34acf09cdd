// GET /transactions?subscriptionId=: a subscription's cycle charges, newest cycle first. Each
// cycle's charge has an id derived from (subscription, cycle), so a page is read by key: the
// subscription (its currentCycle), the cursor's transaction on a later page (its cycle), then the
// page's charges in one batch: at most limit + 2 items, however many cycles it has.
import { badRequest } from '../errors.ts';
import type { CursorKey } from '../store/cursor.ts';
import { getSubscription } from '../store/subscriptions.ts';
import { isWithinListing } from '../store/transaction-listing.ts';
import { getTransaction } from '../store/transactions.ts';
import { getTransactionsById, transactionListingKey } from '../store/transactions-by-id.ts';
import { cycleTransactionId } from '../subscriptions/cycle-schedule.ts';
import { isSubscriptionId } from '../subscriptions/subscription.ts';
import type { TransactionRecord } from './transaction.ts';

/** The cycles a page reads, newest first: from `newest` down to 1, at most `limit`. */
export function cyclesOfPage(newest: number, limit: number): number[] {
  return Array.from({ length: Math.max(0, Math.min(limit, newest)) }, (_, index) => newest - index);
}

const notThisSubscription = () =>
  badRequest(
    'validation',
    'cursor: is not a cursor of this listing; pass nextCursor from the previous page unchanged',
  );

export async function subscriptionCyclePage(
  accountId: string,
  subscriptionId: string,
  options: {
    limit: number;
    after: CursorKey | undefined;
    range: { from?: string; to?: string };
    keep: (record: TransactionRecord) => boolean;
  },
): Promise<{ records: TransactionRecord[]; nextKey: CursorKey | null }> {
  const subscription = isSubscriptionId(subscriptionId)
    ? await getSubscription(accountId, subscriptionId)
    : undefined;
  if (!subscription) return { records: [], nextKey: null };
  let newest = subscription.currentCycle;
  if (options.after) {
    const transactionId = String(options.after.gsi1sk).split('#').at(-1) ?? '';
    const cursorCycle = (await getTransaction(accountId, transactionId))?.subscription;
    if (cursorCycle?.subscriptionId !== subscriptionId) throw notThisSubscription();
    newest = cursorCycle.cycle - 1;
  }
  const cycles = cyclesOfPage(newest, options.limit);
  const found = await getTransactionsById(
    accountId,
    cycles.map((cycle) => cycleTransactionId(subscriptionId, cycle)),
  );
  const records = found.filter(
    (record): record is TransactionRecord =>
      record !== undefined && options.keep(record) && isWithinListing(record, { range: options.range }),
  );
  const last = found.at(-1);
  const more = cycles.length > 0 && cycles.at(-1)! > 1 && last !== undefined;
  return { records, nextKey: more ? transactionListingKey(last) : null };
}
