import { describe, expect, it } from 'vitest';
import { billingCycles } from '../../shared/catalog/offer.ts';
import {
  chargeDaysAheadFor,
  chargeDaysAheadLimits,
  cycleChargeAt,
  cycleChargeDate,
  cycleDeadline,
  cycleDueDate,
  cycleTransactionId,
  firstDueDateOf,
} from '../../shared/subscriptions/cycle-schedule.ts';
import { maxUnpaidCyclesInARow, nextStatus } from '../../shared/subscriptions/subscription-status.ts';

describe('cycle due dates', () => {
  it('counts each period from the first due date', () => {
    expect(cycleDueDate('2026-01-15', 'WEEKLY', 1)).toBe('2026-01-15');
    expect(cycleDueDate('2026-01-15', 'WEEKLY', 3)).toBe('2026-01-29');
    expect(cycleDueDate('2026-01-15', 'MONTHLY', 2)).toBe('2026-02-15');
    expect(cycleDueDate('2026-01-15', 'QUARTERLY', 2)).toBe('2026-04-15');
    expect(cycleDueDate('2026-01-15', 'SEMIANNUALLY', 3)).toBe('2027-01-15');
    expect(cycleDueDate('2026-01-15', 'YEARLY', 2)).toBe('2027-01-15');
  });

  it('clamps the day to the month and never carries the clamp over', () => {
    expect(cycleDueDate('2026-01-31', 'MONTHLY', 2)).toBe('2026-02-28');
    expect(cycleDueDate('2026-01-31', 'MONTHLY', 3)).toBe('2026-03-31');
    expect(cycleDueDate('2026-01-31', 'MONTHLY', 4)).toBe('2026-04-30');
    expect(cycleDueDate('2027-12-31', 'MONTHLY', 3)).toBe('2028-02-29');
    expect(cycleDueDate('2028-02-29', 'YEARLY', 2)).toBe('2029-02-28');
    expect(cycleDueDate('2028-02-29', 'YEARLY', 5)).toBe('2032-02-29');
    expect(cycleDueDate('2026-08-31', 'SEMIANNUALLY', 2)).toBe('2027-02-28');
    expect(cycleDueDate('2026-11-30', 'QUARTERLY', 2)).toBe('2027-02-28');
  });

  it('refuses a cycle that is not a positive integer', () => {
    expect(() => cycleDueDate('2026-01-15', 'MONTHLY', 0)).toThrow();
    expect(() => cycleDueDate('2026-01-15', 'MONTHLY', 1.5)).toThrow();
  });
});

describe('the charge window', () => {
  it('keeps inside the Pix Automático limits, and a weekly cycle within its week', () => {
    for (const cycle of billingCycles) {
      const days = chargeDaysAheadFor(cycle);
      expect(days).toBeGreaterThanOrEqual(chargeDaysAheadLimits.min);
      expect(days).toBeLessThanOrEqual(chargeDaysAheadLimits.max);
    }
    expect(chargeDaysAheadFor('MONTHLY', 1)).toBe(2);
    expect(chargeDaysAheadFor('MONTHLY', 30)).toBe(10);
    expect(chargeDaysAheadFor('WEEKLY', 10)).toBe(6);
  });

  it('creates each charge the window before its due date, at the start of the São Paulo day', () => {
    const days = chargeDaysAheadFor('MONTHLY');
    expect(cycleChargeDate('2026-03-20', 'MONTHLY', 2)).toBe(
      new Date(Date.UTC(2026, 3, 20 - days)).toISOString().slice(0, 10),
    );
    expect(cycleChargeAt('2026-03-20', 'MONTHLY', 1).toISOString()).toBe(
      `2026-03-${String(20 - days).padStart(2, '0')}T03:00:00.000Z`,
    );
    expect(cycleDeadline('2026-03-20', 'MONTHLY', 1).toISOString()).toBe('2026-03-21T03:00:00.000Z');
  });

  it('charges every cycle after the previous one is due', () => {
    for (const cycle of billingCycles)
      for (let n = 1; n < 30; n += 1)
        expect(cycleChargeDate('2026-01-31', cycle, n + 1) > cycleDueDate('2026-01-31', cycle, n)).toBe(true);
  });

  it('dues cycle 1 on the start date, else one window from today', () => {
    expect(firstDueDateOf('2026-05-01', '2026-04-20', 'MONTHLY')).toBe('2026-05-01');
    expect(firstDueDateOf(undefined, '2026-04-20', 'MONTHLY')).toBe(
      `2026-04-${20 + chargeDaysAheadFor('MONTHLY')}`,
    );
  });
});

describe('cycle transaction ids', () => {
  it('are the same for the same cycle, distinct across cycles and subscriptions, 19 digits from 9', () => {
    const id = cycleTransactionId('sub_0123456789abcdef0123456789abcdef', 1);
    expect(id).toMatch(/^9\d{18}$/);
    expect(cycleTransactionId('sub_0123456789abcdef0123456789abcdef', 1)).toBe(id);
    const ids = new Set<string>();
    for (let cycle = 1; cycle <= 500; cycle += 1) {
      ids.add(cycleTransactionId('sub_0123456789abcdef0123456789abcdef', cycle));
      ids.add(cycleTransactionId('sub_fedcba9876543210fedcba9876543210', cycle));
    }
    expect(ids.size).toBe(1000);
  });
});

describe('the status machine', () => {
  it('activates on authorization and expires when never authorized', () => {
    expect(nextStatus('PENDING_AUTHORIZATION', { kind: 'authorized' })).toEqual({ status: 'ACTIVE' });
    expect(nextStatus('PENDING_AUTHORIZATION', { kind: 'authorization-expired' })).toEqual({
      status: 'EXPIRED',
    });
    expect(nextStatus('ACTIVE', { kind: 'authorization-expired' })).toBeNull();
    expect(nextStatus('PENDING_AUTHORIZATION', { kind: 'cycle-unpaid', unpaidInARow: 1 })).toBeNull();
  });

  it('goes PAST_DUE on an unpaid cycle and ACTIVE again on a paid one', () => {
    expect(nextStatus('ACTIVE', { kind: 'cycle-unpaid', unpaidInARow: 1 })).toEqual({ status: 'PAST_DUE' });
    expect(nextStatus('PAST_DUE', { kind: 'cycle-paid' })).toEqual({ status: 'ACTIVE' });
  });

  it('cancels (UNPAID) when the retries are spent', () => {
    expect(nextStatus('PAST_DUE', { kind: 'cycle-unpaid', unpaidInARow: maxUnpaidCyclesInARow - 1 })).toEqual(
      {
        status: 'PAST_DUE',
      },
    );
    expect(nextStatus('PAST_DUE', { kind: 'cycle-unpaid', unpaidInARow: maxUnpaidCyclesInARow })).toEqual({
      status: 'CANCELED',
      cancelReason: 'UNPAID',
    });
  });

  it('cancels from any live status and never leaves a final one', () => {
    for (const status of ['PENDING_AUTHORIZATION', 'ACTIVE', 'PAST_DUE'] as const)
      expect(nextStatus(status, { kind: 'canceled', reason: 'MERCHANT' })).toEqual({
        status: 'CANCELED',
        cancelReason: 'MERCHANT',
      });
    for (const status of ['CANCELED', 'EXPIRED'] as const) {
      expect(nextStatus(status, { kind: 'cycle-paid' })).toBeNull();
      expect(nextStatus(status, { kind: 'canceled', reason: 'MERCHANT' })).toBeNull();
    }
  });
});
