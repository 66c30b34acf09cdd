import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkDueDate,
  defaultDueDate,
  isCalendarDate,
  todayInSaoPaulo,
} from '../../shared/purchase/due-date.ts';

describe('todayInSaoPaulo', () => {
  it('is still yesterday in São Paulo during the first three hours of a UTC day', () => {
    expect(todayInSaoPaulo(new Date('2026-03-01T02:59:59.999Z'))).toBe('2026-02-28');
    expect(todayInSaoPaulo(new Date('2026-03-01T03:00:00.000Z'))).toBe('2026-03-01');
  });

  it('crosses the year like São Paulo does', () => {
    expect(todayInSaoPaulo(new Date('2027-01-01T01:00:00Z'))).toBe('2026-12-31');
  });
});

describe('isCalendarDate', () => {
  it.each(['2026-12-31', '2028-02-29', '2000-02-29', '2026-01-01'])('accepts %s', (date) => {
    expect(isCalendarDate(date)).toBe(true);
  });

  it.each([
    '2026-02-29',
    '1900-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-4-1',
    '26-04-01',
    '2026/04/01',
    '2026-04-01T00:00:00Z',
    '',
  ])('rejects %s', (date) => {
    expect(isCalendarDate(date)).toBe(false);
  });
});

describe('addDays', () => {
  it('crosses month, leap day and year', () => {
    expect(addDays('2028-02-27', 3)).toBe('2028-03-01');
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
});

describe('defaultDueDate (today + 3 days in São Paulo)', () => {
  it('counts from the São Paulo date, not the UTC one', () => {
    // 01:30 UTC on Nov 26 is 22:30 on Nov 25 in São Paulo.
    expect(defaultDueDate(new Date('2026-11-26T01:30:00Z'))).toBe('2026-11-28');
    expect(defaultDueDate(new Date('2026-11-26T03:30:00Z'))).toBe('2026-11-29');
  });
});

describe('checkDueDate', () => {
  const lateEvening = new Date('2026-11-26T02:00:00Z'); // 2026-11-25 23:00 in São Paulo

  it('accepts today in São Paulo even when UTC is already on the next day', () => {
    expect(checkDueDate('2026-11-25', lateEvening)).toEqual({ ok: true, value: '2026-11-25' });
  });

  it('rejects yesterday in São Paulo', () => {
    expect(checkDueDate('2026-11-24', lateEvening)).toEqual({
      ok: false,
      reason: 'must not be in the past (today is 2026-11-25 in São Paulo)',
    });
  });

  it('accepts up to 366 days ahead and no further (docs/api.md: "today (São Paulo) up to 366 days ahead")', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(checkDueDate('2027-11-26', now)).toEqual({ ok: true, value: '2027-11-26' });
    expect(checkDueDate('2027-11-27', now)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('at most 366 days'),
    });
  });

  it('rejects impossible dates and other formats', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    for (const input of ['2027-02-29', '2026-11-31', '30/11/2026', '2026-11-30T00:00:00Z', 'tomorrow']) {
      expect(checkDueDate(input, now), input).toEqual({
        ok: false,
        reason: 'must be a real calendar date in the format YYYY-MM-DD',
      });
    }
  });
});
