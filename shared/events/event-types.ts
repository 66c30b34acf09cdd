// The one catalogue of webhook event types. A new type is a row here plus the state change that
// names it (`writeWithEvents` in shared/events/write-with-events.ts); the store, the opt-in
// preference, the envelope, the delivery job, the sweeper, the listings and the API
// documentation read the row.

export interface EventTypeRow {
  /**
   * The event's id is `evt_<transaction id>_<idSuffix>`, one event per transaction and type; with
   * a subject (a refund), `evt_<transaction id>_<idSuffix>_<subject id>`, one per subject.
   */
  readonly idSuffix: string;
  /**
   * true: written only for an account that lists the type in its `optInEventTypes` (PUT
   * /v2/account/webhook), decided inside the state change's own write.
   */
  readonly optIn: boolean;
  /**
   * What `data` carries: `transaction-at-delivery`, the transaction as GET /transactions/:id shows
   * it when the attempt is made (for a state the transaction never leaves, so nothing is copied);
   * `transaction-at-event`, the transaction as the state change left it, copied onto the event
   * (for a state a later change can leave, so a retry never tells a newer story);
   * `refund-at-event`, the refund (its subject) as GET /v2/refunds/:id shows it after the change;
   * `dispute-at-event`, `{transactionId, dispute}` with the dispute (its subject) as the change left it;
   * `subscription-at-event`, the subscription (its subject) as GET /v2/subscriptions/:id showed it
   * after the change; the event belongs to the transaction of the cycle the change is about;
   * `test-message`, not a transaction (never stored).
   */
  readonly data:
    | 'transaction-at-delivery'
    | 'transaction-at-event'
    | 'refund-at-event'
    | 'dispute-at-event'
    | 'subscription-at-event'
    | 'test-message';
  readonly description: string;
}

export const eventTypes = {
  'cashin.paid': {
    idSuffix: 'paid',
    optIn: false,
    data: 'transaction-at-delivery',
    description:
      'Money arrived: the transaction is PAID. `data` is the transaction as GET /transactions/:id shows it.',
  },
  'cashin.expired': {
    idSuffix: 'expired',
    optIn: true,
    data: 'transaction-at-event',
    description:
      'The charge was closed unpaid after its deadline: the transaction is EXPIRED. `data` is the transaction as it was when it expired; a payment the rail reports later still makes it PAID, with its own `cashin.paid`.',
  },
  'refund.succeeded': {
    idSuffix: 'refundsucceeded',
    optIn: false,
    data: 'refund-at-event',
    description:
      'A refund gave the money back: the refund is SUCCEEDED. `data` is the refund as GET /v2/refunds/:id shows it; one event per refund.',
  },
  'refund.failed': {
    idSuffix: 'refundfailed',
    optIn: false,
    data: 'refund-at-event',
    description:
      "The rail could not give a refund's money back: the refund is FAILED, with `failureReason`, and its amount can be refunded again. `data` is the refund as GET /v2/refunds/:id shows it; one event per refund.",
  },
  'cashin.disputed': {
    idSuffix: 'disputed',
    optIn: false,
    data: 'dispute-at-event',
    description:
      "The payer's bank took money back from a paid transaction (a Pix MED devolução): a dispute is open and its amount leaves the balance. `data` is `{transactionId, dispute: {id, amount, reason, status, createdAt, updatedAt}}`; one event per dispute.",
  },
  'cashin.dispute_closed': {
    idSuffix: 'disputeclosed',
    optIn: false,
    data: 'dispute-at-event',
    description:
      "A dispute that was OPEN ended: LOST, the payer's bank kept the money (it left the balance when the dispute opened); or WON, the payer's bank did not carry the devolução out, and its amount is back in the balance (a `dispute_reversal` entry). `data` is `{transactionId, dispute}` as the change left it; one event per dispute. A dispute first seen LOST is told by `cashin.disputed` alone.",
  },
  'subscription.activated': {
    idSuffix: 'subactivated',
    optIn: false,
    data: 'subscription-at-event',
    description:
      "The subscription is ACTIVE: created with its first cycle's charge (a method that charges each cycle anew), or a cycle was paid while it was PAST_DUE. `data` is the subscription as GET /v2/subscriptions/:id showed it; the event's transaction is that cycle's charge.",
  },
  'subscription.charge_created': {
    idSuffix: 'subchargecreated',
    optIn: false,
    data: 'subscription-at-event',
    description:
      "A cycle's charge was created: `data` is the subscription (`currentCycle`, `currentTransactionId` name the charge); GET /transactions/{currentTransactionId} has the payer's page (`redirectUrl` or `paymentInstruction.boletoUrl`) once its instruction is filled. One per cycle.",
  },
  'subscription.past_due': {
    idSuffix: 'subpastdue',
    optIn: false,
    data: 'subscription-at-event',
    description:
      "A cycle ended unpaid (its charge's deadline passed, or its charge could not be created after its retries): the subscription is PAST_DUE. It keeps billing; a paid cycle makes it ACTIVE again. `data` is the subscription after the change; the event's transaction is the unpaid cycle's charge (for a cycle whose charge was never created, the last charge made: `currentTransactionId`).",
  },
  'subscription.canceled': {
    idSuffix: 'subcanceled',
    optIn: false,
    data: 'subscription-at-event',
    description:
      "The subscription ended: CANCELED with `cancelReason` (`MERCHANT`: POST /v2/subscriptions/:id/cancel; `UNPAID`: too many cycles in a row ended unpaid). `data` is the subscription after the change; the event's transaction is the last cycle's charge.",
  },
  'webhook.test': {
    idSuffix: 'test',
    optIn: false,
    data: 'test-message',
    description:
      'Sent only by POST /v2/account/webhook/test to check a receiver: never stored, never retried. `data` is `{accountId, message}`.',
  },
} as const satisfies Record<string, EventTypeRow>;

