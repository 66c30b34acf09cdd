// Response bodies of the event routes and the webhook envelope, as schemas; the assertions
// keep them equal to the domain types.
import * as v from 'valibot';
import { disputeEventDataSchema } from '../disputes/dispute-event-data.ts';
import type { PageResponse } from '../http/pagination.ts';
import { nullableTimestamp, pageOf, timestamp } from '../http/response-fields.ts';
import type { Assert, Matches } from '../openapi/same-type.ts';
import { refundSchema } from '../refunds/refund-schemas.ts';
import { subscriptionSchema } from '../subscriptions/subscription-schemas.ts';
import { transactionSchema } from '../transactions/transaction-responses.ts';
import { type DeliveryAttempt, deliveryStatuses } from './event.ts';
import { type EventType, eventTypeNames } from './event-types.ts';
import type { EventView } from './event-views.ts';
import { keptLatestAttempts } from './kept-attempts.ts';
import type { EventSummaryView } from './list-events.ts';

const eventId = v.pipe(
  v.string(),
  v.regex(/^evt_/),
  v.description(
    "`evt_`, the transaction id and the kind (`evt_<transaction id>_paid`), and for a refund's (a subscription's) event its refund (subscription) id (`evt_<transaction id>_refundsucceeded_<refund id>`); events before 2026-11-26: `evt_` and a UUID. The `webhook-id` header.",
  ),
);

export const deliveryAttemptSchema = v.pipe(
  v.object({
    number: v.pipe(v.number(), v.integer()),
    at: timestamp,
    url: v.nullable(v.string()),
    statusCode: v.pipe(
      v.nullable(v.pipe(v.number(), v.integer())),
      v.description("The receiver's HTTP status; null when none came."),
    ),
    error: v.pipe(v.nullable(v.string()), v.description('Why no answer came (timeout, refused URL…).')),
    durationMs: v.pipe(v.number(), v.integer()),
  }),
  v.title('DeliveryAttempt'),
);

export const eventSchema = v.pipe(
  v.object({
    id: eventId,
    type: v.picklist(eventTypeNames),
    createdAt: timestamp,
    transactionId: v.string(),
    deliveryStatus: v.picklist(deliveryStatuses),
    deliveredAt: nullableTimestamp,
    lastAttemptAt: nullableTimestamp,
    lastError: v.nullable(v.string()),
    nextAttemptAt: v.pipe(
      nullableTimestamp,
      v.description(
        'While the event is retrying (PENDING after a failed attempt): when the next attempt is due. POST /events/{id}/redeliver tries it now instead.',
      ),
    ),
    attemptCount: v.pipe(
      v.number(),
      v.integer(),
      v.description('Every attempt made, over every delivery run (redeliveries included).'),
    ),
    attempts: v.pipe(
      v.array(deliveryAttemptSchema),
      v.description(
        `The first attempt and the latest ${keptLatestAttempts}, in order: an event keeps no more (its item has a size limit). Their numbers show where attempts were left out; \`attemptCount\` counts them all.`,
      ),
    ),
    data: v.pipe(
      v.union([transactionSchema, refundSchema, disputeEventDataSchema, subscriptionSchema]),
      v.description(
        'The transaction; for `refund.succeeded` and `refund.failed` the refund; for `cashin.disputed` and `cashin.dispute_closed` `{transactionId, dispute}`; for `subscription.*` the subscription.',
      ),
    ),
  }),
  v.title('Event'),
  v.description('An event as sent (`data`) with its delivery story.'),
);

export const eventListSchema = v.pipe(v.object({ data: v.array(eventSchema) }), v.title('EventList'));

export const eventSummarySchema = v.pipe(
  v.object({
    id: eventId,
    type: v.picklist(eventTypeNames),
    createdAt: timestamp,
    transactionId: v.string(),
    deliveryStatus: v.picklist(deliveryStatuses),
    deliveredAt: nullableTimestamp,
    lastAttemptAt: nullableTimestamp,
    lastError: v.nullable(v.string()),
    nextAttemptAt: v.pipe(
      nullableTimestamp,
      v.description(
        'While the event is retrying (PENDING after a failed attempt): when the next attempt is due. POST /events/{id}/redeliver tries it now instead.',
      ),
    ),
    attemptCount: v.pipe(v.number(), v.integer()),
    lastAttempt: v.nullable(deliveryAttemptSchema),
  }),
  v.title('EventSummary'),
  v.description('An event with its delivery status and last attempt (no payload).'),
);

export const eventSummaryPageSchema = pageOf(eventSummarySchema, 'EventSummaryPage');

export const redeliveryStartedSchema = v.pipe(
  v.object({ id: eventId, deliveryStatus: v.literal('PENDING') }),
  v.title('RedeliveryStarted'),
);

/** The body POSTed to the merchant: the same bytes on every retry. */
export function webhookEnvelopeSchema<T extends EventType, D extends v.GenericSchema>(
  type: T,
  data: D,
  title: string,
  examples: ReadonlyArray<{ id: string; type: T; createdAt: string; data: v.InferOutput<D> }> = [],
) {
  return v.pipe(
    v.object({ id: eventId, type: v.literal(type), createdAt: timestamp, data }),
    v.title(title),
    v.metadata({ examples }),
  );
}

export type _EventMatches = Assert<Matches<EventView, v.InferOutput<typeof eventSchema>>>;
export type _AttemptMatches = Assert<Matches<DeliveryAttempt, v.InferOutput<typeof deliveryAttemptSchema>>>;
export type _EventSummaryPageMatches = Assert<
  Matches<PageResponse<EventSummaryView>, v.InferOutput<typeof eventSummaryPageSchema>>
>;
