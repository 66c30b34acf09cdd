// A payment the rail confirmed: the transaction becomes PAID (from PENDING, or from EXPIRED or
// CANCELED when the rail reports it late) with its one cashin.paid event in the same write
// (writeWithEvents), then the event's first delivery starts (startDelivery: made here by a
// worker or job that has the time, queued otherwise).

import { startEmail } from '../emails/start-email.ts';
import type { InlineDelivery } from '../events/start-delivery.ts';
import { startDelivery } from '../events/start-delivery.ts';
import { writeWithEvents } from '../events/write-with-events.ts';
import { log } from '../log.ts';
import type { PaidOnRail } from '../rails/rail-port.ts';
import type { EventWrites } from '../store/event-writes.ts';
import { markPaidWithEvents } from '../store/transaction-updates.ts';
import { getTransaction } from '../store/transactions.ts';
import { noteCyclePaid } from '../subscriptions/note-cycle-paid.ts';
import { payableStatuses, type TransactionRecord } from './transaction.ts';

/**
 * Makes the transaction PAID from the status it was read in. When that status moved meanwhile (a
 * PENDING transaction expired or was canceled, or the read was eventually consistent), it is read
 * again and the write retried from the status it has now: the write is conditional on it, so the
 * close it leaves is taken out of the summary exactly once. Null when it is PAID already.
 */
async function markPaidFromCurrentStatus(
  read: TransactionRecord,
  payment: PaidOnRail,
  events: EventWrites,
  now: Date,
): Promise<TransactionRecord | null> {
  let transaction = read;
  // Each retry follows a status change; a transaction changes status at most a few times.
  for (let attempt = 0; attempt < 4; attempt++) {
    if (await markPaidWithEvents(transaction, payment, events, now)) return transaction;
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
  payment: PaidOnRail,
  now: Date,
  /** Given by a worker or job that may make the first delivery attempt itself. */
  inline?: InlineDelivery,
): Promise<boolean> {
  const { paidAt, paymentId } = payment;
  const paid: TransactionRecord = {
    ...read,
    status: 'PAID',
    paidAt,
    ...(paymentId ? { railPaymentId: paymentId } : {}),
    updatedAt: now.toISOString(),
  };
  const written = await writeWithEvents(paid, ['cashin.paid'], now, (events) =>
    markPaidFromCurrentStatus(read, payment, events, now),
  );
  if (!written) return false;
  const { result: transaction, events } = written;
  log.info('transaction paid', {
    transactionId: transaction.id,
    eventId: events.events[0]?.eventId,
    ...(transaction.status === 'PENDING' ? {} : { after: transaction.status }),
  });
  await startEmail(transaction, 'receipt');
  await startDelivery(events, inline);
  if (transaction.subscription) await noteCyclePaid(transaction, now);
  return true;
}
