// Sandbox only: act as the payer. The sandbox rail records the payment and reports it after a
// settlement delay (none by default; a real boleto rail takes a day or two): in its listing,
// which the scheduled reconciliation reads, and, for rails that push, with a notification that
// nudges the payment worker to look (it still confirms through the rail, as for a real payment).
import { serviceConfig } from '../config.ts';
import { conflict, notFound } from '../errors.ts';
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

const notPayable = (transaction: TransactionRecord, why: 'expired' | 'canceled') =>
  conflict(`transaction.${why}`, `transaction ${transaction.id} has ${why} and can no longer be paid`);

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
  // A sandbox rail that pushes (as PSE, Nequi, Bre-B, QR and Pix do) notifies us of the payment:
  // the notification is queued before the rail takes the payment, so no such payment is ever
  // without one (when the queue is down the payment is refused and the payer retries; one for
  // a payment the rail then refuses finds nothing). It comes a second after settlement. Every
  // sandbox payment is also a line of the sandbox listing, written with the payment itself.
  if (pushesPayments(transaction) && options.notify !== false)
    await enqueueWatchPayment(
      { accountId: transaction.accountId, transactionId: transaction.id, mode: 'notify' },
      delaySecondsFor(settleAfterMs + 1000),
    );
  const outcome = await paySandboxCharge(transaction, now, settleAfterMs);
  if (outcome === 'expired') throw notPayable(transaction, 'expired');
  if (outcome === 'closed') throw notPayable(transaction, 'canceled');
  if (outcome === 'not-found')
    throw conflict(
      'transaction.instruction_pending',
      `transaction ${transaction.id} has no payment instruction yet; retry once it is filled`,
    );
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
