// The columns of the transactions export, one line per transaction, as the listing shows it
// (the payer's document masked but its last characters).
import { maskDocument, payerOf } from '../payer.ts';
import type { TransactionRecord } from '../transaction.ts';
import { csvLine, csvStart, defusedText } from './csv.ts';
import { type ExportFormat, unitsOf } from './export-format.ts';

export const exportColumns = [
  'id',
  'createdAt',
  'paidAt',
  'status',
  'currency',
  'method',
  'amount',
  'costFee',
  'refundedAmount',
  'externalId',
  'description',
  'payerName',
  'payerEmail',
  'payerPhone',
  'payerDocument',
  'offerId',
  'checkoutSessionId',
  'paymentLinkId',
] as const;

export type ExportColumn = (typeof exportColumns)[number];

export function exportValues(record: TransactionRecord, format: ExportFormat): Record<ExportColumn, string> {
  const payer = payerOf(record);
  return {
    id: record.id,
    createdAt: record.createdAt,
    paidAt: record.paidAt ?? '',
    status: record.status,
    currency: record.currency,
    method: record.method,
    amount: unitsOf(record.amount, format),
    costFee: unitsOf(record.costFee, format),
    refundedAmount: unitsOf(record.refundedAmount ?? 0, format),
    externalId: defusedText(record.externalId ?? ''),
    description: defusedText(record.description),
    payerName: defusedText(payer.name),
    payerEmail: defusedText(payer.email),
    payerPhone: payer.phone ?? '',
    payerDocument: maskDocument(payer.document),
    offerId: record.sale?.offerId ?? '',
    checkoutSessionId: record.sale?.checkoutSessionId ?? '',
    paymentLinkId: record.sale?.paymentLinkId ?? '',
  };
}

export function exportHeader(format: ExportFormat): string {
  return csvStart(exportColumns, format.separator);
}

export function exportLine(record: TransactionRecord, format: ExportFormat): string {
  const values = exportValues(record, format);
  return csvLine(
    exportColumns.map((column) => values[column]),
    format.separator,
  );
}
