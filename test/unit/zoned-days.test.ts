// Days in an account's time zone: the summary, the dashboard's date filters and charts read days
// there, not in UTC (a São Paulo sale at 22:00 is that day's, though UTC is already on the next).
import { describe, expect, it } from 'vitest';
import { dayIn, dayRange, dayStart, daysFrom, isTimeZone } from '../../shared/time/zoned-days.ts';

describe('days in a time zone', () => {
  it('puts an instant on the day it is there', () => {
    expect(dayIn('2026-11-27T00:30:00Z', 'America/Sao_Paulo')).toBe('2026-11-26');
    expect(dayIn('2026-11-27T03:00:00Z', 'America/Sao_Paulo')).toBe('2026-11-27');
    expect(dayIn('2026-11-27T04:59:59Z', 'America/Bogota')).toBe('2026-11-26');
    expect(dayIn('2026-11-27T04:00:00Z', 'America/La_Paz')).toBe('2026-11-27');
  });

  it('starts a day at its midnight there, also across a daylight-saving change', () => {
    expect(dayStart('2026-11-26', 'America/Sao_Paulo').toISOString()).toBe('2026-11-26T03:00:00.000Z');
    expect(dayStart('2026-11-26', 'America/Bogota').toISOString()).toBe('2026-11-26T05:00:00.000Z');
    // São Paulo in 2018: summer time from 00:00 on 4 November (the clock went to 01:00, UTC−2)…
    expect(dayStart('2018-11-04', 'America/Sao_Paulo').toISOString()).toBe('2018-11-04T03:00:00.000Z');
    expect(dayStart('2018-11-05', 'America/Sao_Paulo').toISOString()).toBe('2018-11-05T02:00:00.000Z');
    // …and back to UTC−3 on 17 February 2019 (midnight of the 16th came twice).
    expect(dayStart('2019-02-17', 'America/Sao_Paulo').toISOString()).toBe('2019-02-17T03:00:00.000Z');
    expect(dayStart('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });

  it('gives a range of days as the instants it covers, both ends included', () => {
    expect(dayRange('2026-11-26', '2026-11-26', 'America/Sao_Paulo')).toEqual({
      from: '2026-11-26T03:00:00.000Z',
      to: '2026-11-27T02:59:59.999Z',
    });
    expect(dayRange(null, '2026-11-30', 'America/Bogota')).toEqual({
      from: null,
      to: '2026-12-01T04:59:59.999Z',
    });
    expect(dayRange(null, null, 'UTC')).toEqual({ from: null, to: null });
  });

  it('lists the days between two days', () => {
    expect(daysFrom('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysFrom('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('knows IANA zones only', () => {
    expect(['America/Sao_Paulo', 'America/Bogota', 'America/La_Paz', 'UTC'].every(isTimeZone)).toBe(true);
    expect(['America/Atlantis', '+03:00', '', 'GMT-3 ', '../etc'].some(isTimeZone)).toBe(false);
  });
});
