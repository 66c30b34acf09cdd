// The payload of every event type of the catalogue (shared/events/event-types.ts): the
// document's `webhooks` section is built from it. A new event type does not compile until it
// has a row here.
import type { GenericSchema } from 'valibot';
import { testEventDataSchema } from '../accounts/account-responses.ts';
import { disputeEventDataSchema } from '../disputes/dispute-event-data.ts';
import { webhookEnvelopeSchema } from '../events/event-responses.ts';
import { type EventType, eventTypes } from '../events/event-types.ts';
import { refundSchema } from '../refunds/refund-schemas.ts';
import { subscriptionSchema } from '../subscriptions/subscription-schemas.ts';
import { expiredTransactionSchema, paidTransactionSchema } from '../transactions/transaction-responses.ts';
import { cashinPaidExample } from './checkout-examples.ts';

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
      {
        id: 'evt_1795712114673612288_disputed_dp_1795712114673612288_4f1c2a9b07d3e815',
        type: 'cashin.disputed',
        createdAt: '2026-11-26T18:02:11.000Z',
        data: {
          transactionId: '1795712114673612288',
          dispute: {
            id: 'dp_1795712114673612288_4f1c2a9b07d3e815',
            amount: 4990,
            reason: 'MED_FRAUDE',
            status: 'OPEN',
            createdAt: '2026-11-26T18:02:11.000Z',
            updatedAt: '2026-11-26T18:02:11.000Z',
          },
        },
      },
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
      [
        {
          id: 'evt_1795712114673612288_disputeclosed_dp_1795712114673612288_4f1c2a9b07d3e815',
          type: 'cashin.dispute_closed',
          createdAt: '2026-11-28T14:40:05.000Z',
          data: {
            transactionId: '1795712114673612288',
            dispute: {
              id: 'dp_1795712114673612288_4f1c2a9b07d3e815',
              amount: 4990,
              reason: 'MED_FRAUDE',
              status: 'WON',
              createdAt: '2026-11-26T18:02:11.000Z',
              updatedAt: '2026-11-28T14:40:05.000Z',
            },
          },
        },
      ],
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
