// The scheduled reading of a rail's listing of received payments: once a window, whatever the
// number of pending charges, it asks the rail for the payments of [last window's end − overlap,
// now], page by page, and settles every one that names a transaction of ours through the same
// conditional PAID write the payment watch uses. The cursor is saved after every page, so a run
// that stops (time budget, crash, the rail down) is resumed by the next one; a window read
// twice, or a payment listed twice, changes nothing.
// Each window is read a second time SAFETY_NET_POLL_MS later, with a cursor of its own: the
// rail's safety net, per rail instead of per charge. A window the first reading lost (its run
// failed for good, the cursor was moved past it) or a payment the rail listed late is found
// then; the charge's own look after its deadline is the last resort.
import { serviceConfig } from '../config.ts';
import { deliverEvent } from '../events/deliver-event.ts';
import type { InlineDelivery } from '../events/start-delivery.ts';
import { mapInGroups } from '../in-groups.ts';
import { log } from '../log.ts';
import { scheduleTimeoutSeconds } from '../queues.ts';
import { firstListingLookbackMs, type ListingName } from '../rails/payment-listings.ts';
import type { ListingWindow, PaymentListing, ReportedPayment } from '../rails/rail-port.ts';
import { paymentListingFor } from '../rails/rails.ts';
import { getListingCursor, saveListingCursor } from '../store/payment-listing-cursors.ts';
import { getTransaction } from '../store/transactions.ts';
import { recordingMarginMs } from '../time-budget.ts';
import { enqueueWatchPayment } from './jobs.ts';
import { recordPayment } from './record-payment.ts';

/** The reading as payments come in, or the same windows read again a safety-net period later. */
export type ListingReading = 'first' | 'again';

export interface ReconcileResult {
  listing: ListingName;
  reading: ListingReading;
  /** False when this stage does not serve the rail, or its charges are polled (RAIL_REPORTING=polling). */
  ran: boolean;
  pages: number;
  listed: number;
  /** Listed again by a window's overlap after an earlier window handled them: not read again. */
  known: number;
  settled: number;
  /** False when the run stopped before the window's last page (the next run goes on). */
  readThrough: boolean;
}

/** Payments settled at once; each is a read and, when new, one conditional write and a send. */
const concurrency = 8;

/** Most payments a cursor remembers from a window's overlap (beyond them, a payment listed again is read again). */
const recentLimit = 2000;

/**
 * The payments the next window may list again, already handled (transaction id → the end of the
 * window that first listed it): those listed in a window that ends at or after `nextFrom` (all
 * of them while a window is still being read), the latest `recentLimit`.
 */
export function recentPayments(
  handled: Record<string, string>,
  nextFrom: string | null,
): Record<string, string> {
  const kept = Object.entries(handled)
    .filter(([, listedBy]) => nextFrom === null || listedBy >= nextFrom)
    .sort(([, a], [, b]) => b.localeCompare(a))
    .slice(0, recentLimit);
  return Object.fromEntries(kept);
}

export type SettleOutcome = 'settled' | 'already-paid' | 'unknown' | 'amount-differs';

/** One listed payment: PAID with its event unless it was already, through the conditional write. */
export async function settleReportedPayment(
  payment: ReportedPayment,
  now: Date,
  /** The second reading, a day on, can read the transaction as it was a moment ago (half the read). */
  consistent = true,
  /** The run's time, for the first webhook attempt of a payment it settles. */
  inline?: InlineDelivery,
): Promise<SettleOutcome> {
  const transaction = await getTransaction(
    payment.charge.accountId,
    payment.charge.transactionId,
    consistent,
  );
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
  return (await recordPayment(transaction, payment, now, inline)) ? 'settled' : 'already-paid';
}

/** The next window: from the last one's end less the overlap, to `end` (now, or now less the safety net's period). */
export function newWindow(since: string, end: Date): ListingWindow {
  return {
    from: new Date(Date.parse(since) - serviceConfig().listingOverlapMs).toISOString(),
    to: end.toISOString(),
    page: null,
  };
}

/** The cursor of each reading: the second reading of a listing keeps its own. */
const cursorNameOf = (name: ListingName, reading: ListingReading) =>
  reading === 'first' ? name : `${name}#again`;

