// Until when the rail is watched for a payment before its charge is closed. A boleto paid on its
// last payable day (its due day, or the next business day when the banks are closed on the due
// day) is reported by the bank a day or two later, so boletos are watched for a settlement window
// of bank business days after it; other charges end at the rail's expiry.
import { addBrazilBusinessDays } from '../calendars/business-days.ts';
import { todayInSaoPaulo } from '../purchase/due-date.ts';
import type { TransactionRecord } from './transaction.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** `date` (YYYY-MM-DD) plus `businessDays` bank business days (weekends and national bank holidays skipped). */
export const addBusinessDays = addBrazilBusinessDays;

/** ISO time after which the charge is closed; null while the rail has not said when it expires. */
export function watchDeadline(
  transaction: Pick<TransactionRecord, 'expiresAt' | 'boleto'>,
  boletoSettlementBusinessDays: number,
): string | null {
  if (!transaction.expiresAt) return null;
  if (!transaction.boleto) return transaction.expiresAt;
  // The window follows the rail's expiry: its last payable day is the São Paulo day it ends.
  const lastPayableDay = todayInSaoPaulo(new Date(Date.parse(transaction.expiresAt) - 1));
  const windowDays =
    (Date.parse(addBusinessDays(lastPayableDay, boletoSettlementBusinessDays)) - Date.parse(lastPayableDay)) /
    dayMs;
  return new Date(Date.parse(transaction.expiresAt) + windowDays * dayMs).toISOString();
}
