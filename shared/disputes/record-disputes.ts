// The disputes a rail reports on a paid transaction become disputes on it: each in one
// conditional write with its ledger entry (−amount, disputed +amount), so a dispute seen again
// (a second notification, another read) changes nothing. Its `cashin.disputed` event is in the
// same write. An OPEN one the rail reports ended is closed, with `cashin.dispute_closed`, in one
// conditional write too: LOST (the money was counted when it opened), or WON (not carried out:
// a reversal entry puts its amount back, and it can be refunded again, so the transaction is PAID).
// A dispute first reported WON took nothing: not recorded.
import { disputeLedger, disputeWonLedger } from '../balance/ledger.ts';
import { startDelivery } from '../events/start-delivery.ts';
import { writeWithEvents } from '../events/write-with-events.ts';
import { log } from '../log.ts';
import type { RailDispute } from '../rails/rail-port.ts';
import { type TransactItems, transactIf } from '../store/conditional-writes.ts';
import { addDisputeItem, closeDisputeItem } from '../store/disputes.ts';
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
      const outcome = railDispute.status;
      if (known[index]!.status === 'OPEN' && outcome !== 'OPEN')
        await closeDispute(transaction, index, outcome, now);
      continue;
    }
    if (railDispute.status === 'WON') continue;
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
    const written = await writeDisputeChange(disputed, {
      emits: ['cashin.disputed'],
      dispute,
      now,
      items: [addDisputeItem(transaction, dispute), ...ledgerWriteItems(disputeLedger(transaction, dispute))],
    });
    if (!written) continue;
    added += 1;
    log.warn('transaction disputed', {
      transactionId: transaction.id,
      disputeId: id,
      amount: dispute.amount,
    });
  }
  return added;
}

/** OPEN → LOST or WON, with its event (and, WON, the reversal entry) in the same write. */
async function closeDispute(
  transaction: TransactionRecord,
  index: number,
  outcome: 'LOST' | 'WON',
  now: Date,
): Promise<void> {
  const known = transaction.disputes!;
  const dispute: DisputeView = { ...known[index]!, status: outcome, updatedAt: now.toISOString() };
  const closed: TransactionRecord = {
    ...transaction,
    disputes: known.map((each, at) => (at === index ? dispute : each)),
    ...(outcome === 'WON'
      ? { status: 'PAID', disputedAmount: (transaction.disputedAmount ?? 0) - dispute.amount }
      : {}),
    updatedAt: dispute.updatedAt,
  };
  const written = await writeDisputeChange(closed, {
    emits: ['cashin.dispute_closed'],
    dispute,
    now,
    items: [
      closeDisputeItem(transaction, index, dispute, outcome, dispute.updatedAt),
      ...(outcome === 'WON'
        ? ledgerWriteItems(disputeWonLedger(transaction, dispute, dispute.updatedAt))
        : []),
    ],
  });
  if (written) log.info('dispute closed', { transactionId: transaction.id, disputeId: dispute.id, outcome });
}

/**
 * One change of a dispute, written with its event (`data`: the transaction's id and the dispute
 * as changed) in one conditional transaction, then delivered; false when a condition failed.
 */
async function writeDisputeChange(
  /** The transaction as the change leaves it. */
  after: TransactionRecord,
  change: {
    emits: ['cashin.disputed'] | ['cashin.dispute_closed'];
    dispute: DisputeView;
    now: Date;
    items: TransactItems;
  },
): Promise<boolean> {
  const { dispute, now, items } = change;
  const written = await writeWithEvents(
    after,
    change.emits,
    now,
    async (events) => ((await transactIf([...items, ...eventWriteItems(events)])) ? true : null),
    { id: dispute.id, data: { transactionId: after.id, dispute } },
  );
  if (!written) return false;
  await startDelivery(written.events);
  return true;
}
