// The refund rules (pure): only a paid transaction, within its method's window, at most what is
// left; the id names its transaction.
import { describe, expect, it } from 'vitest';
import { methodKey, paymentMethods } from '../../shared/payment-methods.ts';
import { newRefundId, transactionIdOfRefund } from '../../shared/refunds/refund.ts';
import { checkRefund, refundableAmount, refundWindowEnd } from '../../shared/refunds/refund-rules.ts';
import type { TransactionRecord } from '../../shared/transactions/transaction.ts';

const paidAt = '2026-06-01T12:00:00.000Z';
const paid = (row: (typeof paymentMethods)[number], extra: Partial<TransactionRecord> = {}) =>
  ({
    id: '1764100000000123456',
    currency: row.currency,
    method: row.method,
    status: 'PAID',
    amount: 10_000,
    paidAt,
    ...extra,
  }) as TransactionRecord;
const day = 86_400_000;

describe('checkRefund', () => {
  it.each(paymentMethods.map((row) => [methodKey(row), row] as const))(
    '%s: refunds up to what is left within its window, and refuses after it',
    (_key, row) => {
      const windowEnd = Date.parse(paidAt) + row.refundWindowDays * day;
      expect(refundWindowEnd(paid(row))).toBe(new Date(windowEnd).toISOString());
      expect(checkRefund(paid(row), undefined, new Date(windowEnd))).toBe(10_000);
      expect(checkRefund(paid(row, { refundedAmount: 2_500 }), undefined, new Date(paidAt))).toBe(7_500);
      expect(() => checkRefund(paid(row), undefined, new Date(windowEnd + 1))).toThrow(
        `the refund window of ${row.method} (${row.refundWindowDays} days from the payment)`,
      );
      expect(() => checkRefund(paid(row, { refundedAmount: 9_000 }), 1_001, new Date(paidAt))).toThrow(
        'amount: 1001 is more than the 1000 cents',
      );
    },
  );

  it('refuses what is not paid, and what is refunded in full', () => {
    const row = paymentMethods[0];
    for (const status of ['PENDING', 'EXPIRED', 'CANCELED', 'FAILED'] as const)
      expect(() => checkRefund(paid(row, { status, paidAt: null }), undefined, new Date())).toThrow(
        `is ${status}: only a PAID transaction can be refunded`,
      );
    expect(() =>
      checkRefund(paid(row, { status: 'REFUNDED', refundedAmount: 10_000 }), 1, new Date(paidAt)),
    ).toThrow('already refunded in full');
    expect(refundableAmount({ amount: 500 })).toBe(500);
  });
});

describe('refunds of a disputed transaction', () => {
  const row = paymentMethods[0]!;
  it('give back only what neither refunds nor disputes took; beyond it → 409 naming the dispute', () => {
    const disputed = paid(row, { refundedAmount: 1_000, disputedAmount: 4_000 });
    expect(refundableAmount(disputed)).toBe(5_000);
    expect(checkRefund(disputed, undefined, new Date(paidAt))).toBe(5_000);
    expect(() => checkRefund(disputed, 5_001, new Date(paidAt))).toThrow(/a dispute took 4000 cents back/);
    expect(() => checkRefund(paid(row, { disputedAmount: 10_000 }), undefined, new Date(paidAt))).toThrow(
      /0 cents .* a dispute took 10000 cents back/,
    );
  });
});

describe('refund ids', () => {
  it('name their transaction', () => {
    const id = newRefundId('1764100000000123456');
    expect(transactionIdOfRefund(id)).toBe('1764100000000123456');
    expect(transactionIdOfRefund('re_abc_0000000000000000')).toBeNull();
    expect(transactionIdOfRefund('evt_1_paid')).toBeNull();
  });
});
