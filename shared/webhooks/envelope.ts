// The webhook body. It is built once per event and stored, so every retry sends (and signs)
// exactly the same bytes; keys are always written in the order id, type, createdAt, data.
import type { EventType } from '../events/event-types.ts';

export type WebhookEnvelope<T> = {
  id: string;
  type: EventType;
  createdAt: string;
  data: T;
};

export type BuildEnvelopeInput<T> = {
  eventId: string;
  type: EventType;
  createdAt: Date | string;
  data: T;
};

export function buildEnvelope<T>({ eventId, type, createdAt, data }: BuildEnvelopeInput<T>): string {
  if (!/^evt_\S+$/.test(eventId))
    throw new Error(`buildEnvelope: eventId must look like evt_…, got ${eventId}`);
  const when = new Date(createdAt);
  if (Number.isNaN(when.getTime()))
    throw new Error(`buildEnvelope: createdAt is not a date: ${String(createdAt)}`);
  const envelope: WebhookEnvelope<T> = { id: eventId, type, createdAt: when.toISOString(), data };
  return JSON.stringify(envelope);
}
