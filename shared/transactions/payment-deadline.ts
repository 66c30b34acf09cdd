// Until when the rail is watched for a payment before its charge is closed. A boleto paid on its
// due day is reported by the bank a day or two later (and one due on a weekend is payable on
// the next business day), so boletos are watched for a settlement window of business days after
// the due date; other charges end at the rail's expiry.
import { addDays } from '../purchase/due-date.ts';
import type { TransactionRecord } from './transaction.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** `date` (YYYY-MM-DD) plus `businessDays` weekdays (Saturdays and Sundays skipped; no holiday calendar). */
export function addBusinessDays(date: string, businessDays: number): string {
  let day = date;
  for (let left = businessDays; left > 0; ) {
    day = addDays(day, 1);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day;
}

/** ISO time after which the charge is closed; null while the rail has not said when it expires. */
export function watchDeadline(
  transaction: Pick<TransactionRecord, 'expiresAt' | 'boleto'>,
  boletoSettlementBusinessDays: number,
): string | null {
  if (!transaction.expiresAt) return null;
  if (!transaction.boleto) return transaction.expiresAt;
  const { dueDate } = transaction.boleto;
  const windowDays =
    (Date.parse(addBusinessDays(dueDate, boletoSettlementBusinessDays)) - Date.parse(dueDate)) / dayMs;
  return new Date(Date.parse(transaction.expiresAt) + windowDays * dayMs).toISOString();
}
