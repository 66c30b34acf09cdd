// A subscription cycle's charge: a purchase (the same body rules, rail choice, fees, record and
// instruction job as POST /transactions/v2/purchase) whose id is derived from (subscription,
// cycle) and whose write also advances the subscription and writes its events, all in one
// DynamoDB transaction. A second attempt at the same cycle (a duplicate job, a schedule that ran
// twice, a retry after a crash) finds the id or the cycle taken and writes nothing.
import type { SaleTerms } from '../checkout/checkout-session.ts';
import { serviceConfig } from '../config.ts';
import { unprocessable } from '../errors.ts';
import type { SubscriptionEventType } from '../events/event-types.ts';
import type { EventSubject } from '../events/new-event.ts';
import { startDelivery } from '../events/start-delivery.ts';
import { writeWithEvents } from '../events/write-with-events.ts';
import { newPageToken } from '../ids.ts';
import { methodOf, type RailName } from '../payment-methods.ts';
import { computeCostFee } from '../purchase/fees.ts';
import { parsePurchaseRequest } from '../purchase/purchase-schema.ts';
import { railNameFor } from '../rails/rail-choice.ts';
import { RailRejectedError } from '../rails/rail-port.ts';
import { sandboxRefusesCycleCharge } from '../rails/sandbox/sandbox-renewal-refusal.ts';
import { type SubscriptionChangeWrite, subscriptionChangeItem } from '../store/subscriptions.ts';
import { insertTransaction } from '../store/transactions.ts';
import { startInstruction } from './start-instruction.ts';
import {
  newTransactionRecord,
  type TransactionRecord,
  type TransactionSale,
  type TransactionSubscription,
} from './transaction.ts';

export interface CycleCharge {
  accountId: string;
  /** Derived from (subscription, cycle): cycleTransactionId. */
  transactionId: string;
  subscription: TransactionSubscription;
  fees: SaleTerms['fees'];
  /** The subscription's advance to this cycle, conditional on the cycle before. */
  change: SubscriptionChangeWrite;
  emits: readonly SubscriptionEventType[];
  subject: EventSubject;
  /** What a checkout sold: cycle 1's charge of a subscription a session's form made completes it. */
  sale?: TransactionSale;
  /** The rail when it is not the stage's choice for the method (Pix Automático's debits). */
  rail?: RailName;
  /** The payer page's token when it was named before the write (Pix Automático's authorization page). */
  pageToken?: string;
}

/** The charge created now, or null when the cycle was charged already (or the subscription moved on). */
export async function createCycleCharge(
  body: Record<string, unknown>,
  charge: CycleCharge,
  now: Date,
): Promise<TransactionRecord | null> {
  const request = parsePurchaseRequest(body, now);
  const rail = charge.rail ?? railNameFor(methodOf(request));
  if (rail === null)
    throw unprocessable(
      'transaction.method_unavailable',
      `paymentMethod: ${request.method} (${request.currency}) is not available on this stage`,
    );
  if (rail === 'sandbox' && sandboxRefusesCycleCharge(request.name, charge.subscription.cycle))
    throw new RailRejectedError('the sandbox rail refuses this customer’s renewals');
  const costFee = computeCostFee(request.amount, request.currency, request.method, charge.fees);
  const instructionDueAt = new Date(now.getTime() + serviceConfig().sweepAfterMs).toISOString();
  const record = newTransactionRecord({
    id: charge.transactionId,
    pageToken: charge.pageToken ?? newPageToken(charge.transactionId),
    accountId: charge.accountId,
    request,
    costFee,
    accountPostbackUrl: null,
    rail,
    subscription: charge.subscription,
    ...(charge.sale ? { sale: charge.sale } : {}),
    now,
  });
  const written = await writeWithEvents(
    record,
    charge.emits,
    now,
    async (events) => {
      const outcome = await insertTransaction(record, {
        instructionDueAt,
        ...(charge.sale ? { checkoutSessionId: charge.sale.checkoutSessionId } : {}),
        subscriptionCycle: { advance: subscriptionChangeItem(charge.change), events },
      });
      if (outcome === 'inserted') return record;
      if (outcome === 'conflict') throw new Error('cycle charge: concurrent writes kept conflicting');
      return null;
    },
    charge.subject,
  );
  if (!written) return null;
  await startInstruction(record, instructionDueAt);
  await startDelivery(written.events);
  return record;
}
