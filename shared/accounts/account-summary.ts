// GET /v2/account/summary?days=N: per day of the account's time zone and currency, count and
// amount of transactions created, paid, expired and canceled, and of webhook deliveries that
// failed, added up from the hourly counters each state change keeps (no scan of transactions).
import * as v from 'valibot';
import { type DailyCounterRecord, readCounters } from '../store/daily-counters.ts';
import { dayIn, dayStart } from '../time/zoned-days.ts';
import { type SummaryCounter, summaryCounters } from './summary-counters.ts';

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
  timeZone: string;
  data: SummaryRow[];
}

/** The first and last day, in the zone, of a window of `days` days ending today there. */
export function summaryWindow(now: Date, days: number, timeZone: string): { from: string; to: string } {
  const to = dayIn(now, timeZone);
  return {
    from: new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10),
    to,
  };
}

/** The day in the zone a counter item counts for: its UTC hour's day there (older items: their UTC day). */
export function counterDay(record: DailyCounterRecord, timeZone: string): string {
  return record.hour ? dayIn(`${record.hour}:00:00Z`, timeZone) : record.day!;
}

function summaryRow(day: string, record: DailyCounterRecord): SummaryRow {
  const pair = (count?: number, amount?: number) => ({ count: count ?? 0, amount: amount ?? 0 });
  return {
    day,
    currency: record.currency,
    created: pair(record.createdCount, record.createdAmount),
    paid: pair(record.paidCount, record.paidAmount),
    expired: pair(record.expiredCount, record.expiredAmount),
    canceled: pair(record.canceledCount, record.canceledAmount),
    deliveriesFailed: pair(record.deliveryFailedCount, record.deliveryFailedAmount),
  };
}

/** Counter items added up per day of the zone and currency, within [from, to], in day order. */
export function summaryRows(
  records: readonly DailyCounterRecord[],
  window: { from: string; to: string },
  timeZone: string,
): SummaryRow[] {
  const rows = new Map<string, SummaryRow>();
  for (const record of records) {
    const day = counterDay(record, timeZone);
    if (day < window.from || day > window.to) continue;
    const row = summaryRow(day, record);
    const key = `${day}#${record.currency}`;
    const sum = rows.get(key);
    if (!sum) rows.set(key, row);
    else
      for (const counter of summaryCounters) {
        sum[counter].count += row[counter].count;
        sum[counter].amount += row[counter].amount;
      }
  }
  return [...rows.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency),
  );
}

export async function accountSummary(
  accountId: string,
  query: AccountSummaryQuery,
  timeZone: string,
  now = new Date(),
): Promise<AccountSummary> {
  const days = query.days ?? 30;
  const window = summaryWindow(now, days, timeZone);
  const records = await readCounters(accountId, dayStart(window.from, timeZone).toISOString().slice(0, 13));
  return { ...window, days, timeZone, data: summaryRows(records, window, timeZone) };
}
