// The one catalogue of webhook event types. A new type is a row here plus the code that creates
// it; the store, the envelope, the delivery job, the sweeper and the API documentation read it.

export const eventTypes = {
  'cashin.paid': {
    /** The event's id is `evt_<transaction id>_<idSuffix>`: one event per transaction and type. */
    idSuffix: 'paid',
    description:
      'Money arrived: the transaction is PAID. `data` is the transaction as GET /transactions/:id shows it.',
  },
  'webhook.test': {
    idSuffix: 'test',
    description:
      'Sent only by POST /v2/account/webhook/test to check a receiver: never stored, never retried. `data` is `{accountId, message}`.',
  },
} as const satisfies Record<string, { readonly idSuffix: string; readonly description: string }>;

export type EventType = keyof typeof eventTypes;

export const eventTypeNames = Object.keys(eventTypes) as EventType[];

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && Object.hasOwn(eventTypes, value);
}
