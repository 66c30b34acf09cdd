// The payment job: ask the rail whether the transaction was paid. The rail decides:
// - PAID moves it to PAID with its one cashin.paid event (also from EXPIRED, CANCELED or FAILED:
//   a payment reported after we closed the charge, or gave up its work, is never silent);
// - past the watch deadline (the rail's expiry; for boletos plus a settlement window) the charge
//   is closed on the rail, conditionally: closed → EXPIRED (with cashin.expired for accounts
//   that opted in), already paid → PAID; a closed
//   transaction gets one last look at the rail a while later (LAST_LOOK_AFTER_CLOSE_MS), which
//   closes the charge if the rail still reports it open (a give-up whose close failed);
// - otherwise look again later (see watch-plan.ts: polling backoff; a rail that lists its
//   payments waits for the deadline, its listing read twice instead; one that only pushes is
//   looked at daily), until that deadline.
import { serviceConfig } from '../config.ts';
import type { InlineDelivery } from '../events/start-delivery.ts';
import { queues } from '../queues.ts';
import { chargeRefOf } from '../rails/rail-port.ts';
import { railFor } from '../rails/rails.ts';
import { postponeWork } from '../store/pending-work.ts';
import { endLastLook } from '../store/transaction-updates.ts';
import { getTransaction } from '../store/transactions.ts';
import { recordingMarginMs } from '../time-budget.ts';
import { closeTransaction } from './close-transaction.ts';
import { enqueueWatchPayment, type WatchPaymentJob } from './jobs.ts';
import { nextWatch } from './next-watch.ts';
import { watchDeadline } from './payment-deadline.ts';
import { recordPayment } from './record-payment.ts';
import { closeReasonOf } from './transaction.ts';

export type WatchOutcome = 'paid' | 'expired' | 'pending' | 'nothing-to-do';

export async function watchPayment(
  job: WatchPaymentJob,
  now = new Date(),
  /**
   * The worker's deadline, for the rail's calls and the first webhook attempt of a payment found
   * here; without it, the worker's configured timeout from now bounds the rail's calls.
   */
  inline?: InlineDelivery,
): Promise<WatchOutcome> {
  const transaction = await getTransaction(job.accountId, job.transactionId, true);
  if (!transaction?.instructionFilledAt || transaction.status === 'PAID') return 'nothing-to-do';
  // (A transaction without an instruction has no payment watch: the cancel that closed it set none.)
  const config = serviceConfig();
  const rail = railFor(transaction);
  const charge = chargeRefOf(transaction);
  const endBy = inline?.endBy ?? Date.now() + queues['watch-payment'].workerTimeoutSeconds * 1000;
  const answerBy = endBy - recordingMarginMs;
  const status = await rail.fetchPaymentStatus(charge, now, answerBy);

  if (status.status === 'PAID')
    return (await recordPayment(transaction, status, now, inline)) ? 'paid' : 'nothing-to-do';
  if (transaction.status !== 'PENDING') {
    // EXPIRED, CANCELED or FAILED, and the rail reports no payment. This was the last look after
    // the close (the sweeper starts it when due), or a notification: only the job that owns the
    // last look's work ends it. A charge still open (FAILED: the give-up could not reach the
    // rail) is closed first; a payment that got there first makes it PAID.
    if (status.status === 'PENDING') {
      const closed = await rail.closeCharge(charge, closeReasonOf(transaction.status), now, answerBy);
      if (closed.outcome === 'paid')
        return (await recordPayment(transaction, closed, now, inline)) ? 'paid' : 'nothing-to-do';
    }
    if (job.mode === 'poll' && job.workDueAt) await endLastLook(transaction, job.workDueAt);
    return 'nothing-to-do';
  }

  const deadline = watchDeadline(transaction, config.boletoSettlementBusinessDays);
  if (deadline !== null && deadline <= now.toISOString()) {
    const closed = await rail.closeCharge(charge, 'expired', now, answerBy);
    if (closed.outcome === 'paid')
      return (await recordPayment(transaction, closed, now, inline)) ? 'paid' : 'nothing-to-do';
    const lastLookDueAt = new Date(now.getTime() + config.lastLookAfterCloseMs).toISOString();
    const expired = await closeTransaction(transaction, 'EXPIRED', lastLookDueAt, now, {
      emits: ['cashin.expired'],
      inline,
    });
    return expired ? 'expired' : 'nothing-to-do';
  }
  // A rail answering CLOSED before the deadline: a cancel is closing it, or the rail closed it
  // itself; either the cancel records it, or the deadline does.
  if (job.mode === 'notify') return 'pending';

  const attempt = (job.attempt ?? 1) + 1;
  const plan = nextWatch(rail, attempt, deadline, now);
  // A chain that lost the work (a duplicate message, or the sweeper restarted it) stops here.
  const work = {
    kind: 'watch-payment' as const,
    accountId: transaction.accountId,
    transactionId: transaction.id,
  };
  const workDueAt = await postponeWork(work, plan.dueAt, job.workDueAt);
  if (workDueAt === null) return 'nothing-to-do';
  if (plan.delaySeconds !== null)
    await enqueueWatchPayment(
      {
        accountId: job.accountId,
        transactionId: job.transactionId,
        mode: 'poll',
        attempt,
        workDueAt,
      },
      plan.delaySeconds,
    );
  return 'pending';
}
