// POST /sandbox/subscriptions/{id}/next-cycle: the next cycle now, so a test does not wait a
// period: the open cycle is checked as if its deadline had passed (unpaid → PAST_DUE), then the
// next cycle is charged. Two calls at once charge the cycle once (its id and the subscription's
// cycle condition), and both answer that charge. A Pix Automático subscription still waiting for
// its payer has its authorization's deadline played instead: EXPIRED unless the PSP says authorized.
// A debit the PSP would not take yet (more than 10 days before its due date) is refused before the
// open cycle is played, so the 409 leaves the subscription as it was.
import { conflict } from '../errors.ts';
import { cycleTransactionId } from './cycle-schedule.ts';
import { findSubscription } from './get-subscription.ts';
import { debitWindowNotYetOpen, debitWindowOf, outsideDebitWindow } from './pix-automatico-cycles.ts';
import { runCycleSteps } from './run-cycle-steps.ts';
import type { SubscriptionView } from './subscription.ts';
import { billingStatuses } from './subscription-status.ts';
import { toSubscription } from './subscription-view.ts';

export async function runNextCycle(
  accountId: string,
  subscriptionId: string,
  now = new Date(),
): Promise<{ subscription: SubscriptionView; transactionId: string | null }> {
  const read = await findSubscription(accountId, subscriptionId, true);
  if (read.status === 'PENDING_AUTHORIZATION' && read.recurrence)
    return {
      subscription: toSubscription(await runCycleSteps(read, now, { force: true })),
      transactionId: null,
    };
  if (!billingStatuses.includes(read.status))
    throw conflict(
      'subscription.not_billing',
      `id: the subscription is ${read.status}; it charges no more cycles`,
    );
  const target = read.currentCycle + 1;
  if (read.paymentMethod === 'PIX_AUTOMATICO' && debitWindowNotYetOpen(read, target, now))
    throw outsideDebitWindow(read, target, debitWindowOf(read, target, now));
  const after = await runCycleSteps(read, now, { force: true });
  const transactionId = cycleTransactionId(after.id, target);
  // A cycle whose charge failed (tried again later, or given up) names no transaction.
  const charged = after.currentCycle > target || after.currentTransactionId === transactionId;
  return { subscription: toSubscription(after), transactionId: charged ? transactionId : null };
}
