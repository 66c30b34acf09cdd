// Brazil's national bank holidays, from the maintained `date-holidays` package (ISC; its data
// CC BY 3.0, © commenthol and contributors) plus what it lacks: FEBRABAN's calendar has no public
// bank service on the last business day of the year. `date-holidays` pulls moment-timezone and
// astronomia (1.4 MB bundled), far past a function's bundle budget, so it runs here, at build
// time, and the functions read the table it yields (shared/calendars/brazil-bank-holidays.ts).
import Holidays from 'date-holidays';

/** The days `date-holidays` marks for Brazil that close the banks: national holidays and bank days. */
const closingTypes = new Set(['public', 'bank']);

const isWeekend = (date: string) => {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/**
 * The last business day of `year`, given the year's holidays: FEBRABAN closes it to the public
 * (December 31st, or the Friday before when the 31st falls on a weekend).
 */
export function lastBusinessDayOfYear(year: number, holidays: ReadonlySet<string>): string {
  for (let day = 31; ; day -= 1) {
    const date = `${year}-12-${String(day).padStart(2, '0')}`;
    if (!isWeekend(date) && !holidays.has(date)) return date;
  }
}

let library: Holidays | undefined;

/** The national bank holidays of `year` (YYYY-MM-DD, sorted), weekends left out. */
export function brazilBankHolidaysOf(year: number): string[] {
  library ??= new Holidays('BR');
  const listed = new Set(
    library
      .getHolidays(year)
      .filter((holiday) => closingTypes.has(holiday.type))
      .map((holiday) => holiday.date.slice(0, 10))
      .filter((date) => date.startsWith(`${year}-`)),
  );
  listed.add(lastBusinessDayOfYear(year, listed));
  return [...listed].filter((date) => !isWeekend(date)).sort();
}

export const brazilBankHolidaysSourceName = `date-holidays ${(await import('date-holidays/package.json', { with: { type: 'json' } })).default.version} (BR, public and bank days) + the last business day of each year (FEBRABAN)`;
