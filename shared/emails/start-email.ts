// After a state change wrote an e-mail item: its job is sent now, best effort. A send that fails
// is logged only: the item is in the work index and the sweeper enqueues it when due, so the
// payment path never waits on, or fails for, an e-mail.
import { serviceConfig } from '../config.ts';
import { log } from '../log.ts';
import { enqueueSendEmail } from '../transactions/jobs.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import type { EmailKind } from './email-kinds.ts';
import { emailOwed } from './email-owed.ts';

/** When the sweeper takes over an e-mail no job sent. */
export function emailDueAt(now: Date): string {
  return new Date(now.getTime() + serviceConfig().sweepAfterMs).toISOString();
}

export async function startEmail(
  transaction: Pick<TransactionRecord, 'accountId' | 'id' | 'sendEmails'>,
  kind: EmailKind,
): Promise<void> {
  // Recorded SKIPPED by the write that owed it: nothing to send.
  if (!emailOwed(transaction)) return;
  const { accountId, id: transactionId } = transaction;
  try {
    await enqueueSendEmail({ accountId, transactionId, kind });
  } catch (error) {
    log.warn('e-mail job not enqueued; the sweeper will', {
      transactionId,
      kind,
      error: (error as Error).message,
    });
  }
}
