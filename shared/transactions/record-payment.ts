// A payment the rail confirmed: the transaction becomes PAID (from PENDING, or from EXPIRED or
// CANCELED when the rail reports it late) with its one cashin.paid event in the same write.
// A worker or job that has the time makes the first delivery attempt itself, on the event it
// has just written (no message, no claim: about a third of a paid transaction's requests
// outside the table); otherwise, or when that attempt cannot start, the event goes to the
// delivery queue. The event's owner mark keeps the sweeper away meanwhile, and starts the
// chain if both fail.
import { serviceConfig } from '../config.ts';
import type { DeliveryOptions, DeliveryOutcome } from '../events/deliver-event.ts';
import { AttemptNotRecordedError } from '../events/delivery-errors.ts';
import type { EventRecord } from '../events/event.ts';
import { eventIdOf } from '../events/event-ids.ts';
import { log } from '../log.ts';
import { markPaidWithEvent } from '../store/transaction-updates.ts';
import { getTransaction } from '../store/transactions.ts';
import { webhookRecordingMarginMs } from '../time-budget.ts';
import { type DeliverEventJob, enqueueDeliverEvent } from './jobs.ts';
import { payableStatuses, type TransactionRecord } from './transaction.ts';

/** The cashin.paid event; its data is the transaction it makes PAID (read with it: eventData). */
export function paidEvent(transaction: TransactionRecord, now: Date): EventRecord {
  return {
    eventId: eventIdOf(transaction.id, 'cashin.paid'),
    type: 'cashin.paid',
    accountId: transaction.accountId,
    transactionId: transaction.id,
    createdAt: now.toISOString(),
    deliveryStatus: 'PENDING',
    attemptCount: 0,
    runAttempts: 0,
    lastAttemptAt: null,
    deliveredAt: null,
    lastError: null,
  };
}

/** A caller that may make the first delivery attempt itself. */
export interface InlineDelivery {
  /** When the caller's function must be done (epoch ms), to tell whether a webhook POST still fits. */
  endBy: number;
  /** `deliverEvent`, given by the caller, so that a function that never delivers does not bundle it. */
  deliver: (job: DeliverEventJob, now: Date, options: DeliveryOptions) => Promise<DeliveryOutcome>;
}

/** Room for the POST with its whole timeout, and for recording it after. */
export function inlineDeliveryFits(
  inline: Pick<InlineDelivery, 'endBy'> | undefined,
  at = Date.now(),
): boolean {
  return (
    inline !== undefined && at + serviceConfig().webhookTimeoutMs + webhookRecordingMarginMs <= inline.endBy
  );
}

/**
 * Makes the transaction PAID from the status it was read in. When that status moved meanwhile (a
 * PENDING transaction expired or was canceled, or the read was eventually consistent), it is read
 * again and the write retried from the status it has now: the write is conditional on it, so the
 * close it leaves is taken out of the summary exactly once. Null when it is PAID already.
 */
async function markPaidFromCurrentStatus(
  read: TransactionRecord,
  paidAt: string,
  event: EventRecord,
  deliveryDueAt: string,
  now: Date,
): Promise<TransactionRecord | null> {
  let transaction = read;
  // Each retry follows a status change; a transaction changes status at most a few times.
  for (let attempt = 0; attempt < 4; attempt++) {
    if (await markPaidWithEvent(transaction, paidAt, event, deliveryDueAt, now)) return transaction;
    const current = await getTransaction(transaction.accountId, transaction.id, true);
    if (!current || !payableStatuses.includes(current.status) || current.status === transaction.status)
      return null;
    transaction = current;
  }
  return null;
}

/** True when this call made the transaction PAID; false when it was PAID already. */
export async function recordPayment(
  read: TransactionRecord,
  paidAt: string,
  now: Date,
  /** Given by a worker or job that may make the first delivery attempt itself. */
  inline?: InlineDelivery,
): Promise<boolean> {
  const event = paidEvent(read, now);
  const deliveryDueAt = new Date(now.getTime() + serviceConfig().sweepAfterMs).toISOString();
  const transaction = await markPaidFromCurrentStatus(read, paidAt, event, deliveryDueAt, now);
  if (!transaction) return false;
  log.info('transaction paid', {
    transactionId: transaction.id,
    eventId: event.eventId,
    ...(transaction.status === 'PENDING' ? {} : { after: transaction.status }),
  });
  const job = {
    accountId: transaction.accountId,
    transactionId: transaction.id,
    eventType: 'cashin.paid' as const,
    attempt: 0,
    workDueAt: deliveryDueAt,
  };
  if (inlineDeliveryFits(inline)) {
    try {
      await inline!.deliver(job, new Date(), { fresh: event, endBy: inline!.endBy });
      return true;
    } catch (error) {
      if (error instanceof AttemptNotRecordedError) {
        // Sent but not recorded: the sweeper starts the chain again once the mark is due.
        log.error('first webhook attempt not recorded; the sweeper will start the delivery again', {
          eventId: event.eventId,
          error: error.message,
        });
        return true;
      }
      log.warn('first webhook attempt not made here; it goes to the delivery queue', {
        eventId: event.eventId,
        error: (error as Error).message,
      });
    }
  }
  try {
    await enqueueDeliverEvent(job);
  } catch (error) {
    log.warn('delivery job not enqueued; the sweeper will start it', {
      transactionId: transaction.id,
      error: (error as Error).message,
    });
  }
  return true;
}
