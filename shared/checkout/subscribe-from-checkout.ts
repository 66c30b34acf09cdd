// The hosted checkout's form for a recurring offer: the payer subscribes. The subscription's id is
// derived from the session, so a second submit (a double click, a back button) finds it instead
// of making another; cycle 1's charge completes the session in its own write, and the payer goes
// to that charge's page, as a one-off sale's payer goes to its transaction's. Pix Automático
// (journey 3): the recurrence is made at the PSP and cycle 1's charge is the Pix whose QR pays it
// and authorizes the recurrence, on that same page.
import { createHash } from 'node:crypto';
import { conflict } from '../errors.ts';
import { hostedPageUrl } from '../hosted-pages/hosted-page-url.ts';
import {
  type CycleChargeMethod,
  isRecurringDebit,
  recurringDebitMethod,
  subscriptionMethods,
} from '../payment-methods.ts';
import { todayInSaoPaulo } from '../purchase/due-date.ts';
import { parsePurchaseRequest } from '../purchase/purchase-schema.ts';
import { getSubscription } from '../store/subscriptions.ts';
import { getTransaction } from '../store/transactions.ts';
import { openSubscription } from '../subscriptions/create-subscription.ts';
import { cycleTransactionId, firstDueDateOf } from '../subscriptions/cycle-schedule.ts';
import {
  chargeFirstCycleOnce,
  openPixAutomaticoSubscription,
} from '../subscriptions/pix-automatico-subscription.ts';
import { runCycleSteps } from '../subscriptions/run-cycle-steps.ts';
import { newSubscriptionRecord } from '../subscriptions/subscription.ts';
import { checkoutPurchaseBody, chosenMethod, type FormFields } from './checkout-form.ts';
import type { CheckoutSessionRecord } from './checkout-session.ts';

/** `sub_` and 32 hex digits of SHA-256 of the session id: one subscription per session. */
export const subscriptionIdOfSession = (sessionId: string): string =>
  `sub_${createHash('sha256').update(sessionId).digest('hex').slice(0, 32)}`;

/** Subscribes the payer (once per session); answers the payer page of cycle 1's charge. */
export async function subscribeFromCheckout(
  session: CheckoutSessionRecord,
  form: FormFields,
  now: Date,
): Promise<string> {
  // The purchase rules check the payer's fields, so a refused form comes back as a one-off's does.
  const request = parsePurchaseRequest(checkoutPurchaseBody(session, form), now);
  const debited = isRecurringDebit(chosenMethod(session, form));
  if (!(subscriptionMethods as readonly string[]).includes(request.method) || !('cpf' in request))
    throw new Error(
      `checkout session ${session.id}: ${request.method} cannot charge a subscription's cycles`,
    );
  const billingCycle = session.billingCycle!;
  const record = newSubscriptionRecord(
    {
      id: subscriptionIdOfSession(session.id),
      accountId: session.accountId,
      offerId: session.offerId,
      productId: session.productId,
      description: session.description,
      amount: session.amount,
      billingCycle,
      paymentMethod: debited ? recurringDebitMethod : (request.method as CycleChargeMethod),
      customer: {
        name: request.name,
        email: request.email,
        phone: debited ? null : request.phone,
        document: request.cpf,
        address: request.method === 'BOLETO' ? request.boletoAddress : null,
      },
      // Pix Automático: due today, so the one QR pays cycle 1 and authorizes (journey 3).
      firstDueDate: debited
        ? todayInSaoPaulo(now)
        : firstDueDateOf(undefined, todayInSaoPaulo(now), billingCycle),
      terms: session.terms,
      externalId: session.externalId,
      postbackUrl: session.postbackUrl,
      metadata: session.metadata,
    },
    now,
  );
  const checkout = { checkoutSessionId: session.id, paymentLinkId: session.paymentLinkId };
  const outcome = debited
    ? await openPixAutomaticoSubscription(record, null, now, checkout)
    : await openSubscription(record, now, checkout);
  if (outcome === 'taken') {
    const made = await getSubscription(session.accountId, record.id, true);
    if (!made)
      throw conflict(
        'subscription.external_id_taken',
        `externalId: "${record.externalId}" is already used by another subscription of this account`,
      );
    // Another submit of this session made it and may still be charging cycle 1: charge it here
    // too. The steps aim at the cycle after the one read (1), and a cycle is charged once
    // whichever submit gets there first (Pix Automático: under the QR's page it already shows).
    if (made.currentCycle === 0 && debited) await chargeFirstCycleOnce(made, now, checkout);
    else if (made.currentCycle === 0) await runCycleSteps(made, now, { force: true, checkout });
  }
  const charge = await getTransaction(session.accountId, cycleTransactionId(record.id, 1), true);
  if (!charge) throw new Error(`subscription ${record.id}: cycle 1 was not charged at its checkout`);
  return hostedPageUrl(charge);
}
