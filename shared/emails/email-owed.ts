// Whether a transaction's payer is owed e-mails at all: not when its purchase or checkout session
// said `sendEmails: false`. Those e-mails get no item and no job: the transaction's view shows
// each one its state would have owed as SKIPPED.
import type { TransactionRecord } from '../transactions/transaction.ts';
import type { EmailKind, EmailStatus } from './email-kinds.ts';

export const emailOwed = (transaction: Pick<TransactionRecord, 'sendEmails'>): boolean =>
  transaction.sendEmails !== false;

export const notOwedReason = 'sendEmails is false';

/** The e-mails a transaction not owed any would have had by now: the instruction once filled, the receipt once paid. */
export function emailsNotOwed(
  transaction: Pick<TransactionRecord, 'instructionFilledAt' | 'paidAt' | 'payer'>,
): Array<{ kind: EmailKind; to: string; status: EmailStatus; sentAt: null }> {
  const kinds: EmailKind[] = [
    ...(transaction.instructionFilledAt ? (['instruction'] as const) : []),
    ...(transaction.paidAt ? (['receipt'] as const) : []),
  ];
  return kinds.map((kind) => ({ kind, to: transaction.payer.email, status: 'SKIPPED', sentAt: null }));
}
