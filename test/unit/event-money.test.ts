import { describe, expect, it } from 'vitest';
import { eventMoney } from '../../shared/events/event.ts';
import type { TransactionRecord } from '../../shared/transactions/transaction.ts';

const transaction = { id: '17', currency: 'BRL', amount: 4990 } as TransactionRecord;
const dispute = {
  transactionId: '17',
  dispute: { id: 'dsp_1', amount: 1200, reason: 'MED_FRAUDE', status: 'OPEN', createdAt: '', updatedAt: '' },
};

describe('eventMoney', () => {
  it('counts a dispute event as the dispute amount in its transaction currency', () => {
    expect(eventMoney(dispute, transaction)).toEqual({ currency: 'BRL', amount: 1200 });
  });

  it('needs the transaction of a dispute event', () => {
    expect(() => eventMoney(dispute, undefined)).toThrow(/dsp_1/);
  });

  it('counts a refund or transaction event as its own currency and amount', () => {
    const refund = { currency: 'BOB', amount: 100 } as Parameters<typeof eventMoney>[0];
    expect(eventMoney(refund, transaction)).toMatchObject({ currency: 'BOB', amount: 100 });
  });
});
