// The scheduled reading of a rail's listing of received payments: once a window, whatever the
// number of pending charges, it asks the rail for the payments of [last window's end − overlap,
// now], page by page, and settles every one that names a transaction of ours through the same
// conditional PAID write the payment watch uses. The cursor is saved after every page, so a run
// that stops (time budget, crash, the rail down) is resumed by the next one; a window read
// twice, or a payment listed twice, changes nothing.
import { serviceConfig } from '../config.ts';
import { mapInGroups } from '../in-groups.ts';
import { log } from '../log.ts';
import { firstListingLookbackMs, type ListingName, listingOverlapMs } from '../rails/payment-listings.ts';
import type { ListingWindow, PaymentListing, ReportedPayment } from '../rails/rail-port.ts';
import { paymentListingFor } from '../rails/rails.ts';
import { getListingCursor, saveListingCursor } from '../store/payment-listing-cursors.ts';
import { getTransaction } from '../store/transactions.ts';
import { enqueueWatchPayment } from './jobs.ts';
import { recordPayment } from './record-payment.ts';

export interface ReconcileResult {
  listing: ListingName;
  /** False when this stage does not serve the rail, or its charges are polled (RAIL_REPORTING=polling). */
  ran: boolean;
  pages: number;
  listed: number;
  settled: number;
  /** False when the run stopped before the window's last page (the next run goes on). */
  readThrough: boolean;
}

/** Payments settled at once; each is a read and, when new, one conditional write and a send. */
const concurrency = 8;

export type SettleOutcome = 'settled' | 'already-paid' | 'unknown' | 'amount-differs';

/** One listed payment: PAID with its event unless it was already, through the conditional write. */
export async function settleReportedPayment(payment: ReportedPayment, now: Date): Promise<SettleOutcome> {
  const transaction = await getTransaction(payment.charge.accountId, payment.charge.transactionId, true);
  if (!transaction) {
    log.warn('listed payment names no transaction', { transactionId: payment.charge.transactionId });
    return 'unknown';
  }
  if (transaction.status === 'PAID') return 'already-paid';
  if (payment.amount !== transaction.amount) {
    // Not ours to decide from a listing line: the charge's own status on the rail decides.
    log.error('listed payment amount differs from the charge', {
      transactionId: transaction.id,
      listedAmount: payment.amount,
      amount: transaction.amount,
    });
    await enqueueWatchPayment({
      accountId: transaction.accountId,
      transactionId: transaction.id,
      mode: 'notify',
    });
    return 'amount-differs';
  }
  return (await recordPayment(transaction, payment.paidAt, now)) ? 'settled' : 'already-paid';
}

/** The next window: from the last one's end less the overlap, to now. */
export function newWindow(since: string, now: Date): ListingWindow {
  return {
    from: new Date(Date.parse(since) - listingOverlapMs).toISOString(),
    to: now.toISOString(),
    page: null,
  };
}

export async function reconcilePayments(
  name: ListingName,
  now = new Date(),
  clock: () => number = Date.now,
  /** The rail's listing; a test passes its own reading of the port. */
  listing: PaymentListing | null = paymentListingFor(name),
): Promise<ReconcileResult> {
  const result: ReconcileResult = {
    listing: name,
    ran: false,
    pages: 0,
    listed: 0,
    settled: 0,
    readThrough: false,
  };
  if (!listing || serviceConfig().railReporting === 'polling') return result;
  result.ran = true;
  const startedAt = clock();
  const cursor = await getListingCursor(name);
  let version = cursor?.version ?? 0;
  const since = cursor?.since ?? new Date(now.getTime() - firstListingLookbackMs).toISOString();
  let window: ListingWindow = cursor?.window ?? newWindow(since, now);
  // The cursor is ahead of now (moved by hand past a window): nothing can be listed there yet.
  if (window.from > window.to) {
    result.readThrough = true;
    return result;
  }
  while (true) {
    const page = await listing.listPayments(window, now);
    result.pages += 1;
    result.listed += page.payments.length;
    const outcomes = await mapInGroups(page.payments, concurrency, (payment) =>
      settleReportedPayment(payment, now),
    );
    result.settled += outcomes.filter((outcome) => outcome === 'settled').length;
    const done = page.nextPage === null;
    const next = done
      ? { since: window.to, window: null, readThroughAt: now.toISOString() }
      : { since, window: { ...window, page: page.nextPage }, readThroughAt: cursor?.readThroughAt ?? null };
    // Another run moved the cursor meanwhile: it carries on from there.
    if (!(await saveListingCursor(name, next, version))) break;
    version += 1;
    if (done) {
      result.readThrough = true;
      break;
    }
    window = next.window!;
    if (clock() - startedAt >= serviceConfig().sweepTimeBudgetMs) break;
  }
  if (result.listed || !result.readThrough) log.info('payment listing read', { ...result });
  return result;
}
