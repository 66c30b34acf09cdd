// The ledger's plan (pure): each movement's entries add up to its change of `available`, and the
// figures move as the balance documents.
import { describe, expect, it } from 'vitest';
import {
  disputeLedger,
  disputeWonLedger,
  paymentLedger,
  refundFailedLedger,
  refundSucceededLedger,
  refundTakenLedger,
} from '../../shared/balance/ledger.ts';
import type { RefundRecord } from '../../shared/refunds/refund.ts';
import type { TransactionRecord } from '../../shared/transactions/transaction.ts';

const at = '2026-11-26T12:00:00.000Z';
const transaction = {
  id: '1',
  accountId: 'acc_1',
  currency: 'BRL',
  amount: 10_000,
  costFee: 99,
} as TransactionRecord;
const refund = {
  id: 're_1_00000000000000aa',
  accountId: 'acc_1',
  transactionId: '1',
  currency: 'BRL',
  amount: 4_000,
  createdAt: at,
} as RefundRecord;

describe('ledger plans', () => {
  it('a payment books +amount and −costFee; no fee entry when the fee is 0', () => {
    const write = paymentLedger(transaction, at);
    expect(write.entries.map((e) => [e.kind, e.amount])).toEqual([
      ['payment', 10_000],
      ['fee', -99],
    ]);
    expect(write.changes).toEqual([
      { currency: 'BRL', available: 9_901, pending: 0, refunded: 0, disputed: 0 },
    ]);
    expect(paymentLedger({ ...transaction, costFee: 0 }, at).entries).toHaveLength(1);
  });

  it('a refund moves available to pending, then to refunded or (refused) back', () => {
    const total = (writes: ReturnType<typeof paymentLedger>[]) =>
      writes
        .flatMap((w) => w.changes)
        .reduce(
          (sum, c) => ({
            available: sum.available + c.available,
            pending: sum.pending + c.pending,
            refunded: sum.refunded + c.refunded,
          }),
          { available: 0, pending: 0, refunded: 0 },
        );
    const succeeded = [
      paymentLedger(transaction, at),
      refundTakenLedger(refund),
      refundSucceededLedger(refund),
    ];
    expect(total(succeeded)).toEqual({ available: 5_901, pending: 0, refunded: 4_000 });
    const refused = [
      paymentLedger(transaction, at),
      refundTakenLedger(refund),
      refundFailedLedger(refund, at),
    ];
    expect(total(refused)).toEqual({ available: 9_901, pending: 0, refunded: 0 });
    for (const writes of [succeeded, refused]) {
      const entries = writes.flatMap((w) => w.entries).reduce((sum, e) => sum + e.amount, 0);
      expect(entries).toBe(total(writes).available);
    }
    expect(new Set(refused.flatMap((w) => w.entries.map((e) => e.id))).size).toBe(4);
  });

  it('a dispute moves available to disputed; one WON moves it back with a reversal entry of its own', () => {
    const dispute = { id: 'dp_1_00000000000000bb', amount: 2_500, createdAt: at };
    const writes = [
      paymentLedger(transaction, at),
      disputeLedger(transaction, dispute),
      disputeWonLedger(transaction, dispute, at),
    ];
    expect(writes.slice(1).map((w) => w.changes)).toEqual([
      [{ currency: 'BRL', available: -2_500, pending: 0, refunded: 0, disputed: 2_500 }],
      [{ currency: 'BRL', available: 2_500, pending: 0, refunded: 0, disputed: -2_500 }],
    ]);
    expect(writes.flatMap((w) => w.entries.map((e) => [e.id, e.kind, e.amount]))).toEqual([
      ['le_1_payment', 'payment', 10_000],
      ['le_1_fee', 'fee', -99],
      ['le_dp_1_00000000000000bb_dispute', 'dispute', -2_500],
      ['le_dp_1_00000000000000bb_dispute_reversal', 'dispute_reversal', 2_500],
    ]);
  });
});
