// What the Refund action of a transaction's detail may offer (pure): whether the transaction can
// be refunded by this key, what is left to refund, and the amount the merchant typed, read as
// they write it and checked against what is left before anything is posted.
import { readAmountInput } from '../../shared/money/amount-input.ts';
import type { AmountRefusal } from './amount-problems.ts';
import { t } from './i18n/i18n.ts';
import type { Transaction } from './types.ts';

/** Cents not refunded yet (pending refunds count as refunded, as the API counts them). */
export function leftToRefund(transaction: Pick<Transaction, 'amount' | 'refundedAmount'>): number {
  return transaction.amount - (transaction.refundedAmount ?? 0);
}

/** Why the Refund action is unavailable, or null when it is offered. */
export function refundUnavailable(
  transaction: Pick<Transaction, 'status' | 'amount' | 'refundedAmount'>,
  permissions: readonly string[] | null,
): string | null {
  if (transaction.status !== 'PAID' && transaction.status !== 'REFUNDED') return t('refunds.onlyPaid');
  if (transaction.status === 'REFUNDED' || leftToRefund(transaction) <= 0) return t('refunds.inFull');
  if (permissions && !permissions.includes('createTransaction')) return t('refunds.needsPermission');
  return null;
}

export type RefundAmountReading = { cents: number } | ({ error: string } & AmountRefusal);

/** The typed amount in cents, or why it cannot be refunded. */
export function readRefundAmount(
  text: string,
  left: number,
  format: (cents: number) => string,
): RefundAmountReading {
  const reading = readAmountInput(text);
  if ('error' in reading) return reading;
  if (reading.cents < 1) return { error: 'must be more than zero', problem: 'notPositive' };
  if (reading.cents > left)
    return {
      error: `must be at most ${format(left)}, what is left to refund`,
      problem: 'overLeft',
      left: format(left),
    };
  return reading;
}