export interface ReadingOptions {
  reading?: ListingReading;
  /** When the scheduled run started (both readings share its time budget). */
  startedAt?: number;
  /** When the scheduled function must be done (epoch ms); its configured timeout from the start otherwise. */
  endBy?: number;
}

export async function reconcilePayments(
  name: ListingName,
  now = new Date(),
  clock: () => number = Date.now,
  /** The rail's listing; a test passes its own reading of the port. */
  listing: PaymentListing | null = paymentListingFor(name),
  options: ReadingOptions = {},
): Promise<ReconcileResult> {
  const reading = options.reading ?? 'first';
  const result: ReconcileResult = {
    listing: name,
    reading,
    ran: false,
    pages: 0,
    listed: 0,
    known: 0,
    settled: 0,
    readThrough: false,
  };
  if (!listing || serviceConfig().railReporting === 'polling') return result;
  result.ran = true;
  const startedAt = options.startedAt ?? clock();
  const endBy = options.endBy ?? (options.startedAt ?? Date.now()) + scheduleTimeoutSeconds * 1000;
  const inline = { endBy, deliver: deliverEvent };
  const cursorName = cursorNameOf(name, reading);
  const end = reading === 'first' ? now : new Date(now.getTime() - serviceConfig().safetyNetPollMs);
  const cursor = await getListingCursor(cursorName);
  let version = cursor?.version ?? 0;
  const since = cursor?.since ?? new Date(end.getTime() - firstListingLookbackMs).toISOString();
  let window: ListingWindow = cursor?.window ?? newWindow(since, end);
  // The cursor is ahead of now (moved by hand past a window): nothing can be listed there yet.
  if (window.from > window.to) {
    result.readThrough = true;
    return result;
  }
  const handled: Record<string, string> = { ...cursor?.recent };
  while (true) {
    const page = await listing.listPayments(
      window,
      now,
      endBy - recordingMarginMs,
      new Set(Object.keys(handled)),
    );
    result.pages += 1;
    const fresh = page.payments.filter((payment) => !(payment.charge.transactionId in handled));
    const leftOut = page.leftOutAsHandled ?? 0;
    result.listed += page.payments.length + leftOut;
    result.known += page.payments.length - fresh.length + leftOut;
    const outcomes = await mapInGroups(fresh, concurrency, (payment) =>
      settleReportedPayment(payment, now, reading === 'first', inline),
    );
    for (const payment of fresh) handled[payment.charge.transactionId] = window.to;
    const settled = outcomes.filter((outcome) => outcome === 'settled').length;
    result.settled += settled;
    if (reading === 'again' && settled > 0)
      log.warn('payments found only by the second reading of the listing', {
        listing: name,
        settled,
        window,
      });
    const done = page.nextPage === null;
    const next = done
      ? {
          since: window.to,
          window: null,
          readThroughAt: now.toISOString(),
          recent: recentPayments(handled, newWindow(window.to, now).from),
        }
      : {
          since,
          window: { ...window, page: page.nextPage },
          readThroughAt: cursor?.readThroughAt ?? null,
          recent: recentPayments(handled, null),
        };
    // Another run moved the cursor meanwhile: it carries on from there.
    if (!(await saveListingCursor(cursorName, next, version))) break;
    version += 1;
    if (done) {
      result.readThrough = true;
      break;
    }
    window = next.window!;
    if (clock() - startedAt >= serviceConfig().sweepTimeBudgetMs) break;
  }
  // A reading that only finds payments already settled (their notification came first) is routine.
  if (result.settled > 0 || !result.readThrough) log.info('payment listing read', { ...result });
  return result;
}

/** One scheduled run: the listing as payments come in, then its windows of a safety-net period ago. */
export async function readListing(
  name: ListingName,
  /** When the scheduled function must be done (epoch ms). */
  endBy: number,
  now = new Date(),
): Promise<ReconcileResult[]> {
  const startedAt = Date.now();
  const listing = paymentListingFor(name);
  const first = await reconcilePayments(name, now, Date.now, listing, { startedAt, endBy });
  if (Date.now() - startedAt >= serviceConfig().sweepTimeBudgetMs) return [first];
  return [
    first,
    await reconcilePayments(name, now, Date.now, listing, { reading: 'again', startedAt, endBy }),
  ];
}
