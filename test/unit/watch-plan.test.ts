// When a charge is next asked about on its own: polling for rails that only answer when asked,
// a daily safety net for rails that only push, only the deadline for rails that list their
// payments (their listing is read a second time a day later instead), never past the deadline.
import { describe, expect, it } from 'vitest';
import { planNextWatch } from '../../shared/transactions/watch-plan.ts';

const now = new Date('2026-11-26T12:00:00.000Z');
const minute = 60_000;
const hour = 60 * minute;
const base = {
  now,
  deadline: null,
  paymentPollScheduleMs: [2000, 5000, 15 * minute],
  safetyNetPollMs: 24 * hour,
  sweepAfterMs: minute,
};
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('planNextWatch', () => {
  it('polls a rail that reports nothing on the poll schedule, each poll a delayed message', () => {
    expect(planNextWatch({ ...base, reports: [], attempt: 1 })).toEqual({
      dueAt: at(2000 + minute),
      delaySeconds: 2,
    });
    expect(planNextWatch({ ...base, reports: [], attempt: 9 })).toEqual({
      dueAt: at(15 * minute + minute),
      delaySeconds: 900,
    });
  });

  it('asks a rail that reports, before it names a deadline, once a day, with no message: the sweeper starts it when due', () => {
    for (const reports of [['push'], ['listing'], ['push', 'listing']] as const)
      expect(planNextWatch({ ...base, reports, attempt: 1 })).toEqual({
        dueAt: at(24 * hour),
        delaySeconds: null,
      });
  });

  it('looks once just after the deadline, whichever comes first', () => {
    const deadline = at(10 * minute);
    expect(planNextWatch({ ...base, reports: ['push', 'listing'], attempt: 1, deadline })).toEqual({
      dueAt: at(10 * minute + 1000 + minute),
      delaySeconds: 601,
    });
    expect(planNextWatch({ ...base, reports: [], attempt: 1, deadline })).toEqual({
      dueAt: at(2000 + minute),
      delaySeconds: 2,
    });
    // Past the deadline already: at once.
    expect(planNextWatch({ ...base, reports: ['listing'], attempt: 3, deadline: at(-hour) })).toEqual({
      dueAt: at(minute),
      delaySeconds: 0,
    });
    // A deadline three days away leaves the daily safety net of a rail that only pushes as it is.
    expect(planNextWatch({ ...base, reports: ['push'], attempt: 2, deadline: at(72 * hour) }).dueAt).toBe(
      at(24 * hour),
    );
  });

  it('leaves a charge on a rail that lists its payments alone until its deadline: the listing is read again instead', () => {
    for (const reports of [['listing'], ['push', 'listing']] as const)
      expect(planNextWatch({ ...base, reports, attempt: 2, deadline: at(72 * hour) })).toEqual({
        dueAt: at(72 * hour + 1000),
        delaySeconds: null,
      });
  });
});
