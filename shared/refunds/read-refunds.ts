// GET /refunds/:id and GET /transactions/:id/refunds.
import { notFound } from '../errors.ts';
import { getRefund, listRefunds } from '../store/refunds.ts';
import { findTransaction } from '../transactions/get-transaction.ts';
import { type RefundView, refundView, transactionIdOfRefund } from './refund.ts';

export async function readRefund(accountId: string, refundId: string): Promise<RefundView> {
  const transactionId = transactionIdOfRefund(refundId);
  const refund = transactionId ? await getRefund(accountId, transactionId, refundId) : undefined;
  if (!refund) throw notFound('refund.not_found', `refund ${refundId} not found`);
  return refundView(refund);
}

export async function listTransactionRefunds(
  accountId: string,
  transactionId: string,
): Promise<{ data: RefundView[] }> {
  const transaction = await findTransaction(accountId, transactionId, 'id');
  return { data: (await listRefunds(accountId, transaction.id)).map(refundView) };
}