export type EventType = keyof typeof eventTypes;

export const eventTypeNames = Object.keys(eventTypes) as EventType[];

/** The types a transaction's state change writes (stored, delivered, listed). */
export type TransactionEventType = {
  [T in EventType]: (typeof eventTypes)[T]['data'] extends 'test-message' ? never : T;
}[EventType];

/** The `data` kinds that are a subject of the transaction (a refund, a dispute) copied at the event. */
export type SubjectDataKind = 'refund-at-event' | 'dispute-at-event' | 'subscription-at-event';
const subjectDataKinds: ReadonlySet<EventTypeRow['data']> = new Set<SubjectDataKind>([
  'refund-at-event',
  'dispute-at-event',
  'subscription-at-event',
]);

/** The types whose event is about a subscription (its subject), on the charge of one of its cycles. */
export type SubscriptionEventType = {
  [T in EventType]: (typeof eventTypes)[T]['data'] extends 'subscription-at-event' ? T : never;
}[EventType];

/** The types whose event is about a subject of the transaction (a refund, a dispute), one event per subject. */
export type SubjectEventType = {
  [T in EventType]: (typeof eventTypes)[T]['data'] extends SubjectDataKind ? T : never;
}[EventType];

export function hasSubject(type: EventType): type is SubjectEventType {
  return subjectDataKinds.has(eventTypes[type].data);
}

/** The types an account must opt in to. */
export type OptInEventType = {
  [T in EventType]: (typeof eventTypes)[T]['optIn'] extends true ? T : never;
}[EventType];

export const optInEventTypeNames = eventTypeNames.filter(
  (type): type is OptInEventType => eventTypes[type].optIn,
);

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && Object.hasOwn(eventTypes, value);
}

export function isOptInEventType(value: unknown): value is OptInEventType {
  return isEventType(value) && eventTypes[value].optIn;
}
