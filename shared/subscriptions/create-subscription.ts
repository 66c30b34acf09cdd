// POST /v2/subscriptions: checks the offer and the customer, writes the subscription (ACTIVE for
// PIX and BOLETO) due for its first step now, then charges cycle 1 at once (its due date is the
// start date). If that charge fails, the cycle job charges it within a minute: the subscription
// is in the due index from its first write. PIX_AUTOMATICO: the recurrence is made at the PSP
// first (pix-automatico-subscription.ts), then the subscription is written PENDING_AUTHORIZATION.

import { findOffer } from '../catalog/find-offer.ts';
import { findProduct } from '../catalog/find-product.ts';
import type { BillingCycle } from '../catalog/offer.ts';
import { saleTerms } from '../checkout/sale-terms.ts';
import { badRequest, conflict, unprocessable } from '../errors.ts';
import { parseOrThrow } from '../http/validation.ts';
import { log } from '../log.ts';
import { findMethod, type PurchaseMethod, recurringDebitMethod } from '../payment-methods.ts';
import { todayInSaoPaulo } from '../purchase/due-date.ts';
import { parsePurchaseRequest } from '../purchase/purchase-schema.ts';
import { railNameFor } from '../rails/rail-choice.ts';
import { getAccount } from '../store/api-keys.ts';
import { insertSubscription } from '../store/subscriptions.ts';
import { cyclePurchaseBody } from './cycle-purchase.ts';
import { firstDueDateOf } from './cycle-schedule.ts';
import { pixAutomaticoPsp } from './pix-automatico-psp.ts';
import { openPixAutomaticoSubscription } from './pix-automatico-subscription.ts';
import { type CycleCheckout, runCycleSteps } from './run-cycle-steps.ts';
import {
  newSubscriptionId,
  newSubscriptionRecord,
  type SubscriptionRecord,
  type SubscriptionView,
} from './subscription.ts';
import { unsubscribableReason } from './subscription-offer.ts';
import { createSubscriptionSchema } from './subscription-schemas.ts';
import { toSubscription } from './subscription-view.ts';

export async function createSubscription(
  accountId: string,
  body: unknown,
  now = new Date(),
): Promise<SubscriptionView> {
  const input = parseOrThrow(createSubscriptionSchema(now), body);
  const debited = input.paymentMethod === recurringDebitMethod;
  if (input.payerBankAccount && !debited)
    throw badRequest('validation', `payerBankAccount: is for ${recurringDebitMethod} only`);
  // Each debit is a Pix (the transaction's method); the PSP's availability is asked below.
  const method = (debited ? 'PIX' : input.paymentMethod) as PurchaseMethod;
  const row = findMethod('BRL', method)!;
  if (method === 'BOLETO') {
    if (!input.customer.phone) throw badRequest('validation', 'customer.phone: is required for BOLETO');
    if (!input.customer.address) throw badRequest('validation', 'customer.address: is required for BOLETO');
  }
  const offer = await findOffer(accountId, input.offerId, 'offerId');
  const product = await findProduct(accountId, offer.productId, 'offerId');
  const reason = unsubscribableReason(offer, product);
  if (reason !== null) throw badRequest('offer.not_subscribable', reason);
  if (debited) pixAutomaticoPsp();
  else if (railNameFor(row) === null)
    throw unprocessable(
      'transaction.method_unavailable',
      `paymentMethod: ${method} (BRL) is not available on this stage`,
    );
  // Terms are fixed for the subscription's life: a consistent read, like a checkout session's.
  const terms = saleTerms(await getAccount(accountId, true), accountId, 'BRL', [method]);
  const billingCycle = offer.billingCycle as BillingCycle;
  const record = newSubscriptionRecord(
    {
      id: newSubscriptionId(),
      accountId,
      offerId: offer.id,
      productId: product.id,
      description: `${product.name} — ${offer.name}`.slice(0, 240),
      amount: offer.amount,
      billingCycle,
      paymentMethod: input.paymentMethod,
      customer: {
        name: input.customer.name,
        email: input.customer.email,
        phone: input.customer.phone ?? null,
        document: input.customer.document.number,
        address: input.customer.address
          ? {
              address: input.customer.address.address,
              number: input.customer.address.number ?? null,
              complement: input.customer.address.complement ?? null,
              district: input.customer.address.district,
              city: input.customer.address.city,
              zipCode: input.customer.address.zipCode,
              uf: input.customer.address.uf,
            }
          : null,
      },
      // Pix Automático: today by default, so the authorization QR pays cycle 1 (journey 3).
      firstDueDate: debited
        ? (input.startDate ?? todayInSaoPaulo(now))
        : firstDueDateOf(input.startDate ?? undefined, todayInSaoPaulo(now), billingCycle),
      terms,
      externalId: input.externalId ?? null,
      postbackUrl: input.postbackUrl ?? null,
      metadata: input.metadata ?? null,
    },
    now,
  );
  // A customer the purchase rules refuse is refused now, not at every cycle.
  parsePurchaseRequest(cyclePurchaseBody(record, 1, now), now);
  const outcome = debited
    ? await openPixAutomaticoSubscription(record, input.payerBankAccount ?? null, now)
    : await openSubscription(record, now);
  if (outcome === 'taken')
    throw conflict(
      'subscription.external_id_taken',
      `externalId: "${record.externalId}" is already used by another subscription of this account`,
    );
  return toSubscription(outcome);
}

/**
 * Writes a new subscription (due for its first step now) and charges cycle 1 at once; if that
 * charge fails, the cycle job charges it within a minute. `taken`: its id or externalId exists.
 */
export async function openSubscription(
  record: SubscriptionRecord,
  now: Date,
  checkout?: CycleCheckout,
): Promise<SubscriptionRecord | 'taken'> {
  if ((await insertSubscription(record, now.toISOString())) === 'taken') return 'taken';
  try {
    return await runCycleSteps(record, now, {
      force: true,
      ...(checkout ? { checkout } : {}),
    });
  } catch (error) {
    log.warn('first cycle not charged at creation; the cycle job will charge it', {
      subscriptionId: record.id,
      error: (error as Error).message,
    });
    return record;
  }
}
