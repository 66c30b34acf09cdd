// Giving up a transaction's work must not leave its charge payable in silence. The sweeper first
// makes the transaction FAILED (conditionally, from where it found the work, so a job that came
// back to life wins), keeping one last look at the rail when an instruction was shown; then it
// closes the charge here, as a cancel does: a rail that answers "paid" makes the transaction PAID
// with its one cashin.paid. A close that fails (the rail is down: often why the work was stuck)
// is made by the last look, which closes a charge the rail still reports open.
import { log } from '../log.ts';
import { chargeRefOf } from '../rails/rail-port.ts';
import { railFor } from '../rails/rails.ts';
import { getTransaction } from '../store/transactions.ts';
import { recordPayment } from './record-payment.ts';

export type GivenUpChargeOutcome = 'closed' | 'paid' | 'not-closed';

export async function closeGivenUpCharge(
  accountId: string,
  transactionId: string,
  now: Date,
  /** When the rail must have answered (epoch ms): the sweeper's deadline less its recording margin. */
  answerBy: number,
): Promise<GivenUpChargeOutcome> {
  try {
    const transaction = await getTransaction(accountId, transactionId, true);
    if (transaction?.status !== 'FAILED') return 'not-closed';
    const closed = await railFor(transaction).closeCharge(chargeRefOf(transaction), 'failed', now, answerBy);
    if (closed.outcome === 'closed') return 'closed';
    await recordPayment(transaction, closed, now);
    return 'paid';
  } catch (error) {
    log.warn('charge of given-up work not closed; the last look (if an instruction was shown) closes it', {
      transactionId,
      error: (error as Error).message,
    });
    return 'not-closed';
  }
}
