import { describe, expect, it } from 'vitest';
import { amountText, money } from '../../functions/dashboard/format.ts';
import { leftToRefund, readRefundAmount, refundUnavailable } from '../../functions/dashboard/refund-form.ts';
import { purchaseCurrencies } from '../../shared/payment-methods.ts';

const all = ['createTransaction'];

describe('the dashboard Refund action', () => {
  it('counts pending and done refunds as refunded', () => {
    expect(leftToRefund({ amount: 5000, refundedAmount: 1200 })).toBe(3800);
    expect(leftToRefund({ amount: 5000 })).toBe(5000);
  });

  it('is offered on a paid transaction with some left, to a key that may create transactions', () => {
    expect(refundUnavailable({ status: 'PAID', amount: 5000, refundedAmount: 0 }, all)).toBeNull();
    expect(refundUnavailable({ status: 'PAID', amount: 5000, refundedAmount: 0 }, null)).toBeNull();
  });

  it('says why it is not offered', () => {
    expect(refundUnavailable({ status: 'PENDING', amount: 5000 }, all)).toMatch(/only a paid/i);
    expect(refundUnavailable({ status: 'REFUNDED', amount: 5000, refundedAmount: 5000 }, all)).toMatch(
      /in full/,
    );
    expect(refundUnavailable({ status: 'PAID', amount: 5000, refundedAmount: 5000 }, all)).toMatch(/in full/);
    expect(refundUnavailable({ status: 'PAID', amount: 5000 }, ['manageAccount'])).toMatch(
      /createTransaction/,
    );
  });

  it.each(purchaseCurrencies)(
    '%s: the field starts with what is left, read back to the same cents',
    (currency) => {
      for (const cents of [1, 99, 4990, 123456]) {
        expect(readRefundAmount(amountText(cents, currency), cents, (left) => money(left, currency))).toEqual(
          {
            cents,
          },
        );
      }
    },
  );

  it('refuses more than what is left, naming it, and nothing at all', () => {
    const reading = readRefundAmount('50,00', 3800, (left) => money(left, 'BRL'));
    expect(reading).toMatchObject({ error: expect.stringContaining('38,00'), problem: 'overLeft' });
    expect(readRefundAmount('0', 3800, String)).toMatchObject({ error: 'must be more than zero' });
    expect(readRefundAmount('', 3800, String)).toMatchObject({ error: 'enter an amount' });
  });
});
