// Events as merchants read them: the envelope they received plus its delivery story.
import type { DeliveryAttempt, EventRecord } from './event.ts';

export interface EventView {
  id: string;
  type: EventRecord['type'];
  createdAt: string;
  transactionId: string;
  deliveryStatus: EventRecord['deliveryStatus'];
  deliveredAt: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  attempts: DeliveryAttempt[];
  data: EventRecord['data'];
}

export function eventView(event: EventRecord, attempts: DeliveryAttempt[]): EventView {
  return {
    id: event.eventId,
    type: event.type,
    createdAt: event.createdAt,
    transactionId: event.transactionId,
    deliveryStatus: event.deliveryStatus,
    deliveredAt: event.deliveredAt,
    lastAttemptAt: event.lastAttemptAt,
    lastError: event.lastError,
    attempts: attempts.map(({ number, at, url, statusCode, error, durationMs }) => ({
      number,
      at,
      url,
      statusCode,
      error,
      durationMs,
    })),
    data: event.data,
  };
}
