// The settle-refund worker: asks the transaction's rail to give the refund's money back (the
// rail is idempotent per refund id) and records what it answers: SUCCEEDED, or FAILED with its
// reason and the amount given back to the transaction, each with its ledger entry and its event
// (`refund.succeeded` / `refund.failed`) in one conditional write from PENDING, so a duplicate
// job changes nothing. A rail still processing is asked again later.
import { refundFailedLedger, refundSucceededLedger } from '../balance/ledger.ts';
import { startDelivery } from '../events/start-delivery.ts';
import { writeWithEvents } from '../events/write-with-events.ts';
import { log } from '../log.ts';
import { chargeRefOf } from '../rails/rail-port.ts';
import { railFor } from '../rails/rails.ts';
import { transactIf } from '../store/conditional-writes.ts';
import { eventWriteItems } from '../store/event-writes.ts';
import { ledgerWriteItems } from '../store/ledger.ts';
import { getRefund, postponeRefundWork, refundFailedItems, refundSucceededItems } from '../store/refunds.ts';
import { getTransaction } from '../store/transactions.ts';
import { recordingMarginMs } from '../time-budget.ts';
import { enqueueSettleRefund, type SettleRefundJob } from '../transactions/jobs.ts';
import { type RefundRecord, refundView } from './refund.ts';

/** Waits between two checks of a refund the rail is still processing (seconds), capped at the last. */
const recheckSeconds = [5, 15, 60, 300, 900];

export async function settleRefund(job: SettleRefundJob, now: Date, endBy: number): Promise<void> {
  const refund = await getRefund(job.accountId, job.transactionId, job.refundId, true);
  if (refund?.status !== 'PENDING') return;
  const transaction = await getTransaction(job.accountId, job.transactionId, true);
  if (!transaction) throw new Error(`refund ${refund.id}: its transaction is missing`);
  const rail = railFor(transaction);
  const answer = rail.refund
    ? await rail.refund(
        {
          charge: chargeRefOf(transaction),
          refundId: refund.id,
          paymentId: transaction.railPaymentId ?? null,
          amount: refund.amount,
          reason: refund.reason,
        },
        now,
        endBy - recordingMarginMs,
      )
    : { status: 'FAILED' as const, reason: `the ${rail.name} rail cannot refund ${transaction.method}` };
  if (answer.status === 'PENDING') {
    const attempt = (job.attempt ?? 0) + 1;
    const wait = recheckSeconds[Math.min(attempt - 1, recheckSeconds.length - 1)]!;
    await postponeRefundWork(refund, new Date(now.getTime() + wait * 1000 + 60_000).toISOString());
    await enqueueSettleRefund({ ...job, attempt }, wait);
    return;
  }
  const settledRefund: RefundRecord =
    answer.status === 'SUCCEEDED'
      ? { ...refund, status: 'SUCCEEDED', updatedAt: now.toISOString() }
      : { ...refund, status: 'FAILED', failureReason: answer.reason, updatedAt: now.toISOString() };
  const settled = await writeWithEvents(
    transaction,
    [answer.status === 'SUCCEEDED' ? 'refund.succeeded' : 'refund.failed'],
    now,
    async (events) =>
      (await transactIf([
        ...(answer.status === 'SUCCEEDED'
          ? [...refundSucceededItems(refund, now), ...ledgerWriteItems(refundSucceededLedger(refund))]
          : [
              ...refundFailedItems(refund, answer.reason, now),
              ...ledgerWriteItems(refundFailedLedger(refund, now.toISOString())),
            ]),
        ...eventWriteItems(events),
      ]))
        ? true
        : null,
    { id: refund.id, data: refundView(settledRefund) },
  );
  if (settled) await startDelivery(settled.events);
  if (settled)
    log.info(`refund ${answer.status === 'SUCCEEDED' ? 'succeeded' : 'failed'}`, {
      transactionId: refund.transactionId,
      refundId: refund.id,
      ...(answer.status === 'FAILED' ? { reason: answer.reason } : {}),
    });
}
