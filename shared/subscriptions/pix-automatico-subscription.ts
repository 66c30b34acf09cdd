// A new Pix Automático subscription: its recurrence is made at the PSP first (safe to repeat: the
// client finds a recurrence it made before by its contract, the subscription id), then the
// subscription is written PENDING_AUTHORIZATION with it, due at the authorization's deadline.
// Journey 3 (cycle 1 due within 2 days, the default): cycle 1's charge is written at once, its
// payer page showing the one QR that pays it and authorizes the recurrence. Journeys 2 (a QR that
// only authorizes) and 1 (the request goes to the payer's bank account) charge cycle 1 by debit
// once authorized. The PSP's readings take it on from there (recurrence-sync.ts). A PSP that does
// not answer leaves nothing written: 503 with Retry-After, and the same request can be sent again
// (a recurrence the PSP made without our seeing the answer is never authorized, and lapses).
import { serviceUnavailable } from '../errors.ts';
import { hostedPageUrl } from '../hosted-pages/hosted-page-url.ts';
import { newPageToken } from '../ids.ts';
import { log } from '../log.ts';
import { addDays, todayInSaoPaulo } from '../purchase/due-date.ts';
import type { PayerBankAccount } from '../rails/api-pix/pix-automatico-types.ts';
import { PspUnavailableError } from '../rails/api-pix/psp-http.ts';
import { journeyFor } from '../rails/api-pix/recurrence-journey.ts';
import { getSubscription, insertSubscription } from '../store/subscriptions.ts';
import { cycleTransactionId } from './cycle-schedule.ts';
import { pixAutomaticoPsp, pspAnswerBy } from './pix-automatico-psp.ts';
import { nextStepAt } from './plan-cycle-step.ts';
import { type CycleCheckout, chargeCycle } from './run-cycle-steps.ts';
import type { SubscriptionRecord } from './subscription.ts';

/** What a 503 asks the client to wait before sending the request again. */
const pspRetryAfterSeconds = 60;

/** Journey 3: how long the QR (cycle 1's immediate charge) can be paid, and so authorized. */
export const firstChargeLifeSeconds = 86_400;

/**
 * Until when the payer may authorize: journey 3, while its QR can be paid; journeys 1 and 2, until
 * the last day cycle 1's debit can still be asked for (2 days before its due date) ends.
 */
export function authorizationDeadline(journey: 1 | 2 | 3, firstDueDate: string, now: Date): Date {
  if (journey === 3) return new Date(now.getTime() + firstChargeLifeSeconds * 1000);
  return new Date(`${addDays(firstDueDate, -1)}T00:00:00.000-03:00`);
}

export async function openPixAutomaticoSubscription(
  base: SubscriptionRecord,
  payerBankAccount: { ispbParticipante: string; agencia?: string | null | undefined; conta: string } | null,
  now: Date,
  /** The checkout whose form made it: journey 3's cycle 1 charge completes its session. */
  checkout?: CycleCheckout,
): Promise<SubscriptionRecord | 'taken'> {
  const today = todayInSaoPaulo(now);
  const bankAccount: PayerBankAccount | undefined = payerBankAccount
    ? {
        ispbParticipante: payerBankAccount.ispbParticipante,
        conta: payerBankAccount.conta,
        ...(payerBankAccount.agencia ? { agencia: payerBankAccount.agencia } : {}),
      }
    : undefined;
  const journey = journeyFor({
    firstDueDate: base.firstDueDate,
    today,
    payerBankAccount: Boolean(bankAccount),
  });
  const expiresAt = authorizationDeadline(journey, base.firstDueDate, now);
  const created = await pixAutomaticoPsp()
    .createRecurrence(
      {
        subscriptionId: base.id,
        description: base.description,
        amountCents: base.amount,
        billingCycle: base.billingCycle,
        firstDueDate: base.firstDueDate,
        customer: { name: base.customer.name, document: base.customer.document },
        ...(bankAccount ? { payerBankAccount: bankAccount } : {}),
        requestedAt: now,
        authorizationExpiresAt: expiresAt.toISOString(),
        firstChargeExpiresIn: firstChargeLifeSeconds,
        today,
      },
      pspAnswerBy(),
    )
    .catch((error: unknown) => {
      if (!(error instanceof PspUnavailableError)) throw error;
      log.warn('Pix Automático: the PSP did not answer the recurrence; nothing written', {
        subscriptionId: base.id,
        error: error.message,
      });
      throw serviceUnavailable(
        'psp.unavailable',
        'paymentMethod: PIX_AUTOMATICO could not be set up: the Pix provider did not answer, and nothing was created. Send the same request again in a minute.',
        pspRetryAfterSeconds,
      );
    });
  const pageToken = created.journey === 3 ? newPageToken(cycleTransactionId(base.id, 1)) : undefined;
  const record: SubscriptionRecord = {
    ...base,
    status: 'PENDING_AUTHORIZATION',
    recurrence: {
      idRec: created.idRec,
      journey: created.journey,
      qr: created.qr,
      url: pageToken ? hostedPageUrl({ currency: 'BRL', method: 'PIX', pageToken }) : null,
      authorizationExpiresAt: expiresAt.toISOString(),
    },
  };
  if ((await insertSubscription(record, nextStepAt(record)!.toISOString())) === 'taken') return 'taken';
  if (created.journey !== 3) return record;
  try {
    await chargeCycle(record, 1, now, checkout, pageToken);
  } catch (error) {
    // Its QR is out: once authorized, the cycle job writes cycle 1's charge (under a new page).
    log.warn('cycle 1 of a Pix Automático subscription not written at creation', {
      subscriptionId: record.id,
      error: (error as Error).message,
    });
    return record;
  }
  return (await getSubscription(record.accountId, record.id, true)) ?? record;
}

/**
 * Journey 3's cycle 1 charge, for a subscription found made without it (its creation failed
 * after the write): under the page its `authorization.url` already shows. False when it needs none.
 */
export function chargeFirstCycleOnce(
  subscription: SubscriptionRecord,
  now: Date,
  checkout?: CycleCheckout,
): Promise<boolean> {
  const recurrence = subscription.recurrence;
  if (subscription.currentCycle !== 0 || recurrence?.journey !== 3 || !recurrence.url)
    return Promise.resolve(false);
  if (subscription.status !== 'PENDING_AUTHORIZATION') return Promise.resolve(false);
  const pageToken = new URL(recurrence.url).pathname.split('/').at(-1)!;
  return chargeCycle(subscription, 1, now, checkout, pageToken);
}
