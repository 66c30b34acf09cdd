// Boleto due dates are calendar days in Brazil: "today" is the date in America/Sao_Paulo,
// not in UTC (at 22:00 in São Paulo it is already tomorrow in UTC). `now` is a parameter so
// that callers and tests pick the instant.
import { type Checked, fail, ok } from '../validation/checked.ts';

export const saoPauloTimeZone = 'America/Sao_Paulo';
/** Contract: "Default: today plus 3 days". */
export const defaultDueDays = 3;
/**
 * Furthest accepted due date, in days after today. Boletos are short-lived; the bound also
 * keeps dates inside the FEBRABAN due-date factor cycle (restarted 2025-02-22, 9000 days).
 */
export const maxDueDays = 366;

// Built on first use: loading the time-zone data costs ~10 ms, which would otherwise land on
// the cold start of every function that merely imports this module.
let dayFormat: Intl.DateTimeFormat | undefined;

/** The calendar date (YYYY-MM-DD) in São Paulo at the instant `now`. */
export function todayInSaoPaulo(now: Date): string {
  dayFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: saoPauloTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = Object.fromEntries(dayFormat.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

function utcDate(year: number, month: number, day: number): Date {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** True for `YYYY-MM-DD` naming a real day of the Gregorian calendar (2026-02-29 is not). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = utcDate(year, month, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `date` (a calendar date) plus `days` days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return iso(utcDate(year, month, day + days));
}

export function defaultDueDate(now: Date): string {
  return addDays(todayInSaoPaulo(now), defaultDueDays);
}

/** A due date given by the client: a real date, not before today and at most `maxDueDays` ahead (São Paulo). */
export function checkDueDate(input: string, now: Date): Checked<string> {
  const text = input.trim();
  if (!isCalendarDate(text)) return fail('must be a real calendar date in the format YYYY-MM-DD');
  const today = todayInSaoPaulo(now);
  if (text < today) return fail(`must not be in the past (today is ${today} in São Paulo)`);
  const latest = addDays(today, maxDueDays);
  if (text > latest) return fail(`must be at most ${maxDueDays} days after today (${latest} at the latest)`);
  return ok(text);
}
