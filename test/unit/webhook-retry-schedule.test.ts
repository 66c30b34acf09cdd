import { describe, expect, it } from 'vitest';
import {
  maxAttempts,
  nextDelayMs,
  parseRetrySchedule,
  SQS_MAX_DELAY_SECONDS,
  STANDARD_RETRY_SCHEDULE_MS,
  sqsDelayPlan,
} from '../../shared/webhooks/retry-schedule.ts';

const s = 1000;
const m = 60 * s;
const h = 60 * m;

describe('the default schedule', () => {
  it('is the Standard Webhooks schedule: 10 attempts over about 3 days', () => {
    expect(STANDARD_RETRY_SCHEDULE_MS).toEqual([
      5 * s,
      5 * m,
      30 * m,
      2 * h,
      5 * h,
      10 * h,
      14 * h,
      20 * h,
      24 * h,
    ]);
    expect(maxAttempts()).toBe(10);
    const total = STANDARD_RETRY_SCHEDULE_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBe(75 * h + 35 * m + 5 * s);
  });

  it('cannot be mutated by a caller', () => {
    expect(() => (STANDARD_RETRY_SCHEDULE_MS as number[]).push(1)).toThrow();
  });
});

describe('parseRetrySchedule', () => {
  it('parses the Standard Webhooks schedule written with units', () => {
    expect(parseRetrySchedule('5s,5m,30m,2h,5h,10h,14h,20h,24h')).toEqual([...STANDARD_RETRY_SCHEDULE_MS]);
  });

  it('parses milliseconds, days, spaces and upper-case units', () => {
    expect(parseRetrySchedule('10ms,20ms')).toEqual([10, 20]);
    expect(parseRetrySchedule(' 1d , 2 H,0ms ')).toEqual([24 * h, 2 * h, 0]);
  });

  it.each(['', ' ', '5', '5s,', '5x', '1.5h', '-5s', 's', '5s;5m', '5 s 5m', `${Number.MAX_SAFE_INTEGER}d`])(
    'rejects %j naming the variable',
    (text) => {
      expect(() => parseRetrySchedule(text)).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    },
  );
});

describe('nextDelayMs', () => {
  it('gives the wait after each failed attempt and null after the last', () => {
    expect(nextDelayMs(1)).toBe(5 * s);
    expect(nextDelayMs(2)).toBe(5 * m);
    expect(nextDelayMs(9)).toBe(24 * h);
    expect(nextDelayMs(10)).toBeNull();
    expect(nextDelayMs(11)).toBeNull();
  });

  it('follows a custom schedule', () => {
    const schedule = parseRetrySchedule('10ms,20ms');
    expect([1, 2, 3].map((attempt) => nextDelayMs(attempt, schedule))).toEqual([10, 20, null]);
    expect(maxAttempts(schedule)).toBe(3);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses attempt number %s', (attempt) => {
    expect(() => nextDelayMs(attempt)).toThrow(RangeError);
  });
});

describe('sqsDelayPlan', () => {
  it('delays up to 15 minutes in one message, rounding up to whole seconds', () => {
    expect(sqsDelayPlan(5 * s)).toEqual({ delaySeconds: 5, remainingMs: 0 });
    expect(sqsDelayPlan(10)).toEqual({ delaySeconds: 1, remainingMs: 0 });
    expect(sqsDelayPlan(1500)).toEqual({ delaySeconds: 2, remainingMs: 0 });
    expect(sqsDelayPlan(15 * m)).toEqual({ delaySeconds: 900, remainingMs: 0 });
  });

  it('sends now when nothing is left to wait', () => {
    expect(sqsDelayPlan(0)).toEqual({ delaySeconds: 0, remainingMs: 0 });
    expect(sqsDelayPlan(-2000)).toEqual({ delaySeconds: 0, remainingMs: 0 });
  });

  it('caps a longer wait at 900 s and leaves the rest for later hops', () => {
    expect(sqsDelayPlan(30 * m)).toEqual({ delaySeconds: 900, remainingMs: 15 * m });
    expect(sqsDelayPlan(15 * m + 1)).toEqual({ delaySeconds: 900, remainingMs: 1 });
  });

  it('reaches every scheduled wait exactly by chaining hops, never early', () => {
    for (const delay of [...STANDARD_RETRY_SCHEDULE_MS, 1, 999, 1001, 15 * m - 1]) {
      let waited = 0;
      let hops = 0;
      let left = delay;
      while (left > 0) {
        const plan = sqsDelayPlan(left);
        expect(plan.delaySeconds).toBeGreaterThan(0);
        expect(plan.delaySeconds).toBeLessThanOrEqual(SQS_MAX_DELAY_SECONDS);
        waited += plan.delaySeconds * s;
        left = plan.remainingMs;
        hops += 1;
      }
      expect(waited).toBeGreaterThanOrEqual(delay);
      expect(waited - delay).toBeLessThan(s);
      expect(hops).toBe(Math.ceil(delay / (15 * m)));
    }
  });
});
