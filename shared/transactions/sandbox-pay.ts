// Sandbox only: act as the payer. The sandbox rail records the payment and reports it after a
// settlement delay (none by default; a real boleto rail takes a day or two): in its listing,
// which the scheduled reconciliation reads, and, for rails that push, with a notification that
// nudges the payment worker to look (it still confirms through the rail, as for a real payment).
import { serviceConfig } from '../config.ts';
import { conflict, notFound } from '../errors.ts';
import { log } from '../log.ts';
import { methodOf } from '../payment-methods.ts';
import { paySandboxCharge } from '../rails/sandbox/sandbox-rail.ts';
import { delaySecondsFor } from '../workers/poll-schedule.ts';
import { findTransaction } from './get-transaction.ts';
import { enqueueWatchPayment } from './jobs.ts';
import type { TransactionRecord } from './transaction.ts';

export interface SandboxPayment {
  transactionId: string;
  railStatus: 'PAID';
  /** The transaction's own status right now; the worker moves it to PAID once the rail reports it. */
  status: TransactionRecord['status'];
}

export interface SandboxPayOptions {
  /** How long the rail takes to report the payment; defaults to SANDBOX_SETTLEMENT_DELAY_MS. */
  settleAfterMs?: number;
  /** False: the rail's notification of the payment is lost (a fault to rehearse); default true. */
  notify?: boolean;
}

export const maxSandboxSettlementDelayMs = 24 * 60 * 60 * 1000;

const notPayable = (transaction: TransactionRecord, why: 'expired' | 'canceled' | 'failed') =>
  conflict(
    `transaction.${why}`,
    `transaction ${transaction.id} has ${why}${why === 'failed' ? ' (see failureReason)' : ''} and can no longer be paid`,
  );

/** Whether the transaction's sandbox rail notifies payments (always, while every rail is polled). */
function pushesPayments(transaction: TransactionRecord): boolean {
  return serviceConfig().railReporting === 'polling' || methodOf(transaction).sandboxReports.includes('push');
}

export async function paySandboxTransaction(
  transaction: TransactionRecord,
  now = new Date(),
  options: SandboxPayOptions = {},
): Promise<SandboxPayment> {
  if (!serviceConfig().sandboxRails)
    throw notFound('sandbox.disabled', 'sandbox payments are not available on this stage');
  if (transaction.rail && transaction.rail !== 'sandbox')
    throw conflict(
      'transaction.not_sandbox',
      `transaction ${transaction.id} is on the ${transaction.rail} rail: only its payer can pay it`,
    );
  if (transaction.status === 'PAID')
    return { transactionId: transaction.id, railStatus: 'PAID', status: 'PAID' };
  if (transaction.status === 'EXPIRED') throw notPayable(transaction, 'expired');
  if (transaction.status === 'CANCELED') throw notPayable(transaction, 'canceled');
  if (!transaction.instructionFilledAt)
    throw conflict(
      'transaction.instruction_pending',
      `transaction ${transaction.id} has no payment instruction yet; retry once it is filled`,
    );
  const settleAfterMs = options.settleAfterMs ?? serviceConfig().sandboxSettlementDelayMs;
  // Every sandbox payment is a line of the sandbox listing, written with the payment itself, so
  // the scheduled reading of the listing finds it whatever happens to a notification.
  const outcome = await paySandboxCharge(transaction, now, settleAfterMs);
  if (outcome === 'expired') throw notPayable(transaction, 'expired');
  // A FAILED transaction's charge was closed when its work was given up.
  if (outcome === 'closed')
    throw notPayable(transaction, transaction.status === 'FAILED' ? 'failed' : 'canceled');
  if (outcome === 'not-found')
    throw conflict(
      'transaction.instruction_pending',
      `transaction ${transaction.id} has no payment instruction yet; retry once it is filled`,
    );
  // A sandbox rail that pushes (as PSE, Nequi, Bre-B, QR and Pix do) then notifies us: at once,
  // or a second after a delayed settlement (a look before it would find nothing). A payment
  // made again sends it again, as a PSP retrying its notification does.
  if (pushesPayments(transaction) && options.notify !== false) {
    try {
      await enqueueWatchPayment(
        { accountId: transaction.accountId, transactionId: transaction.id, mode: 'notify' },
        delaySecondsFor(settleAfterMs > 0 ? settleAfterMs + 1000 : 0),
      );
    } catch (error) {
      log.warn('sandbox notification not sent; the listing reports the payment', {
        transactionId: transaction.id,
        error: (error as Error).message,
      });
    }
  }
  return { transactionId: transaction.id, railStatus: 'PAID', status: transaction.status };
}

export async function paySandboxTransactionById(
  accountId: string,
  transactionId: string,
  options: SandboxPayOptions = {},
  now = new Date(),
): Promise<SandboxPayment> {
  return paySandboxTransaction(await findTransaction(accountId, transactionId, 'id'), now, options);
}
