// What the PSP's reading of a subscription's recurrence (GET /rec) makes of it; nothing else moves
// a Pix Automático subscription's authorization (the PSP's notifications only make us read).
// APROVADA → ACTIVE (`subscription.activated` on cycle 1's charge, whose payment is then checked;
// journeys 1 and 2 have no charge yet, so cycle 1's charge carries the activation); REJEITADA or
// EXPIRADA → EXPIRED; CANCELADA → CANCELED with who asked (`subscription.canceled`). Past the
// authorization's deadline a recurrence still waiting is canceled at the PSP, so a late
// authorization starts nothing, and the subscription is EXPIRED.
import { log } from '../log.ts';
import type { RecurrenceState } from '../rails/api-pix/recurrence-status.ts';
import { getSubscription } from '../store/subscriptions.ts';
import { enqueueWatchPayment } from '../transactions/jobs.ts';
import { pixAutomaticoPsp, pspAnswerBy } from './pix-automatico-psp.ts';
import { changeSubscription, lastChargeOf } from './run-cycle-steps.ts';
import type { SubscriptionRecord } from './subscription.ts';
import { canceledSubscription } from './subscription-changes.ts';
import { type CancelReason, isFinal, nextStatus } from './subscription-status.ts';

/** A recurrence canceled on the receiver's side (us, or our PSP) is the merchant's end; else the payer's. */
export function cancelReasonOf(state: RecurrenceState): CancelReason {
  return state.reason === 'MERCHANT_CANCELED' || state.reason === 'PSP_CANCELED' ? 'MERCHANT' : 'PAYER';
}

/** The subscription as `state` leaves it; null when the state changes nothing. */
export function afterRecurrenceState(
  subscription: SubscriptionRecord,
  state: RecurrenceState,
  hasCharge: boolean,
  now: Date,
): SubscriptionRecord | null {
  const at = now.toISOString();
  if (state.status === 'ACTIVE') {
    const outcome = nextStatus(subscription.status, { kind: 'authorized' });
    if (!outcome) return null;
    return {
      ...subscription,
      status: outcome.status,
      updatedAt: at,
      ...(hasCharge ? { activatedAt: at } : {}),
    };
  }
  if (state.status === 'EXPIRED') {
    const outcome = nextStatus(subscription.status, { kind: 'authorization-expired' });
    return outcome ? { ...subscription, status: outcome.status, openCycle: null, updatedAt: at } : null;
  }
  if (state.status === 'CANCELED') return canceledSubscription(subscription, cancelReasonOf(state), at);
  return null;
}

async function applyState(
  subscription: SubscriptionRecord,
  state: RecurrenceState,
  now: Date,
): Promise<boolean> {
  const charge = await lastChargeOf(subscription);
  const after = afterRecurrenceState(subscription, state, Boolean(charge), now);
  if (!after) return true;
  const emits =
    after.status === 'ACTIVE'
      ? (['subscription.activated'] as const)
      : after.status === 'CANCELED'
        ? (['subscription.canceled'] as const)
        : ([] as const);
  if (!(await changeSubscription(subscription, after, charge, now, { emits }))) return false;
  log.info('subscription follows its recurrence', {
    subscriptionId: subscription.id,
    status: after.status,
    reason: state.reason,
  });
  if (after.status === 'ACTIVE' && charge)
    // Journey 3: the authorization paid cycle 1's charge; look at it now rather than at its next poll.
    await enqueueWatchPayment({
      accountId: charge.accountId,
      transactionId: charge.id,
      mode: 'notify',
    }).catch((error: unknown) =>
      log.warn('cycle 1 check not enqueued; its poll will look', { error: (error as Error).message }),
    );
  return true;
}

/**
 * Reads the recurrence and follows it; `expireIfWaiting` (its deadline passed, or the sandbox's
 * next-cycle) ends one the payer has not answered. Answers the subscription as it is now.
 */
export async function syncRecurrence(
  read: SubscriptionRecord,
  now: Date,
  options: { expireIfWaiting?: boolean } = {},
): Promise<SubscriptionRecord> {
  const recurrence = read.recurrence;
  if (!recurrence || isFinal(read.status)) return read;
  const psp = pixAutomaticoPsp();
  const reading = await psp.getRecurrence(recurrence.idRec, pspAnswerBy());
  if (!reading) {
    log.warn('the PSP has no such recurrence', { subscriptionId: read.id, idRec: recurrence.idRec });
    return read;
  }
  let state = reading.state;
  if (state.status === 'PENDING_AUTHORIZATION') {
    if (!options.expireIfWaiting || read.status !== 'PENDING_AUTHORIZATION') return read;
    state = (await psp.cancelRecurrence(recurrence.idRec, pspAnswerBy())).state;
    // Our own cancel of a recurrence nobody authorized is its expiry.
    if (state.status === 'CANCELED' && state.reason === 'MERCHANT_CANCELED')
      state = { status: 'EXPIRED', reason: 'AUTHORIZATION_EXPIRED', detail: null };
  }
  let subscription = read;
  // Each retry follows a concurrent change (a notification and the sandbox's authorize at once).
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await applyState(subscription, state, now)) break;
    const current = await getSubscription(read.accountId, read.id, true);
    if (!current) return read;
    subscription = current;
  }
  return (await getSubscription(read.accountId, read.id, true)) ?? read;
}
