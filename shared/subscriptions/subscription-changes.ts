// The record changes of the subscription's status machine (pure): an end by cancel (the
// merchant's, the payer's on the recurrence) and a cycle that ended unpaid. Each is the status
// machine's answer (subscription-status.ts) applied to the record; null where it does not apply.
import type { SubscriptionEventType } from '../events/event-types.ts';
import type { SubscriptionRecord } from './subscription.ts';
import { type CancelReason, nextStatus } from './subscription-status.ts';

/** Canceled for `reason` at `at`: no open cycle is checked any more. */
export function canceledSubscription(
  subscription: SubscriptionRecord,
  reason: CancelReason,
  at: string,
): SubscriptionRecord | null {
  const outcome = nextStatus(subscription.status, { kind: 'canceled', reason });
  if (!outcome) return null;
  return {
    ...subscription,
    status: outcome.status,
    cancelReason: reason,
    canceledAt: at,
    openCycle: null,
    updatedAt: at,
  };
}

/**
 * One more cycle ended unpaid: PAST_DUE, or CANCELED (`UNPAID`) when the retries are spent; the
 * caller adds what else its step changes (the open cycle, the given-up cycle).
 */
export function afterUnpaidCycle(subscription: SubscriptionRecord, at: string): SubscriptionRecord | null {
  const unpaidCycles = subscription.unpaidCycles + 1;
  const outcome = nextStatus(subscription.status, { kind: 'cycle-unpaid', unpaidInARow: unpaidCycles });
  if (!outcome) return null;
  return {
    ...subscription,
    status: outcome.status,
    unpaidCycles,
    updatedAt: at,
    ...(outcome.cancelReason ? { cancelReason: outcome.cancelReason, canceledAt: at } : {}),
  };
}

/** The event an unpaid cycle's change writes. */
export const unpaidCycleEvent = (after: SubscriptionRecord): SubscriptionEventType =>
  after.status === 'CANCELED' ? 'subscription.canceled' : 'subscription.past_due';
