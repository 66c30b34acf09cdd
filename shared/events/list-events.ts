// GET /events: the account's events newest first with their delivery status and last attempt.
import { createdRange } from '../http/date-range.ts';
import { defaultPageSize, type PageResponse } from '../http/pagination.ts';
import { decodeCursor, encodeCursor } from '../store/cursor.ts';
import { eventCursorShape, listEventRecords } from '../store/event-listing.ts';
import type { DeliveryAttempt, EventRecord } from './event.ts';
import type { ListEventsQuery } from './list-events-query.ts';

export interface EventSummaryView {
  id: string;
  type: EventRecord['type'];
  createdAt: string;
  transactionId: string;
  deliveryStatus: EventRecord['deliveryStatus'];
  deliveredAt: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  /** While retrying: when the next attempt is due (as on GET /transactions/:id/events). */
  nextAttemptAt: string | null;
  attemptCount: number;
  lastAttempt: DeliveryAttempt | null;
}

export function eventSummaryView(
  event: EventRecord & { lastAttempt: DeliveryAttempt | null },
): EventSummaryView {
  const last = event.lastAttempt;
  return {
    id: event.eventId,
    type: event.type,
    createdAt: event.createdAt,
    transactionId: event.transactionId,
    deliveryStatus: event.deliveryStatus,
    deliveredAt: event.deliveredAt ?? null,
    lastAttemptAt: event.lastAttemptAt ?? null,
    lastError: event.lastError ?? null,
    nextAttemptAt: event.deliveryStatus === 'PENDING' ? (event.nextAttemptAt ?? null) : null,
    attemptCount: event.attemptCount,
    lastAttempt: last
      ? {
          number: last.number,
          at: last.at,
          url: last.url,
          statusCode: last.statusCode,
          error: last.error,
          durationMs: last.durationMs,
        }
      : null,
  };
}

export async function listEvents(
  accountId: string,
  query: ListEventsQuery,
): Promise<PageResponse<EventSummaryView>> {
  const after =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, eventCursorShape(accountId));
  const page = await listEventRecords(accountId, {
    limit: query.limit ?? defaultPageSize,
    range: createdRange(query),
    keep: (event) =>
      (!query.type || event.type === query.type) &&
      (!query.deliveryStatus || event.deliveryStatus === query.deliveryStatus),
    ...(after ? { after } : {}),
  });
  return {
    data: page.records.map(eventSummaryView),
    nextCursor: page.nextKey ? encodeCursor(page.nextKey) : null,
  };
}
