// What a refund request may ask of a transaction (pure): its status, the rail's window and the
// amount left. The amount is only checked here for a clear answer; the one conditional write
// (store/refunds.ts) is what keeps the sum of refunds within the amount paid.
import { conflict, unprocessable } from '../errors.ts';
import { methodOf } from '../payment-methods.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';

const dayMs = 86_400_000;

/** Cents neither refunded (PENDING or SUCCEEDED) nor taken back by a dispute. */
export function refundableAmount(
  transaction: Pick<TransactionRecord, 'amount' | 'refundedAmount' | 'disputedAmount'>,
): number {
  return transaction.amount - (transaction.refundedAmount ?? 0) - (transaction.disputedAmount ?? 0);
}

/** When the rail's refund window closes for a paid transaction (ISO). */
export function refundWindowEnd(
  transaction: Pick<TransactionRecord, 'currency' | 'method' | 'paidAt'>,
): string {
  const paidAt = Date.parse(transaction.paidAt ?? '');
  return new Date(paidAt + methodOf(transaction).refundWindowDays * dayMs).toISOString();
}

/** Refuses what cannot be refunded now; answers the amount to refund (default: all that is left). */
export function checkRefund(
  transaction: TransactionRecord,
  requested: number | undefined,
  now: Date,
): number {
  if (transaction.status !== 'PAID' && transaction.status !== 'REFUNDED')
    throw conflict(
      'transaction.not_refundable',
      `transaction ${transaction.id} is ${transaction.status}: only a PAID transaction can be refunded`,
    );
  const left = refundableAmount(transaction);
  if (left <= 0 && transaction.disputedAmount)
    throw disputeLeavesLess(transaction.id, requested ?? 0, left, transaction.disputedAmount);
  if (left <= 0)
    throw conflict('refund.nothing_left', `transaction ${transaction.id} is already refunded in full`);
  const windowEnd = refundWindowEnd(transaction);
  if (now.toISOString() > windowEnd) {
    const days = methodOf(transaction).refundWindowDays;
    throw unprocessable(
      'refund.window_closed',
      `transaction ${transaction.id}: the refund window of ${transaction.method} (${days} days from the payment) closed at ${windowEnd}`,
    );
  }
  const amount = requested ?? left;
  if (amount > left && transaction.disputedAmount)
    throw disputeLeavesLess(transaction.id, amount, left, transaction.disputedAmount);
  if (amount > left) throw amountExceeds(transaction.id, amount, left);
  return amount;
}

/** A dispute took part of the money back: only what neither refunds nor disputes took can be refunded. */
export function disputeLeavesLess(transactionId: string, amount: number, left: number, disputed: number) {
  return conflict(
    'refund.disputed',
    `amount: ${amount} is more than the ${Math.max(left, 0)} cents of transaction ${transactionId} left to refund: a dispute took ${disputed} cents back (see its disputes)`,
  );
}

export function amountExceeds(transactionId: string, amount: number, left: number) {
  return conflict(
    'refund.amount_exceeds_remaining',
    `amount: ${amount} is more than the ${left} cents of transaction ${transactionId} not refunded yet`,
  );
}
