// POST /transactions/:id/refunds: checks what the transaction allows (refund-rules.ts), then
// takes the refund in one conditional write (store/refunds.ts) that keeps the sum of refunds
// within the amount paid, and hands it to the settle-refund worker. `Idempotency-Key` is
// honoured as the purchase does (idempotent-request.ts): a retry is the same refund.
import type { Principal } from '../auth/principal.ts';
import { refundTakenLedger } from '../balance/ledger.ts';
import { serviceConfig } from '../config.ts';
import { conflict, unprocessable } from '../errors.ts';
import { log } from '../log.ts';
import { methodOf } from '../payment-methods.ts';
import { railNameOf, railRefunds } from '../rails/rail-choice.ts';
import { ledgerWriteItems } from '../store/ledger.ts';
import { insertRefund, maxRefundsPerTransaction } from '../store/refunds.ts';
import { findTransaction } from '../transactions/get-transaction.ts';
import {
  idempotencyInFlight,
  idempotentCompletion,
  releaseIdempotent,
  startIdempotent,
} from '../transactions/idempotent-request.ts';
import { enqueueSettleRefund } from '../transactions/jobs.ts';
import { newRefundId, type RefundRecord, type RefundView, refundView } from './refund.ts';
import { amountExceeds, checkRefund, disputeLeavesLess } from './refund-rules.ts';
import type { CreateRefundRequest } from './refund-schemas.ts';

export interface RefundOutcome {
  body: RefundView;
  replayed: boolean;
}

export async function createRefund(
  principal: Principal,
  transactionId: string,
  request: CreateRefundRequest,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<RefundOutcome> {
  const transaction = await findTransaction(principal.accountId, transactionId, 'id');
  // The same key on another transaction is another request (a mismatch), not a replay.
  const start = await startIdempotent(
    principal.accountId,
    idempotencyKey,
    { refundOf: transaction.id, ...request },
    now,
  );
  if (start.kind === 'replay') return { body: start.body as RefundView, replayed: true };
  const { lockId } = start;
  try {
    const amount = checkRefund(transaction, request.amount, now);
    const rail = railNameOf(transaction, methodOf(transaction));
    if (rail === null || !railRefunds[rail])
      throw unprocessable(
        'refund.method_unavailable',
        `method: ${transaction.method} (${transaction.currency}) cannot be refunded on this stage's rail`,
      );
    const refund: RefundRecord = {
      id: newRefundId(transaction.id),
      accountId: transaction.accountId,
      transactionId: transaction.id,
      currency: transaction.currency,
      amount,
      reason: request.reason ?? null,
      status: 'PENDING',
      failureReason: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    const view = refundView(refund);
    const inserted = await insertRefund(transaction, refund, {
      settleDueAt: new Date(now.getTime() + serviceConfig().sweepAfterMs).toISOString(),
      extra: ledgerWriteItems(refundTakenLedger(refund)),
      ...idempotentCompletion(principal.accountId, idempotencyKey, lockId, view),
    });
    if (inserted.outcome === 'exceeds') {
      if (inserted.disputed > 0)
        throw disputeLeavesLess(transaction.id, amount, inserted.left, inserted.disputed);
      if (inserted.left <= 0)
        throw conflict('refund.nothing_left', `transaction ${transaction.id} is already refunded in full`);
      throw amountExceeds(transaction.id, amount, inserted.left);
    }
    if (inserted.outcome === 'not-refundable')
      throw conflict(
        'transaction.not_refundable',
        `transaction ${transaction.id} is ${inserted.status}: only a PAID transaction can be refunded`,
      );
    if (inserted.outcome === 'too-many')
      throw conflict(
        'refund.too_many',
        `transaction ${transaction.id} has ${maxRefundsPerTransaction} refunds, the most one transaction may have`,
      );
    if (inserted.outcome === 'idempotency-lost') throw idempotencyInFlight();
    log.info('refund taken', { transactionId: transaction.id, refundId: refund.id, amount });
    try {
      await enqueueSettleRefund({
        accountId: refund.accountId,
        transactionId: refund.transactionId,
        refundId: refund.id,
      });
    } catch (error) {
      log.warn('refund job not enqueued; the sweeper will retry', {
        refundId: refund.id,
        error: (error as Error).message,
      });
    }
    return { body: view, replayed: false };
  } catch (error) {
    await releaseIdempotent(principal.accountId, idempotencyKey, lockId);
    throw error;
  }
}
