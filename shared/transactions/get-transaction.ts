// GET /transactions/:id, by our id or (searchBy=externalId) by the merchant's reference.
import { accountSettings } from '../accounts/account-settings.ts';
import { maskEmail } from '../emails/email-kinds.ts';
import { emailOwed, emailsNotOwed } from '../emails/email-owed.ts';
import { notFound } from '../errors.ts';
import { listEmails } from '../store/emails.ts';
import { findTransactionIdByExternalId, getTransaction } from '../store/transactions.ts';
import { type DocumentAccess, withDocumentAccess } from './payer.ts';
import { type TransactionRecord, type TransactionView, transactionView } from './transaction.ts';

export type SearchBy = 'id' | 'externalId';

export async function findTransaction(
  accountId: string,
  id: string,
  searchBy: SearchBy,
): Promise<TransactionRecord> {
  const transactionId = searchBy === 'externalId' ? await findTransactionIdByExternalId(accountId, id) : id;
  const record =
    transactionId && /^\d{1,40}$/.test(transactionId)
      ? await getTransaction(accountId, transactionId)
      : undefined;
  if (!record) {
    throw notFound(
      'transaction.not_found',
      searchBy === 'externalId'
        ? `transaction with externalId "${id}" not found`
        : `transaction ${id} not found`,
    );
  }
  return record;
}

export async function readTransaction(
  accountId: string,
  id: string,
  searchBy: SearchBy,
  /** What the caller sees of the payer's document (payer.ts). */
  documentAccess: DocumentAccess,
): Promise<TransactionView> {
  const [record, account] = await Promise.all([
    findTransaction(accountId, id, searchBy),
    accountSettings(accountId),
  ]);
  // No e-mail owed: nothing to read (each one its state owes shows SKIPPED).
  const emails = emailOwed(record) ? await listEmails(accountId, record.id) : emailsNotOwed(record);
  return {
    ...withDocumentAccess(transactionView(record, account?.webhookUrl), documentAccess),
    emails: emails.map((email) => ({
      kind: email.kind,
      to: maskEmail(email.to),
      status: email.status,
      sentAt: email.sentAt,
    })),
  };
}
