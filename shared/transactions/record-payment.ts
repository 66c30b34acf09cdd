// A payment the rail confirmed: the transaction becomes PAID (from PENDING, or from EXPIRED or
// CANCELED when the rail reports it late) with its one cashin.paid event in the same write,
// then the event goes to the delivery queue (the sweeper starts it if this send fails).
import { serviceConfig } from '../config.ts';
import type { EventRecord } from '../events/event.ts';
import { eventIdOf } from '../events/event-ids.ts';
import { log } from '../log.ts';
import { markPaidWithEvent } from '../store/transaction-updates.ts';
import { enqueueDeliverEvent } from './jobs.ts';
import type { TransactionRecord } from './transaction.ts';

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

/** True when this call made the transaction PAID; false when it was PAID already. */
export async function recordPayment(
  transaction: TransactionRecord,
  paidAt: string,
  now: Date,
): Promise<boolean> {
  const event = paidEvent(transaction, now);
  const deliveryDueAt = new Date(now.getTime() + serviceConfig().sweepAfterMs).toISOString();
  if (!(await markPaidWithEvent(transaction, paidAt, event, deliveryDueAt, now))) return false;
  log.info('transaction paid', {
    transactionId: transaction.id,
    eventId: event.eventId,
    ...(transaction.status === 'PENDING' ? {} : { after: transaction.status }),
  });
  try {
    await enqueueDeliverEvent({
      accountId: transaction.accountId,
      transactionId: transaction.id,
      eventType: 'cashin.paid',
      attempt: 0,
      workDueAt: deliveryDueAt,
    });
  } catch (error) {
    log.warn('delivery job not enqueued; the sweeper will start it', {
      transactionId: transaction.id,
      error: (error as Error).message,
    });
  }
  return true;
}
