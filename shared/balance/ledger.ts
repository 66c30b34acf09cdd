// The account's ledger: one entry per money movement, written in the same DynamoDB transaction
// as the state change that moves the money (a payment, its fee, a refund taken, a refund the
// rail refused), together with the change to the account's balance in that currency. The
// balance is what the entries add up to: `available` is the sum of every entry's amount;
// `pending` holds refunds taken and not settled yet, `refunded` those the rail sent back,
// `disputed` what disputes took back (Pix MED devoluções). Pure: the store writes what these plan.
import type { PurchaseCurrency } from '../payment-methods.ts';
import type { RefundRecord } from '../refunds/refund.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';

export const ledgerEntryKinds = [
  'payment',
  'fee',
  'refund',
  'refund_reversal',
  'dispute',
  'dispute_reversal',
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

export interface LedgerEntry {
  /** `le_<transaction, refund or dispute id>_<kind>`: one entry per movement, so a replay cannot add one. */
  id: string;
  accountId: string;
  currency: PurchaseCurrency;
  kind: LedgerEntryKind;
  /** Signed cents: what the movement adds to (or takes from) `available`. */
  amount: number;
  transactionId: string;
  refundId: string | null;
  createdAt: string;
}

export interface Balance {
  currency: PurchaseCurrency;
  available: number;
  pending: number;
  refunded: number;
  disputed: number;
}

/** What a state change adds to each figure of one currency's balance (signed cents). */
export type BalanceChange = Omit<Balance, 'currency'> & { currency: PurchaseCurrency };

export interface LedgerWrite {
  accountId: string;
  entries: LedgerEntry[];
  changes: BalanceChange[];
}

const noChange = { available: 0, pending: 0, refunded: 0, disputed: 0 };

function entry(
  source: {
    accountId: string;
    currency: PurchaseCurrency;
    transactionId: string;
    refundId?: string;
    disputeId?: string;
  },
  kind: LedgerEntryKind,
  amount: number,
  at: string,
): LedgerEntry {
  return {
    id: `le_${source.disputeId ?? source.refundId ?? source.transactionId}_${kind}`,
    accountId: source.accountId,
    currency: source.currency,
    kind,
    amount,
    transactionId: source.transactionId,
    refundId: source.refundId ?? null,
    createdAt: at,
  };
}

/** The balance change of a set of entries, plus any movement between figures that has no entry. */
function withChange(
  owner: { accountId: string; currency: PurchaseCurrency },
  entries: LedgerEntry[],
  moves: Partial<BalanceChange> = {},
): LedgerWrite {
  const available = entries.reduce((sum, item) => sum + item.amount, 0);
  const { accountId, currency } = owner;
  return { accountId, entries, changes: [{ ...noChange, ...moves, currency, available }] };
}

/** Money arrived: +amount, and the fee (−costFee) when there is one. */
export function paymentLedger(transaction: TransactionRecord, at: string): LedgerWrite {
  const source = { ...transaction, transactionId: transaction.id };
  const entries = [entry(source, 'payment', transaction.amount, at)];
  if (transaction.costFee > 0) entries.push(entry(source, 'fee', -transaction.costFee, at));
  return withChange(transaction, entries);
}

/** A refund taken: −amount from available, held as pending until the rail settles it. */
export function refundTakenLedger(refund: RefundRecord): LedgerWrite {
  const source = { ...refund, refundId: refund.id };
  return withChange(refund, [entry(source, 'refund', -refund.amount, refund.createdAt)], {
    pending: refund.amount,
  });
}

/** The rail sent it back: pending → refunded (no money moves for the merchant: no entry). */
export function refundSucceededLedger(refund: RefundRecord): LedgerWrite {
  return withChange(refund, [], { pending: -refund.amount, refunded: refund.amount });
}

/** The rail refused it: the amount comes back to available (+amount), out of pending. */
export function refundFailedLedger(refund: RefundRecord, at: string): LedgerWrite {
  const source = { ...refund, refundId: refund.id };
  return withChange(refund, [entry(source, 'refund_reversal', refund.amount, at)], {
    pending: -refund.amount,
  });
}

/** A dispute took money back: −amount from available, shown as disputed. */
export function disputeLedger(
  transaction: Pick<TransactionRecord, 'accountId' | 'currency' | 'id'>,
  dispute: { id: string; amount: number; createdAt: string },
): LedgerWrite {
  const source = { ...transaction, transactionId: transaction.id, disputeId: dispute.id };
  return withChange(transaction, [entry(source, 'dispute', -dispute.amount, dispute.createdAt)], {
    disputed: dispute.amount,
  });
}

/** An open dispute the payer's bank did not carry out: the amount comes back (+amount), out of disputed. */
export function disputeWonLedger(
  transaction: Pick<TransactionRecord, 'accountId' | 'currency' | 'id'>,
  dispute: { id: string; amount: number },
  at: string,
): LedgerWrite {
  const source = { ...transaction, transactionId: transaction.id, disputeId: dispute.id };
  return withChange(transaction, [entry(source, 'dispute_reversal', dispute.amount, at)], {
    disputed: -dispute.amount,
  });
}
