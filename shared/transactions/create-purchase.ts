// POST /transactions/v2/purchase: validate the variant, write the transaction (id unique across
// the service, unique externalId, idempotency record) in one DynamoDB transaction, then enqueue its
// instruction job. If the enqueue fails the sweeper re-enqueues it from the sparse index, so
// the transaction still gets its instruction.
import { accountSettings } from '../accounts/account-settings.ts';
import type { Principal } from '../auth/principal.ts';
import type { CheckoutSessionRecord } from '../checkout/checkout-session.ts';
import { serviceConfig } from '../config.ts';
import { conflict, unprocessable } from '../errors.ts';
import { hostedPageUrl } from '../hosted-pages/hosted-page-url.ts';
import { newPageToken, newTransactionId } from '../ids.ts';
import { methodOf } from '../payment-methods.ts';
import { computeCostFee } from '../purchase/fees.ts';
import { parsePurchaseRequest } from '../purchase/purchase-schema.ts';
import { railNameFor } from '../rails/rail-choice.ts';
import { insertTransaction } from '../store/transactions.ts';
import {
  idempotencyInFlight,
  idempotentCompletion,
  releaseIdempotent,
  startIdempotent,
} from './idempotent-request.ts';
import { startInstruction } from './start-instruction.ts';
import { creationView, newTransactionRecord, type TransactionView } from './transaction.ts';

export interface PurchaseOutcome {
  statusCode: 201;
  body: TransactionView;
  replayed: boolean;
  /** The hosted payer page of a transaction created now (a replay does not know it). */
  payerPageUrl?: string;
}

const maxIdAttempts = 3;

/**
 * `checkout`: the open session this purchase completes (its hosted page's form): the sale's terms
 * (fees) are the session's, fixed when it was made, so the page never reads the account.
 */
export async function createPurchase(
  principal: Principal,
  body: unknown,
  idempotencyKey: string | undefined,
  now = new Date(),
  checkout?: CheckoutSessionRecord,
): Promise<PurchaseOutcome> {
  const request = parsePurchaseRequest(body, now);
  // A stage refuses what it cannot do, before anything is written.
  const rail = railNameFor(methodOf(request));
  if (rail === null)
    throw unprocessable(
      'transaction.method_unavailable',
      `paymentMethod: ${request.method} (${request.currency}) is not available on this stage`,
    );
  const start = await startIdempotent(principal.accountId, idempotencyKey, body, now);
  if (start.kind === 'replay')
    return { statusCode: 201, body: start.body as TransactionView, replayed: true };
  const { lockId } = start;

  try {
    const account = checkout ? undefined : await accountSettings(principal.accountId);
    const fees = checkout ? checkout.terms.fees : account?.fees;
    const costFee = computeCostFee(request.amount, request.currency, request.method, fees);
    const instructionDueAt = new Date(now.getTime() + serviceConfig().sweepAfterMs).toISOString();
    for (let attempt = 1; attempt <= maxIdAttempts; attempt += 1) {
      const id = newTransactionId(now.getTime());
      const sold = newTransactionRecord({
        id,
        pageToken: newPageToken(id),
        accountId: principal.accountId,
        request,
        costFee,
        accountPostbackUrl: account?.webhookUrl ?? null,
        rail,
        ...(checkout
          ? {
              sale: {
                offerId: checkout.offerId,
                productId: checkout.productId,
                checkoutSessionId: checkout.id,
                paymentLinkId: checkout.paymentLinkId,
              },
            }
          : {}),
        now,
      });
      const record = checkout?.successUrl ? { ...sold, payerReturnUrl: checkout.successUrl } : sold;
      const view: TransactionView = creationView(record);
      const outcome = await insertTransaction(record, {
        instructionDueAt,
        ...(checkout ? { checkoutSessionId: checkout.id } : {}),
        ...idempotentCompletion(principal.accountId, idempotencyKey, lockId, view),
      });
      if (outcome === 'id-taken') continue;
      if (outcome === 'external-id-taken')
        throw conflict(
          'transaction.external_id_taken',
          `externalId: "${request.externalId}" is already used by another transaction of this account`,
        );
      if (outcome === 'conflict')
        throw conflict(
          'transaction.write_conflict',
          'request: concurrent requests changed the same externalId or Idempotency-Key; retry',
        );
      if (outcome === 'session-closed')
        throw conflict('checkout_session.closed', 'checkout session: is no longer open (paid or expired)');
      if (outcome === 'idempotency-lost') throw idempotencyInFlight();
      await startInstruction(record, instructionDueAt);
      return { statusCode: 201, body: view, replayed: false, payerPageUrl: hostedPageUrl(record) };
    }
    throw new Error('could not allocate a unique transaction id');
  } catch (error) {
    await releaseIdempotent(principal.accountId, idempotencyKey, lockId);
    throw error;
  }
}
