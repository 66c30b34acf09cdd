// Business days of Brazil's banks: weekdays that are not a national bank holiday (the generated
// table beside this file: national holidays, Carnival Monday and Tuesday, Good Friday, Corpus
// Christi, and the last business day of the year, which has no public bank service). Municipal
// and state holidays are not known. Dates are calendar days, YYYY-MM-DD.
import { addDays } from '../purchase/due-date.ts';
import { brazilBankHolidays, brazilBankHolidayYears } from './brazil-bank-holidays.ts';

let holidays: Set<string> | undefined;

function holidaySet(): Set<string> {
  holidays ??= new Set(
    Object.entries(brazilBankHolidays).flatMap(([year, days]) =>
      days
        .split(' ')
        .filter(Boolean)
        .map((mmdd) => `${year}-${mmdd.slice(0, 2)}-${mmdd.slice(2)}`),
    ),
  );
  return holidays;
}

export function isBrazilBankHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  if (year < brazilBankHolidayYears.first || year > brazilBankHolidayYears.last)
    throw new RangeError(
      `no bank-holiday calendar for ${year}: regenerate shared/calendars/brazil-bank-holidays.ts (npm run calendars) with a later last year`,
    );
  return holidaySet().has(date);
}

export function isBrazilBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isBrazilBankHoliday(date);
}

/** `date` itself when the banks open that day, else the next day they do. */
export function brazilBusinessDayOnOrAfter(date: string): string {
  let day = date;
  while (!isBrazilBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** `date` plus `businessDays` business days (weekends and bank holidays skipped). */
export function addBrazilBusinessDays(date: string, businessDays: number): string {
  let day = date;
  for (let left = businessDays; left > 0; ) {
    day = addDays(day, 1);
    if (isBrazilBusinessDay(day)) left -= 1;
  }
  return day;
}
