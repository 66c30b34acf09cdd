// POST /transactions/:id/cancel: close the charge on the rail first (conditionally), then
// PENDING or FAILED → CANCELED. A FAILED transaction (its work given up) may still hold an open
// charge (the give-up could not reach the rail, or was made before give-ups closed charges): the
// cancel closes it. When the rail answers that it was paid meanwhile, the payment is recorded
// (PAID with its event) and the cancel refused.
// The rail's calls keep to the function's deadline: a PSP that does not answer in time fails
// the request (the merchant retries; nothing has changed yet) instead of Lambda's timeout.
import { accountSettings } from '../accounts/account-settings.ts';
import { serviceConfig } from '../config.ts';
import { conflict } from '../errors.ts';
import { chargeRefOf } from '../rails/rail-port.ts';
import { railFor } from '../rails/rails.ts';
import { getTransaction } from '../store/transactions.ts';
import { recordingMarginMs } from '../time-budget.ts';
import { closeTransaction } from './close-transaction.ts';
import { findTransaction } from './get-transaction.ts';
import { type DocumentAccess, withDocumentAccess } from './payer.ts';
import { recordPayment } from './record-payment.ts';
import {
  cancelableStatuses,
  type TransactionRecord,
  type TransactionView,
  transactionView,
} from './transaction.ts';

function refusal(transaction: TransactionRecord) {
  const why = {
    PAID: 'has been paid',
    REFUNDED: 'has been paid and refunded',
    EXPIRED: 'has expired',
    CANCELED: 'is already canceled',
    // A cancelable state here means the transaction moved while the cancel ran.
    FAILED: 'changed while it was being canceled; retry',
    PENDING: 'changed while it was being canceled; retry',
  }[transaction.status];
  return conflict(
    `transaction.not_cancelable`,
    `transaction ${transaction.id} ${why}: only a PENDING or FAILED transaction can be canceled`,
  );
}

export async function cancelTransaction(
  accountId: string,
  transactionId: string,
  /** When the function must be done (epoch ms). */
  endBy: number,
  /** What the caller sees of the payer's document (payer.ts). */
  documentAccess: DocumentAccess,
  now = new Date(),
): Promise<TransactionView> {
  const transaction = await findTransaction(accountId, transactionId, 'id');
  if (!cancelableStatuses.includes(transaction.status)) throw refusal(transaction);

  const closed = await railFor(transaction).closeCharge(
    chargeRefOf(transaction),
    'canceled',
    now,
    endBy - recordingMarginMs,
  );
  if (closed.outcome === 'paid') {
    await recordPayment(transaction, closed, now);
    throw conflict(
      'transaction.paid',
      `transaction ${transaction.id} was paid before it could be canceled: it is PAID`,
    );
  }
  const lastLookDueAt = transaction.instructionFilledAt
    ? new Date(now.getTime() + serviceConfig().lastLookAfterCloseMs).toISOString()
    : null;
  const canceled = await closeTransaction(transaction, 'CANCELED', lastLookDueAt, now, { emits: [] });
  if (canceled) {
    const account = await accountSettings(accountId);
    return withDocumentAccess(transactionView(canceled, account?.webhookUrl), documentAccess);
  }
  // Something else moved it first (a payment, the expiry, a concurrent cancel): say what.
  const current = await getTransaction(accountId, transactionId, true);
  throw refusal(current ?? transaction);
}
