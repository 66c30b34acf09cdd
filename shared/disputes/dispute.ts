// A dispute: money the payer's side took back without us (Pix: a MED devolução the payer's bank
// started). It is kept on the transaction itself (a transaction has few), under an id derived
// from the rail's, so the same devolução seen twice is one dispute.
import { createHash } from 'node:crypto';

/**
 * OPEN: the rail is taking it back (its amount has left the balance); LOST: the money went back
 * to the payer; WON: the payer's bank did not carry it out, and the amount is back in the balance.
 */
export const disputeStatuses = ['OPEN', 'LOST', 'WON'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

export interface DisputeView {
  id: string;
  /** Cents of the transaction's currency. */
  amount: number;
  /** The rail's reason (Pix: the devolução's `natureza`, and its `motivo` when given). */
  reason: string;
  status: DisputeStatus;
  createdAt: string;
  updatedAt: string;
}

/** `dp_<transaction id>_<16 hex of the rail's id>`: the same rail dispute always has the same id. */
export function disputeIdFor(transactionId: string, railDisputeId: string): string {
  return `dp_${transactionId}_${createHash('sha256').update(railDisputeId).digest('hex').slice(0, 16)}`;
}
