// The status machine applied to the record: an end by cancel, and a cycle that ended unpaid.
import { describe, expect, it } from 'vitest';
import type { SubscriptionRecord } from '../../shared/subscriptions/subscription.ts';
import {
  afterUnpaidCycle,
  canceledSubscription,
  unpaidCycleEvent,
} from '../../shared/subscriptions/subscription-changes.ts';
import { maxUnpaidCyclesInARow } from '../../shared/subscriptions/subscription-status.ts';

const at = '2026-12-01T12:00:00.000Z';
const active = {
  status: 'ACTIVE',
  unpaidCycles: 0,
  openCycle: { cycle: 2, transactionId: 'tx' },
  cancelReason: null,
  canceledAt: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
} as unknown as SubscriptionRecord;

describe('subscription changes', () => {
  it('cancels with its reason, closing the open cycle; not once ended', () => {
    expect(canceledSubscription(active, 'PAYER', at)).toMatchObject({
      status: 'CANCELED',
      cancelReason: 'PAYER',
      canceledAt: at,
      openCycle: null,
      updatedAt: at,
    });
    expect(canceledSubscription({ ...active, status: 'EXPIRED' }, 'MERCHANT', at)).toBeNull();
  });

  it('counts an unpaid cycle: PAST_DUE, then CANCELED (UNPAID) when the retries are spent', () => {
    const pastDue = afterUnpaidCycle(active, at)!;
    expect(pastDue).toMatchObject({ status: 'PAST_DUE', unpaidCycles: 1, updatedAt: at, canceledAt: null });
    expect(pastDue.openCycle).toEqual(active.openCycle);
    expect(unpaidCycleEvent(pastDue)).toBe('subscription.past_due');
    const spent = afterUnpaidCycle(
      { ...active, status: 'PAST_DUE', unpaidCycles: maxUnpaidCyclesInARow - 1 },
      at,
    )!;
    expect(spent).toMatchObject({ status: 'CANCELED', cancelReason: 'UNPAID', canceledAt: at });
    expect(unpaidCycleEvent(spent)).toBe('subscription.canceled');
    expect(afterUnpaidCycle({ ...active, status: 'CANCELED' }, at)).toBeNull();
  });
});
