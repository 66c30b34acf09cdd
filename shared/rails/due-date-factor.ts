// The boleto's "fator de vencimento": four digits that encode the due date as a day count, so
// the barcode never carries a calendar date. FEBRABAN counts days from 1997-10-07 (day 0); the
// day count reached 1000 on 2000-07-03 and 9999 on 2025-02-21. Four digits were then exhausted,
// so on 2025-02-22 the factor restarted at 1000 and it keeps cycling through 1000–9999 (9000
// days, about 24.6 years, per cycle). A factor alone is therefore ambiguous; a reader picks the
// cycle nearest to a reference date (typically "today"). Factor 0000 means "no due date".

const MS_PER_DAY = 86_400_000;
const CYCLE_DAYS = 9000; // factors 1000…9999
const FIRST_FACTOR = 1000;

/** Day 0 of the factor count. */
export const FACTOR_BASE_DATE = '1997-10-07';
/** First day of the second cycle: factor 1000 again. */
export const FACTOR_RESTART_DATE = '2025-02-22';

/** Whole days since 1970-01-01 for a strict, real calendar date `YYYY-MM-DD` (UTC, no time zone). */
export function calendarDayNumber(date: string, what = 'date'): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`${what}: must be a calendar date YYYY-MM-DD`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  if (calendarDateFromDayNumber(ms / MS_PER_DAY) !== date)
    throw new RangeError(`${what}: ${date} is not a real calendar date`);
  return ms / MS_PER_DAY;
}

/** The `YYYY-MM-DD` date of a day number from `calendarDayNumber`. */
export function calendarDateFromDayNumber(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

const BASE_DAY = calendarDayNumber(FACTOR_BASE_DATE);

/** Days from the factor base (1997-10-07 → 0, 2000-07-03 → 1000, 2025-02-22 → 10000). */
export function daysSinceFactorBase(date: string): number {
  return calendarDayNumber(date) - BASE_DAY;
}

/**
 * The four-digit due-date factor of `dueDate` (`YYYY-MM-DD`). Dates from 2000-07-03 to
 * 2025-02-21 give 1000–9999 (the days since 1997-10-07); from 2025-02-22 the count restarts at
 * 1000, and so on every 9000 days. Dates before 2000-07-03 would need a factor below 1000,
 * which no bank issues any more (and which readers reject), so they are refused.
 */
export function dueDateFactor(dueDate: string): string {
  const days = daysSinceFactorBase(dueDate);
  if (days < FIRST_FACTOR)
    throw new RangeError(
      `dueDate: must be on or after 2000-07-03 (the first date with a factor of 1000), got ${dueDate}`,
    );
  return String(FIRST_FACTOR + ((days - FIRST_FACTOR) % CYCLE_DAYS));
}

/**
 * Decodes a due-date factor into `YYYY-MM-DD`: of all the dates that carry this factor (one per
 * 9000-day cycle) it returns the one nearest to `referenceDate` (on an exact tie, the later one,
 * because slips are paid before or around their due date). `0000` means the slip has no due
 * date and returns `null`; 0001–0999 are not valid factors and throw.
 */
export function dueDateFromFactor(factor: string, referenceDate: string): string | null {
  if (!/^\d{4}$/.test(factor)) throw new RangeError('factor: must be 4 digits');
  const value = Number(factor);
  if (value === 0) return null;
  if (value < FIRST_FACTOR)
    throw new RangeError(
      `factor: ${factor} is not valid (factors run from 1000 to 9999; 0000 means no due date)`,
    );
  const firstDay = BASE_DAY + value; // the date in the 2000–2025 cycle
  const reference = calendarDayNumber(referenceDate, 'referenceDate');
  const cycle = Math.max(0, Math.round((reference - firstDay) / CYCLE_DAYS));
  return calendarDateFromDayNumber(firstDay + cycle * CYCLE_DAYS);
}
