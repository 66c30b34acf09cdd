// GET /v2/account/summary?days=N: per UTC day and currency, count and amount of transactions
// created, paid, expired and canceled, and of webhook deliveries that failed, read from the
// counters each state change keeps (no scan of transactions).
import * as v from 'valibot';
import { type DailyCounterRecord, readDailyCounters } from '../store/daily-counters.ts';
import type { SummaryCounter } from './summary-counters.ts';

export const maxSummaryDays = 90;
const daysRule = `must be an integer between 1 and ${maxSummaryDays}`;

export const accountSummaryQuery = v.strictObject({
  days: v.optional(
    v.pipe(
      v.string(daysRule),
      v.regex(/^\d{1,3}$/, daysRule),
      v.transform(Number),
      v.minValue(1, daysRule),
      v.maxValue(maxSummaryDays, daysRule),
    ),
  ),
});

export type AccountSummaryQuery = v.InferOutput<typeof accountSummaryQuery>;

export interface CountAndAmount {
  count: number;
  amount: number;
}

export type SummaryRow = { day: string; currency: string } & Record<SummaryCounter, CountAndAmount>;

export interface AccountSummary {
  from: string;
  to: string;
  days: number;
  data: SummaryRow[];
}

/** The first day (UTC) of a window of `days` days ending today. */
export function windowStart(now: Date, days: number): string {
  return new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

export function summaryRow(record: DailyCounterRecord): SummaryRow {
  const pair = (count?: number, amount?: number) => ({ count: count ?? 0, amount: amount ?? 0 });
  return {
    day: record.day,
    currency: record.currency,
    created: pair(record.createdCount, record.createdAmount),
    paid: pair(record.paidCount, record.paidAmount),
    expired: pair(record.expiredCount, record.expiredAmount),
    canceled: pair(record.canceledCount, record.canceledAmount),
    deliveriesFailed: pair(record.deliveryFailedCount, record.deliveryFailedAmount),
  };
}

export async function accountSummary(
  accountId: string,
  query: AccountSummaryQuery,
  now = new Date(),
): Promise<AccountSummary> {
  const days = query.days ?? 30;
  const from = windowStart(now, days);
  const records = await readDailyCounters(accountId, from);
  return {
    from,
    to: now.toISOString().slice(0, 10),
    days,
    data: records
      .map(summaryRow)
      .sort((a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency)),
  };
}
