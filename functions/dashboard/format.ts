// Amounts in cents of their currency, formatted as the currency's people read them; dates and
// times in the dashboard's language (one format per language) and the account's time zone.
import { saoPauloTimeZone } from '../../shared/purchase/due-date.ts';
import { dayStart, defaultTimeZone } from '../../shared/time/zoned-days.ts';
import { currentLanguage } from './i18n/i18n.ts';

const locales: Record<string, string> = { BRL: 'pt-BR', COP: 'es-CO', BOB: 'es-BO' };
const formatters = new Map<string, Intl.NumberFormat>();

export function money(cents: number, currency: string): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    // Always the cents: every currency we take has them, and CLDR would round COP to whole pesos.
    formatter = new Intl.NumberFormat(locales[currency] ?? 'en', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}

/** Cents as the currency's people type them into an amount field: digits and separators, no sign. */
export function amountText(cents: number, currency: string): string {
  return new Intl.NumberFormat(locales[currency] ?? 'en', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

let timeZone = defaultTimeZone;

/** The account's time zone: dates, filters and the summary's days are read in it. */
export function accountTimeZone(): string {
  return timeZone;
}

export function setAccountTimeZone(zone: string): void {
  timeZone = zone;
}

/** An instant as the dashboard shows every date and time: the language's short date, then the time. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(currentLanguage(), {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD, already the account's day) in the same short date format. */
export function calendarDay(day: string): string {
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/**
 * When a subscription's next charge is made, in the account's zone: its charge day is a São Paulo
 * calendar day (the schedule's), and the charge is made as that day starts.
 */
export function chargeTime(chargeDay: string | null): string {
  return chargeDay ? dateTime(dayStart(chargeDay, saoPauloTimeZone).toISOString()) : '—';
}
