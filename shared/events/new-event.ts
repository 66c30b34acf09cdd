// A transaction's event as its state change writes it: PENDING delivery, no attempt yet. Its
// `data` follows the row (event-types.ts): a copy of the transaction as the change left it, or
// none (the transaction is read at delivery and listing: eventData).
import type { DisputeEventData } from '../disputes/dispute-event-data.ts';
import type { RefundView } from '../refunds/refund.ts';
import type { SubscriptionView } from '../subscriptions/subscription.ts';
import { type TransactionRecord, transactionView } from '../transactions/transaction.ts';
import type { EventRecord } from './event.ts';
import { eventIdOf } from './event-ids.ts';
import { eventTypes, hasSubject, type TransactionEventType } from './event-types.ts';

/** What a subject type's event is about: the refund (or the dispute) as the change leaves it. */
export interface EventSubject {
  id: string;
  data: RefundView | DisputeEventData | SubscriptionView;
}

export function newEvent(
  type: TransactionEventType,
  /** The transaction as the state change leaves it. */
  transaction: TransactionRecord,
  now: Date,
  subject?: EventSubject,
): EventRecord {
  if (hasSubject(type) !== (subject !== undefined))
    throw new Error(`event ${type}: ${subject ? 'takes no subject' : 'needs its subject'}`);
  return {
    eventId: eventIdOf(transaction.id, type, subject?.id),
    type,
    accountId: transaction.accountId,
    transactionId: transaction.id,
    ...(subject ? { subjectId: subject.id, data: subject.data } : {}),
    createdAt: now.toISOString(),
    // The postback URL in the copy is replaced by the one in effect at each attempt (eventData).
    ...(eventTypes[type].data === 'transaction-at-event' ? { data: transactionView(transaction, null) } : {}),
    deliveryStatus: 'PENDING',
    attemptCount: 0,
    runAttempts: 0,
    lastAttemptAt: null,
    deliveredAt: null,
    lastError: null,
  };
}
