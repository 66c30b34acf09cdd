// The filters of GET /transactions (and its export) that are checked on each transaction read.
import type { ListTransactionsQuery } from './list-transactions-query.ts';
import { paidStatuses, type TransactionRecord } from './transaction.ts';

export type TransactionFilters = Pick<
  ListTransactionsQuery,
  'status' | 'currency' | 'method' | 'offerId' | 'paymentLinkId' | 'checkoutSessionId' | 'subscriptionId'
>;

export function matchesFilters(
  query: TransactionFilters,
): (record: Pick<TransactionRecord, 'status' | 'currency' | 'method' | 'sale' | 'subscription'>) => boolean {
  return (record) =>
    (!query.status ||
      record.status === query.status ||
      (query.status === 'PAID' && paidStatuses.includes(record.status))) &&
    (!query.currency || record.currency === query.currency) &&
    (!query.method || record.method === query.method) &&
    (!query.offerId || (record.sale ?? record.subscription)?.offerId === query.offerId) &&
    (!query.paymentLinkId || record.sale?.paymentLinkId === query.paymentLinkId) &&
    (!query.checkoutSessionId || record.sale?.checkoutSessionId === query.checkoutSessionId) &&
    (!query.subscriptionId || record.subscription?.subscriptionId === query.subscriptionId);
}
