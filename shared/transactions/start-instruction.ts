// After a transaction's write: its instruction job is sent now, best effort. A send that fails
// is logged only: the transaction is in the work index and the sweeper enqueues it when due.
import { log } from '../log.ts';
import { enqueueFillInstruction } from './jobs.ts';

export async function startInstruction(
  transaction: { accountId: string; id: string },
  workDueAt: string,
): Promise<void> {
  try {
    await enqueueFillInstruction({
      accountId: transaction.accountId,
      transactionId: transaction.id,
      workDueAt,
    });
  } catch (error) {
    log.warn('instruction job not enqueued; the sweeper will retry', {
      transactionId: transaction.id,
      error: (error as Error).message,
    });
  }
}
