// Events as merchants read them: the envelope they received plus its delivery story.
import { withDocumentAccess } from '../transactions/payer.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { type DeliveryAttempt, type EventData, type EventRecord, eventData } from './event.ts';

export interface EventView {
  id: string;
  type: EventRecord['type'];
  createdAt: string;
  transactionId: string;
  deliveryStatus: EventRecord['deliveryStatus'];
  deliveredAt: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  /** A retrying event's next attempt; null when none is scheduled. */
  nextAttemptAt: string | null;
  /** Every attempt made, over every run; `attempts` keeps the first and the latest ones. */
  attemptCount: number;
  attempts: DeliveryAttempt[];
  /** The transaction, or for a refund's event the refund. */
  data: EventData;
}

export function eventView(
  event: EventRecord,
  attempts: DeliveryAttempt[],
  transaction: TransactionRecord | undefined,
  accountWebhookUrl: string | null | undefined,
): EventView {
  return {
    id: event.eventId,
    type: event.type,
    createdAt: event.createdAt,
    transactionId: event.transactionId,
    deliveryStatus: event.deliveryStatus,
    deliveredAt: event.deliveredAt,
    lastAttemptAt: event.lastAttemptAt,
    lastError: event.lastError,
    nextAttemptAt: event.deliveryStatus === 'PENDING' ? (event.nextAttemptAt ?? null) : null,
    attemptCount: event.attemptCount,
    attempts: attempts.map(({ number, at, url, statusCode, error, durationMs }) => ({
      number,
      at,
      url,
      statusCode,
      error,
      durationMs,
    })),
    data: listedData(eventData(event, transaction, accountWebhookUrl)),
  };
}

/** An event listing is a listing: the payer's document is masked (the webhook itself carries it whole). */
function listedData(data: EventData): EventData {
  return 'payer' in data && data.payer ? withDocumentAccess(data, 'masked') : data;
}
