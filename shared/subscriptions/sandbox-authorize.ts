// POST /sandbox/subscriptions/{id}/authorize: the sandbox plays the payer's bank and approves the
// recurrence (the PSP's test environment does it, as the payer's app would), then the recurrence
// is read like after the PSP's notification: ACTIVE, and journeys 1 and 2 charge cycle 1.
import { conflict, unprocessable } from '../errors.ts';
import { recurringDebitMethod } from '../payment-methods.ts';
import { sandboxPayerAuthorizes } from '../rails/api-pix/pix-automatico-stage.ts';
import { PspUnavailableError } from '../rails/api-pix/psp-http.ts';
import { findSubscription } from './get-subscription.ts';
import { syncRecurrence } from './recurrence-sync.ts';
import { runCycleSteps } from './run-cycle-steps.ts';
import type { SubscriptionView } from './subscription.ts';
import { toSubscription } from './subscription-view.ts';

/** The payer's bank notifies us before it answers; past this (the route has 10 s) the reading tells. */
const sandboxAnswerMs = 6_000;

export async function sandboxAuthorize(
  accountId: string,
  subscriptionId: string,
  now = new Date(),
): Promise<SubscriptionView> {
  const read = await findSubscription(accountId, subscriptionId, true);
  if (!read.recurrence)
    throw conflict(
      'subscription.not_authorizable',
      `id: the subscription is paid by ${read.paymentMethod}; only ${recurringDebitMethod} ones wait for an authorization`,
    );
  if (read.status !== 'PENDING_AUTHORIZATION')
    throw conflict('subscription.not_authorizable', `id: the subscription is ${read.status}`);
  let unanswered: unknown = null;
  const played = await sandboxPayerAuthorizes(read.recurrence.idRec, Date.now() + sandboxAnswerMs).catch(
    (error: unknown) => {
      // Its answer may be lost after the approval: the recurrence's reading tells.
      if (!(error instanceof PspUnavailableError)) throw error;
      unanswered = error;
      return true;
    },
  );
  if (!played)
    throw unprocessable(
      'subscription.sandbox_unavailable',
      "id: this stage's PSP plays no payer's bank; authorize in the payer's bank app",
    );
  let after = await syncRecurrence(read, now);
  if (after.status === 'PENDING_AUTHORIZATION' && unanswered) throw unanswered;
  if (after.status === 'ACTIVE' && after.currentCycle === 0) after = await runCycleSteps(after, now);
  return toSubscription(after);
}
