// The payload of every event type of the catalogue (shared/events/event-types.ts): the
// document's `webhooks` section is built from it. A new event type does not compile until it
// has a row here.
import type { GenericSchema } from 'valibot';
import { testEventDataSchema } from '../accounts/account-responses.ts';
import type { DisputeStatus } from '../disputes/dispute.ts';
import { disputeEventDataSchema } from '../disputes/dispute-event-data.ts';
import { webhookEnvelopeSchema } from '../events/event-responses.ts';
import { type EventType, eventTypes } from '../events/event-types.ts';
import { refundSchema } from '../refunds/refund-schemas.ts';
import { subscriptionSchema } from '../subscriptions/subscription-schemas.ts';
import { expiredTransactionSchema, paidTransactionSchema } from '../transactions/transaction-responses.ts';
import { cashinPaidExample } from './checkout-examples.ts';

/** One dispute's event as the document shows it: the dispute opened on 2026-11-26, as of `at`. */
function disputeEventExample(
  type: 'cashin.disputed' | 'cashin.dispute_closed',
  status: DisputeStatus,
  at: string,
) {
  const transactionId = '1795712114673612288';
  const disputeId = `dp_${transactionId}_4f1c2a9b07d3e815`;
  return {
    id: `evt_${transactionId}_${eventTypes[type].idSuffix}_${disputeId}`,
    type,
    createdAt: at,
    data: {
      transactionId,
      dispute: {
        id: disputeId,
        amount: 4990,
        reason: 'MED_FRAUDE',
        status,
        createdAt: '2026-11-26T18:02:11.000Z',
        updatedAt: at,
      },
    },
  };
}

export interface WebhookDoc {
  /** Component name of the envelope schema. */
  readonly schemaName: string;
  readonly schema: GenericSchema;
  readonly summary: string;
  readonly description: string;
}

export const webhookCatalogue: Record<EventType, WebhookDoc> = {
  'cashin.paid': {
    schemaName: 'CashinPaidEvent',
    schema: webhookEnvelopeSchema('cashin.paid', paidTransactionSchema, 'CashinPaidEvent', [
      cashinPaidExample,
    ]),
    summary: 'A transaction was paid',
    description: `${eventTypes['cashin.paid'].description} Sent once per transaction; \`externalId\` is in \`data\` when one was given, and what a checkout sold names its \`offerId\`, \`productId\`, \`checkoutSessionId\` and \`paymentLinkId\` (null when the session was not opened by a payment link).`,
  },
  'cashin.expired': {
    schemaName: 'CashinExpiredEvent',
    schema: webhookEnvelopeSchema('cashin.expired', expiredTransactionSchema, 'CashinExpiredEvent'),
    summary: 'A transaction expired unpaid',
    description: `${eventTypes['cashin.expired'].description} Sent at most once per transaction.`,
  },
  'refund.succeeded': {
    schemaName: 'RefundSucceededEvent',
    schema: webhookEnvelopeSchema('refund.succeeded', refundSchema, 'RefundSucceededEvent'),
    summary: 'A refund gave the money back',
    description: `${eventTypes['refund.succeeded'].description} \`transactionId\` names the transaction; its \`refundedAmount\` counts the refund.`,
  },
  'refund.failed': {
    schemaName: 'RefundFailedEvent',
    schema: webhookEnvelopeSchema('refund.failed', refundSchema, 'RefundFailedEvent'),
    summary: 'A refund failed',
    description: `${eventTypes['refund.failed'].description}`,
  },
  'cashin.disputed': {
    schemaName: 'CashinDisputedEvent',
    schema: webhookEnvelopeSchema('cashin.disputed', disputeEventDataSchema, 'CashinDisputedEvent', [
      disputeEventExample('cashin.disputed', 'OPEN', '2026-11-26T18:02:11.000Z'),
    ]),
    summary: "A payer's bank took money back (a dispute)",
    description: `${eventTypes['cashin.disputed'].description} Always sent (not opt-in): money leaving the balance is never silent.`,
  },
  'cashin.dispute_closed': {
    schemaName: 'CashinDisputeClosedEvent',
    schema: webhookEnvelopeSchema(
      'cashin.dispute_closed',
      disputeEventDataSchema,
      'CashinDisputeClosedEvent',
      [disputeEventExample('cashin.dispute_closed', 'WON', '2026-11-28T14:40:05.000Z')],
    ),
    summary: 'A dispute ended (LOST or WON)',
    description: `${eventTypes['cashin.dispute_closed'].description} Always sent (not opt-in): money coming back to the balance is never silent either.`,
  },
  'subscription.activated': {
    schemaName: 'SubscriptionActivatedEvent',
    schema: webhookEnvelopeSchema('subscription.activated', subscriptionSchema, 'SubscriptionActivatedEvent'),
    summary: 'A subscription became ACTIVE',
    description: `${eventTypes['subscription.activated'].description}`,
  },
  'subscription.charge_created': {
    schemaName: 'SubscriptionChargeCreatedEvent',
    schema: webhookEnvelopeSchema(
      'subscription.charge_created',
      subscriptionSchema,
      'SubscriptionChargeCreatedEvent',
    ),
    summary: "A subscription cycle's charge was created",
    description: `${eventTypes['subscription.charge_created'].description} The charge's own \`cashin.paid\` names \`subscriptionId\` and \`cycle\`.`,
  },
  'subscription.past_due': {
    schemaName: 'SubscriptionPastDueEvent',
    schema: webhookEnvelopeSchema('subscription.past_due', subscriptionSchema, 'SubscriptionPastDueEvent'),
    summary: 'A subscription cycle ended unpaid',
    description: `${eventTypes['subscription.past_due'].description}`,
  },
  'subscription.canceled': {
    schemaName: 'SubscriptionCanceledEvent',
    schema: webhookEnvelopeSchema('subscription.canceled', subscriptionSchema, 'SubscriptionCanceledEvent'),
    summary: 'A subscription ended',
    description: `${eventTypes['subscription.canceled'].description}`,
  },
  'webhook.test': {
    schemaName: 'WebhookTestEvent',
    schema: webhookEnvelopeSchema('webhook.test', testEventDataSchema, 'WebhookTestEvent'),
    summary: 'A test event (POST /v2/account/webhook/test)',
    description: `${eventTypes['webhook.test'].description} Signed like every event; sent to the account's global URL only.`,
  },
};
