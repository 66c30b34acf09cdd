// POST /v2/subscriptions/{id}/cancel: the merchant ends the subscription. No further cycle is
// charged; a cycle's charge already out stays payable (it was announced to the payer, and money
// that arrives is never silent); cancel it with POST /transactions/{id}/cancel if it must not be.
// Canceling a canceled subscription answers it as it is.
import { conflict } from '../errors.ts';
import { getTransaction } from '../store/transactions.ts';
import { findSubscription } from './get-subscription.ts';
import { changeSubscription } from './run-cycle-steps.ts';
import type { SubscriptionRecord, SubscriptionView } from './subscription.ts';
import { nextStatus } from './subscription-status.ts';
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
    const outcome = nextStatus(subscription.status, { kind: 'canceled', reason: 'MERCHANT' });
    if (!outcome)
      throw conflict('subscription.not_cancelable', `id: the subscription is ${subscription.status}`);
    const at = now.toISOString();
    const after: SubscriptionRecord = {
      ...subscription,
      status: outcome.status,
      cancelReason: 'MERCHANT',
      canceledAt: at,
      openCycle: null,
      updatedAt: at,
    };
    const lastCharge = subscription.currentTransactionId
      ? await getTransaction(accountId, subscription.currentTransactionId, true)
      : undefined;
    if (await changeSubscription(subscription, after, lastCharge, now, { emits: ['subscription.canceled'] }))
      return toSubscription(after);
  }
  throw conflict('subscription.write_conflict', 'id: the subscription kept changing; retry');
}
