// A transaction's event as its state change writes it: PENDING delivery, no attempt yet. Its
// `data` follows the row (event-types.ts): a copy of the transaction as the change left it, or
// none (the transaction is read at delivery and listing: eventData).
import { type TransactionRecord, transactionView } from '../transactions/transaction.ts';
import type { EventRecord } from './event.ts';
import { eventIdOf } from './event-ids.ts';
import { eventTypes, type TransactionEventType } from './event-types.ts';

export function newEvent(
  type: TransactionEventType,
  /** The transaction as the state change leaves it. */
  transaction: TransactionRecord,
  now: Date,
): EventRecord {
  return {
    eventId: eventIdOf(transaction.id, type),
    type,
    accountId: transaction.accountId,
    transactionId: transaction.id,
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
