// When each cycle is due and when its charge is made (pure). Cycle 1 is due on the start date;
// cycle n is the start date plus n − 1 billing periods, counted from the start date every time
// (a subscription started on 31 January is due on 28/29 February, then on 31 March: the day is
// clamped to the month's length, never carried over). Each cycle's charge is created
// `chargeDaysAhead` calendar days before its due date (São Paulo days), the window the Pix
// Automático rules allow (2–10 days); the PIX and BOLETO fallbacks use the same window.
import { createHash } from 'node:crypto';
import type { BillingCycle } from '../catalog/offer.ts';
import { addDays } from '../purchase/due-date.ts';

/** Months per period; WEEKLY counts days instead. */
const periodMonths: Record<Exclude<BillingCycle, 'WEEKLY'>, number> = {
  MONTHLY: 1,
  QUARTERLY: 3,
  SEMIANNUALLY: 6,
  YEARLY: 12,
};

/** The Pix Automático rules: a cycle's charge is sent 2 to 10 days before its due date. */
export const chargeDaysAheadLimits = { min: 2, max: 10 } as const;

/** Days before its due date a cycle is charged (inside the limits above). */
export const chargeDaysAhead = 5;

/** The window, shortened for a weekly cycle so a cycle is charged after the previous one is due. */
export function chargeDaysAheadFor(billingCycle: BillingCycle, days = chargeDaysAhead): number {
  const bounded = Math.min(chargeDaysAheadLimits.max, Math.max(chargeDaysAheadLimits.min, days));
  return billingCycle === 'WEEKLY' ? Math.min(bounded, 6) : bounded;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function addMonthsClamped(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(targetDay).padStart(2, '0')}`;
}

/** The due date (YYYY-MM-DD) of cycle `cycle` (1-based) of a subscription first due on `firstDueDate`. */
export function cycleDueDate(firstDueDate: string, billingCycle: BillingCycle, cycle: number): string {
  if (!Number.isInteger(cycle) || cycle < 1)
    throw new Error(`cycle must be a positive integer, got ${cycle}`);
  if (billingCycle === 'WEEKLY') return addDays(firstDueDate, 7 * (cycle - 1));
  return addMonthsClamped(firstDueDate, periodMonths[billingCycle] * (cycle - 1));
}

/** São Paulo keeps UTC−3 all year (no daylight saving time since 2019). */
const startOfSaoPauloDay = (date: string): Date => new Date(`${date}T00:00:00.000-03:00`);

/** The calendar day (São Paulo) cycle `cycle`'s charge is created on. */
export function cycleChargeDate(firstDueDate: string, billingCycle: BillingCycle, cycle: number): string {
  return addDays(cycleDueDate(firstDueDate, billingCycle, cycle), -chargeDaysAheadFor(billingCycle));
}

/** The instant cycle `cycle`'s charge is due to be created: the start of its charge day (São Paulo). */
export function cycleChargeAt(firstDueDate: string, billingCycle: BillingCycle, cycle: number): Date {
  return startOfSaoPauloDay(cycleChargeDate(firstDueDate, billingCycle, cycle));
}

/** The end of a cycle's due date (São Paulo): unpaid by then (and by its charge's expiry), it is unpaid. */
export function cycleDeadline(firstDueDate: string, billingCycle: BillingCycle, cycle: number): Date {
  return startOfSaoPauloDay(addDays(cycleDueDate(firstDueDate, billingCycle, cycle), 1));
}

/** Cycle 1's due date: the start date given, else today plus the charge window (São Paulo days). */
export function firstDueDateOf(
  startDate: string | undefined,
  today: string,
  billingCycle: BillingCycle,
): string {
  return startDate ?? addDays(today, chargeDaysAheadFor(billingCycle));
}

/**
 * The transaction id of a cycle's charge, derived from (subscription, cycle): a second attempt to
 * charge the cycle (a duplicate job, a retry after a crash) names the same transaction, and the
 * transaction's conditional write lets only one exist. `9` and 18 digits of SHA-256: random ids
 * start with the epoch milliseconds (`1…` until the year 2286), so the two never meet.
 */
export function cycleTransactionId(subscriptionId: string, cycle: number): string {
  const digest = createHash('sha256').update(`${subscriptionId}#${cycle}`).digest();
  const digits = (digest.readBigUInt64BE(0) % 1_000_000_000_000_000_000n).toString().padStart(18, '0');
  return `9${digits}`;
}
