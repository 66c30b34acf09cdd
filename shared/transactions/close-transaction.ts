// PENDING → EXPIRED or CANCELED (or FAILED → CANCELED) once the charge is closed on the rail,
// with the events the caller names for that close written in the same transaction
// (writeWithEvents), then their first delivery started.

import type { TransactionEventType } from '../events/event-types.ts';
import type { InlineDelivery } from '../events/start-delivery.ts';
import { startDelivery } from '../events/start-delivery.ts';
import { writeWithEvents } from '../events/write-with-events.ts';
import { markClosed } from '../store/transaction-updates.ts';
import type { TransactionRecord } from './transaction.ts';

export type CloseStatus = 'EXPIRED' | 'CANCELED';

/** The transaction as the close (markClosed) leaves it. */
export function closedTransaction(
  transaction: TransactionRecord,
  status: CloseStatus,
  now: Date,
): TransactionRecord {
  const at = now.toISOString();
  return {
    ...transaction,
    status,
    updatedAt: at,
    closedAt: at,
    ...(status === 'CANCELED' ? { canceledAt: at } : {}),
  };
}

/** The closed transaction, or null when it was no longer in the status it was read in. */
export async function closeTransaction(
  transaction: TransactionRecord,
  status: CloseStatus,
  /** When the payment watch takes its last look at the rail; null: none (nothing was payable). */
  lastLookDueAt: string | null,
  now: Date,
  options: {
    /** The event types this close emits (opt-in ones only for accounts that opted in). */
    emits: readonly TransactionEventType[];
    /** Given by a worker that may make the events' first delivery attempt itself. */
    inline?: InlineDelivery;
  },
): Promise<TransactionRecord | null> {
  const closed = closedTransaction(transaction, status, now);
  const written = await writeWithEvents(closed, options.emits, now, async (events) =>
    (await markClosed(transaction, status, lastLookDueAt, now, events)) ? closed : null,
  );
  if (!written) return null;
  await startDelivery(written.events, options.inline);
  return written.result;
}
