// Sandbox only: act as the payer. The sandbox rail records the payment, then the payment
// worker is nudged to look now instead of at its next scheduled poll (as a real provider's
// notification would); the worker still confirms through the rail, as for a real payment.
import { serviceConfig } from '../config.ts';
import { conflict, notFound } from '../errors.ts';
import { log } from '../log.ts';
import { paySandboxCharge } from '../rails/sandbox/sandbox-rail.ts';
import { findTransaction } from './get-transaction.ts';
import { enqueueWatchPayment } from './jobs.ts';
import type { TransactionRecord } from './transaction.ts';

export interface SandboxPayment {
  transactionId: string;
  railStatus: 'PAID';
  /** The transaction's own status right now; the worker moves it to PAID within seconds. */
  status: TransactionRecord['status'];
}

export async function paySandboxTransaction(
  transaction: TransactionRecord,
  now = new Date(),
): Promise<SandboxPayment> {
  if (!serviceConfig().sandboxRails)
    throw notFound('sandbox.disabled', 'sandbox payments are not available on this stage');
  if (transaction.status === 'PAID')
    return { transactionId: transaction.id, railStatus: 'PAID', status: 'PAID' };
  if (transaction.status === 'EXPIRED')
    throw conflict(
      'transaction.expired',
      `transaction ${transaction.id} has expired and can no longer be paid`,
    );
  if (!transaction.instructionFilledAt)
    throw conflict(
      'transaction.instruction_pending',
      `transaction ${transaction.id} has no payment instruction yet; retry once it is filled`,
    );
  const outcome = await paySandboxCharge(transaction, now);
  if (outcome === 'expired')
    throw conflict(
      'transaction.expired',
      `transaction ${transaction.id} has expired and can no longer be paid`,
    );
  if (outcome === 'not-found')
    throw conflict(
      'transaction.instruction_pending',
      `transaction ${transaction.id} has no payment instruction yet; retry once it is filled`,
    );
  try {
    await enqueueWatchPayment({
      accountId: transaction.accountId,
      transactionId: transaction.id,
      mode: 'notify',
    });
  } catch (error) {
    log.warn('payment notification not enqueued; the scheduled poll will notice', {
      transactionId: transaction.id,
      error: (error as Error).message,
    });
  }
  return { transactionId: transaction.id, railStatus: 'PAID', status: transaction.status };
}

export async function paySandboxTransactionById(
  accountId: string,
  transactionId: string,
  now = new Date(),
): Promise<SandboxPayment> {
  return paySandboxTransaction(await findTransaction(accountId, transactionId, 'id'), now);
}
