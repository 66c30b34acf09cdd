// The payment job: ask the rail whether the transaction was paid. PAID moves it to PAID and
// creates its one cashin.paid event in the same DynamoDB transaction, then hands the event to
// the delivery queue; expiry moves it to EXPIRED; otherwise poll again later (capped backoff).
import { serviceConfig } from '../config.ts';
import type { EventRecord } from '../events/event.ts';
import { newPrefixedId } from '../ids.ts';
import { log } from '../log.ts';
import { railFor } from '../rails/rails.ts';
import { postponeWork } from '../store/pending-work.ts';
import { markExpired, markPaidWithEvent } from '../store/transaction-updates.ts';
import { getTransaction } from '../store/transactions.ts';
import { delaySecondsFor, pollDelayMs } from '../workers/poll-schedule.ts';
import { enqueueDeliverEvent, enqueueWatchPayment, type WatchPaymentJob } from './jobs.ts';
import { type TransactionRecord, transactionView } from './transaction.ts';

export type WatchOutcome = 'paid' | 'expired' | 'pending' | 'nothing-to-do';

export function paidEvent(transaction: TransactionRecord, paidAt: string, now: Date): EventRecord {
  const paid: TransactionRecord = { ...transaction, status: 'PAID', paidAt, updatedAt: now.toISOString() };
  return {
    eventId: newPrefixedId('evt'),
    type: 'cashin.paid',
    accountId: transaction.accountId,
    transactionId: transaction.id,
    createdAt: now.toISOString(),
    data: transactionView(paid),
    deliveryStatus: 'PENDING',
    attemptCount: 0,
    runAttempts: 0,
    lastAttemptAt: null,
    deliveredAt: null,
    lastError: null,
  };
}

export async function watchPayment(job: WatchPaymentJob, now = new Date()): Promise<WatchOutcome> {
  const transaction = await getTransaction(job.accountId, job.transactionId, true);
  if (transaction?.status !== 'PENDING' || !transaction.instructionFilledAt) return 'nothing-to-do';
  const config = serviceConfig();
  const status = await railFor(transaction).fetchPaymentStatus(transaction.id, now);

  if (status.status === 'PAID') {
    const event = paidEvent(transaction, status.paidAt, now);
    const deliveryDueAt = new Date(now.getTime() + config.sweepAfterMs).toISOString();
    if (!(await markPaidWithEvent(transaction, status.paidAt, event, deliveryDueAt, now)))
      return 'nothing-to-do';
    log.info('transaction paid', { transactionId: transaction.id, eventId: event.eventId });
    try {
      await enqueueDeliverEvent({
        accountId: transaction.accountId,
        transactionId: transaction.id,
        eventType: 'cashin.paid',
        attempt: 0,
        workDueAt: deliveryDueAt,
      });
    } catch (error) {
      log.warn('delivery job not enqueued; the sweeper will start it', {
        transactionId: transaction.id,
        error: (error as Error).message,
      });
    }
    return 'paid';
  }

  const expired =
    status.status === 'EXPIRED' ||
    (transaction.expiresAt !== null && transaction.expiresAt <= now.toISOString());
  if (expired) {
    await markExpired(transaction, now);
    return 'expired';
  }
  if (job.mode === 'notify') return 'pending';

  const attempt = (job.attempt ?? 1) + 1;
  let delayMs = pollDelayMs(config.paymentPollScheduleMs, attempt);
  // Look once more right after expiry, then stop.
  if (transaction.expiresAt)
    delayMs = Math.max(0, Math.min(delayMs, Date.parse(transaction.expiresAt) - now.getTime() + 1000));
  // A chain that lost the work (a duplicate message, or the sweeper restarted it) stops here.
  const workDueAt = new Date(now.getTime() + delayMs + config.sweepAfterMs).toISOString();
  if (
    !(await postponeWork(
      {
        kind: 'watch-payment',
        accountId: transaction.accountId,
        transactionId: transaction.id,
      },
      workDueAt,
      job.workDueAt,
    ))
  )
    return 'nothing-to-do';
  await enqueueWatchPayment(
    { accountId: job.accountId, transactionId: job.transactionId, mode: 'poll', attempt, workDueAt },
    delaySecondsFor(delayMs),
  );
  return 'pending';
}
