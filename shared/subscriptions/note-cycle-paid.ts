// A cycle's charge was paid (record-payment.ts calls this after the →PAID write): a PAST_DUE
// subscription is ACTIVE again at once, with `subscription.activated`; an ACTIVE one's open cycle
// is closed so the cycle job does not look at it. Best effort: when this is lost (a crash after
// the payment's write), the cycle job's check of the cycle finds the charge paid and does the same.
import { log } from '../log.ts';
import { getSubscription } from '../store/subscriptions.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { changeSubscription, reactivationSubject } from './run-cycle-steps.ts';
import { nextStatus } from './subscription-status.ts';

export async function noteCyclePaid(charge: TransactionRecord, now: Date): Promise<void> {
  const cycle = charge.subscription;
  if (!cycle) return;
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const subscription = await getSubscription(charge.accountId, cycle.subscriptionId, true);
      if (!subscription) return;
      const closesOpen = subscription.openCycle?.transactionId === charge.id;
      const at = now.toISOString();
      const base = { ...subscription, updatedAt: at, ...(closesOpen ? { openCycle: null } : {}) };
      if (subscription.status === 'PAST_DUE') {
        const outcome = nextStatus(subscription.status, { kind: 'cycle-paid' })!;
        const after = { ...base, status: outcome.status, unpaidCycles: 0 };
        const written = await changeSubscription(subscription, after, charge, now, {
          emits: ['subscription.activated'],
          subjectId: reactivationSubject(subscription.id),
        });
        if (written)
          log.info('subscription active again', { subscriptionId: subscription.id, cycle: cycle.cycle });
        if (written) return;
      } else if (subscription.status === 'ACTIVE' && closesOpen) {
        if (await changeSubscription(subscription, { ...base, unpaidCycles: 0 }, charge, now)) return;
      } else return;
    }
  } catch (error) {
    log.warn('subscription not updated for a paid cycle; the cycle job will', {
      subscriptionId: cycle.subscriptionId,
      error: (error as Error).message,
    });
  }
}
