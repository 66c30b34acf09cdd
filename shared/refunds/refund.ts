// A refund: money given back on a paid transaction, in one or more parts. Its id names its
// transaction (`re_<transaction id>_<random>`), so it is found without a lookup item, beside the
// transaction it belongs to.
import { randomBytes } from 'node:crypto';
import type { PurchaseCurrency } from '../payment-methods.ts';

export const refundStatuses = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export interface RefundRecord {
  id: string;
  accountId: string;
  transactionId: string;
  currency: PurchaseCurrency;
  /** Cents of the transaction's currency. */
  amount: number;
  /** The merchant's note, as sent. */
  reason: string | null;
  status: RefundStatus;
  /** Why the rail refused it (FAILED only). */
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RefundView {
  id: string;
  transactionId: string;
  currency: PurchaseCurrency;
  amount: number;
  reason: string | null;
  status: RefundStatus;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export function newRefundId(transactionId: string): string {
  return `re_${transactionId}_${randomBytes(8).toString('hex')}`;
}

/** The transaction a refund id names, or null when the text cannot be a refund id. */
export function transactionIdOfRefund(refundId: string): string | null {
  return /^re_(\d{1,40})_[0-9a-f]{16}$/.exec(refundId)?.[1] ?? null;
}

export function refundView(record: RefundRecord): RefundView {
  return {
    id: record.id,
    transactionId: record.transactionId,
    currency: record.currency,
    amount: record.amount,
    reason: record.reason,
    status: record.status,
    failureReason: record.failureReason,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
