// The disputes a rail reports on a paid transaction become disputes on it: each in one
// conditional write with its ledger entry (−amount, disputed +amount), so a dispute seen again
// (a second notification, another read) changes nothing. Its `cashin.disputed` event is in the
// same write; one OPEN seen LOST is marked so (the
// money was counted when it opened).
import { disputeLedger } from '../balance/ledger.ts';
import { startDelivery } from '../events/start-delivery.ts';
import { writeWithEvents } from '../events/write-with-events.ts';
import { log } from '../log.ts';
import type { RailDispute } from '../rails/rail-port.ts';
import { transactIf } from '../store/conditional-writes.ts';
import { addDisputeItem, disputeLostItem } from '../store/disputes.ts';
import { eventWriteItems } from '../store/event-writes.ts';
import { ledgerWriteItems } from '../store/ledger.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { type DisputeView, disputeIdFor } from './dispute.ts';

/** How many of `reported` were new. */
export async function recordDisputes(
  transaction: TransactionRecord,
  reported: readonly RailDispute[],
  now: Date,
): Promise<number> {
  const known = transaction.disputes ?? [];
  let added = 0;
  for (const railDispute of reported) {
    const id = disputeIdFor(transaction.id, railDispute.railId);
    const index = known.findIndex((dispute) => dispute.id === id);
    if (index >= 0) {
      if (known[index]!.status === 'OPEN' && railDispute.status === 'LOST')
        await transactIf([disputeLostItem(transaction, index, id, now.toISOString())]);
      continue;
    }
    const dispute: DisputeView = {
      id,
      amount: railDispute.amount,
      reason: railDispute.reason,
      status: railDispute.status,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    const disputed: TransactionRecord = {
      ...transaction,
      disputes: [...known, dispute],
      disputedAmount: (transaction.disputedAmount ?? 0) + dispute.amount,
      updatedAt: dispute.updatedAt,
    };
    // cashin.disputed is written in the dispute's own write: it exists exactly when the dispute does.
    const written = await writeWithEvents(
      disputed,
      ['cashin.disputed'],
      now,
      async (events) =>
        (await transactIf([
          addDisputeItem(transaction, dispute),
          ...ledgerWriteItems(disputeLedger(transaction, dispute)),
          ...eventWriteItems(events),
        ]))
          ? true
          : null,
      { id, data: { transactionId: transaction.id, dispute } },
    );
    if (!written) continue;
    await startDelivery(written.events);
    added += 1;
    log.warn('transaction disputed', {
      transactionId: transaction.id,
      disputeId: id,
      amount: dispute.amount,
    });
  }
  return added;
}
