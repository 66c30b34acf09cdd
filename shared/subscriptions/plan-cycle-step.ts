// Which step a subscription owes at an instant (pure): check the open cycle (its deadline has
// passed), charge the next cycle (its charge day has come), or nothing until a later instant.
// `force` (the sandbox's next-cycle) runs the next cycle now: the open cycle is checked as if its
// deadline had passed, then the next one is charged. A charge that failed is attempted again at
// its recorded retry time (charge-retry.ts), not before; `force` does not wait for it. A Pix
// Automático subscription waiting for its payer has one step: at the authorization's deadline,
// read the recurrence (EXPIRED when the payer still has not answered); `force` takes it now.
import { chargeRetryAt } from './charge-retry.ts';
import { cycleChargeAt, cycleDeadline } from './cycle-schedule.ts';
import type { OpenCycle, SubscriptionRecord } from './subscription.ts';
import { billingStatuses } from './subscription-status.ts';

export type CycleStep =
  | { kind: 'authorization' }
  | { kind: 'check'; open: OpenCycle }
  | { kind: 'charge'; cycle: number }
  | { kind: 'wait'; until: Date }
  | { kind: 'none' };

type Schedule = Pick<
  SubscriptionRecord,
  'status' | 'firstDueDate' | 'billingCycle' | 'currentCycle' | 'openCycle' | 'recurrence' | 'chargeRetry'
>;

const authorizationDeadline = (subscription: Schedule): Date | null =>
  subscription.status === 'PENDING_AUTHORIZATION' && subscription.recurrence
    ? new Date(subscription.recurrence.authorizationExpiresAt)
    : null;

/** When the next cycle's charge is due: its charge day, or later its retry after a failed attempt. */
function nextChargeAt(subscription: Schedule): Date {
  const next = subscription.currentCycle + 1;
  const day = cycleChargeAt(subscription.firstDueDate, subscription.billingCycle, next);
  const retry = chargeRetryAt(subscription.chargeRetry, next);
  return retry && retry > day ? retry : day;
}

/** When the subscription's next step is due (its due-index time); null when it no longer bills. */
export function nextStepAt(subscription: Schedule): Date | null {
  const authorization = authorizationDeadline(subscription);
  if (authorization) return authorization;
  if (!billingStatuses.includes(subscription.status)) return null;
  const charge = nextChargeAt(subscription);
  if (!subscription.openCycle) return charge;
  const check = cycleDeadline(
    subscription.firstDueDate,
    subscription.billingCycle,
    subscription.openCycle.cycle,
  );
  return new Date(Math.min(check.getTime(), charge.getTime()));
}

export function planCycleStep(subscription: Schedule, now: Date, force = false): CycleStep {
  const authorization = authorizationDeadline(subscription);
  if (authorization)
    return force || authorization <= now ? { kind: 'authorization' } : { kind: 'wait', until: authorization };
  if (!billingStatuses.includes(subscription.status)) return { kind: 'none' };
  const { openCycle } = subscription;
  if (openCycle) {
    const deadline = cycleDeadline(subscription.firstDueDate, subscription.billingCycle, openCycle.cycle);
    if (force || deadline <= now) return { kind: 'check', open: openCycle };
  }
  const next = subscription.currentCycle + 1;
  if (force || nextChargeAt(subscription) <= now) return { kind: 'charge', cycle: next };
  return { kind: 'wait', until: nextStepAt(subscription)! };
}
