// POST /v2/subscriptions/{id}/cancel: the merchant ends the subscription. No further cycle is
// charged; a cycle's charge already out stays payable (it was announced to the payer, and money
// that arrives is never silent); cancel it with POST /transactions/{id}/cancel if it must not be.
// Canceling a canceled subscription answers it as it is. Pix Automático: the recurrence is
// canceled at the PSP first (`PATCH /rec/{idRec}`, safe to repeat), so no debit follows; one the
// payer had canceled already keeps the payer's reason.
import { conflict } from '../errors.ts';
import { findSubscription } from './get-subscription.ts';
import { pixAutomaticoPsp, pspAnswerBy } from './pix-automatico-psp.ts';
import { cancelReasonOf } from './recurrence-sync.ts';
import { changeSubscription, lastChargeOf } from './run-cycle-steps.ts';
import type { SubscriptionView } from './subscription.ts';
import { canceledSubscription } from './subscription-changes.ts';
import { type CancelReason, nextStatus } from './subscription-status.ts';
import { toSubscription } from './subscription-view.ts';

export async function cancelSubscription(
  accountId: string,
  subscriptionId: string,
  now = new Date(),
): Promise<SubscriptionView> {
  // Each retry follows a concurrent change (a cycle step), which a subscription makes rarely.
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const subscription = await findSubscription(accountId, subscriptionId, true);
    if (subscription.status === 'CANCELED') return toSubscription(subscription);
    if (!nextStatus(subscription.status, { kind: 'canceled', reason: 'MERCHANT' }))
      throw conflict('subscription.not_cancelable', `id: the subscription is ${subscription.status}`);
    let reason: CancelReason = 'MERCHANT';
    if (subscription.recurrence) {
      const { state } = await pixAutomaticoPsp().cancelRecurrence(
        subscription.recurrence.idRec,
        pspAnswerBy(),
      );
      if (state.status === 'CANCELED') reason = cancelReasonOf(state);
    }
    const after = canceledSubscription(subscription, reason, now.toISOString())!;
    const lastCharge = await lastChargeOf(subscription);
    if (await changeSubscription(subscription, after, lastCharge, now, { emits: ['subscription.canceled'] }))
      return toSubscription(after);
  }
  throw conflict('subscription.write_conflict', 'id: the subscription kept changing; retry');
}
