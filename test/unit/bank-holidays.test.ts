import { describe, expect, it } from 'vitest';
import {
  brazilBankHolidaysOf,
  lastBusinessDayOfYear,
} from '../../infra/calendars/brazil-bank-holidays-source.ts';
import { calendarYears } from '../../infra/calendars/generate-bank-holidays.ts';
import { brazilBankHolidays, brazilBankHolidayYears } from '../../shared/calendars/brazil-bank-holidays.ts';
import {
  addBrazilBusinessDays,
  brazilBusinessDayOnOrAfter,
  isBrazilBankHoliday,
  isBrazilBusinessDay,
} from '../../shared/calendars/business-days.ts';

describe('Brazil’s bank holidays', () => {
  it('close the banks on Carnival Monday and Tuesday, not on Ash Wednesday (Carnival 2027)', () => {
    expect(isBrazilBusinessDay('2027-02-05')).toBe(true); // Friday before
    expect(isBrazilBankHoliday('2027-02-08')).toBe(true);
    expect(isBrazilBankHoliday('2027-02-09')).toBe(true);
    expect(isBrazilBusinessDay('2027-02-10')).toBe(true); // the banks open at noon
  });

  it('know Good Friday, Corpus Christi, Christmas and the national days', () => {
    expect(isBrazilBankHoliday('2026-04-03')).toBe(true); // Good Friday
    expect(isBrazilBankHoliday('2026-06-04')).toBe(true); // Corpus Christi
    expect(isBrazilBankHoliday('2026-12-25')).toBe(true);
    expect(isBrazilBankHoliday('2026-09-07')).toBe(true);
    expect(isBrazilBankHoliday('2026-04-21')).toBe(true);
    expect(isBrazilBusinessDay('2026-12-24')).toBe(true);
  });

  it('know Consciência Negra (November 20th) from 2024 on, when it became national', () => {
    expect(isBrazilBankHoliday('2026-11-20')).toBe(true);
    expect(isBrazilBankHoliday('2024-11-20')).toBe(true);
    expect(isBrazilBusinessDay('2023-11-20')).toBe(true); // a Monday, only a local holiday then
  });

  it('have no public bank service on the last business day of the year', () => {
    expect(isBrazilBankHoliday('2026-12-31')).toBe(true); // a Thursday
    expect(isBrazilBankHoliday('2022-12-30')).toBe(true); // the 31st was a Saturday
    expect(lastBusinessDayOfYear(2022, new Set())).toBe('2022-12-30');
    expect(lastBusinessDayOfYear(2023, new Set(['2023-12-29']))).toBe('2023-12-28');
  });

  it('say so when asked about a year the table does not cover', () => {
    expect(() => isBrazilBankHoliday(`${brazilBankHolidayYears.last + 1}-01-02`)).toThrow(
      /npm run calendars/,
    );
  });

  it('are the table `npm run calendars` writes from date-holidays today (regenerate after updating it)', () => {
    const years = Array.from(
      { length: calendarYears.last - calendarYears.first + 1 },
      (_, index) => calendarYears.first + index,
    );
    expect(brazilBankHolidayYears).toEqual(calendarYears);
    for (const year of years)
      expect(brazilBankHolidays[year]?.split(' ') ?? [], String(year)).toEqual(
        brazilBankHolidaysOf(year).map((date) => date.slice(5).replace('-', '')),
      );
  });
});

describe('business days', () => {
  it('a due date on a holiday or weekend is payable the next business day', () => {
    expect(brazilBusinessDayOnOrAfter('2026-11-20')).toBe('2026-11-23'); // Friday holiday → Monday
    expect(brazilBusinessDayOnOrAfter('2027-02-06')).toBe('2027-02-10'); // Carnival Saturday → Ash Wednesday
    expect(brazilBusinessDayOnOrAfter('2026-12-31')).toBe('2027-01-04'); // no service, New Year, weekend
    expect(brazilBusinessDayOnOrAfter('2026-11-25')).toBe('2026-11-25');
  });

  it('counting skips weekends and bank holidays', () => {
    expect(addBrazilBusinessDays('2026-11-25', 3)).toBe('2026-11-30'); // Wed → Thu, Fri, Mon
    expect(addBrazilBusinessDays('2027-02-05', 3)).toBe('2027-02-12'); // Carnival: Wed, Thu, Fri
    expect(addBrazilBusinessDays('2026-12-24', 3)).toBe('2026-12-30'); // Christmas: Mon, Tue, Wed
    expect(addBrazilBusinessDays('2026-12-30', 1)).toBe('2027-01-04');
    expect(addBrazilBusinessDays('2026-11-19', 1)).toBe('2026-11-23');
    expect(addBrazilBusinessDays('2026-11-25', 0)).toBe('2026-11-25');
  });
});
