import { describe, expect, it } from 'vitest';
import {
  callTimeoutMs,
  deadlineOf,
  OutOfTimeError,
  requireCallTimeoutMs,
  shortestUsefulCallMs,
} from '../../shared/time-budget.ts';

const now = 1_700_000_000_000;

describe('callTimeoutMs', () => {
  it('gives the configured timeout when the function has more time than that', () => {
    expect(callTimeoutMs(now + 60_000, 10_000, now)).toBe(10_000);
    expect(callTimeoutMs(now + 10_000, 10_000, now)).toBe(10_000);
  });

  it('gives what is left before the answer is due when that is shorter', () => {
    // The fill worker (20 s) after a token call of 9 s, answers due 3 s before its end: 8 s, not 10.
    expect(callTimeoutMs(now + 20_000 - 9_000 - 3_000, 10_000, now)).toBe(8_000);
    expect(callTimeoutMs(now + 1_234.9, 10_000, now)).toBe(1_234);
  });

  it('starts no call that would get less than the shortest useful time', () => {
    expect(callTimeoutMs(now + shortestUsefulCallMs, 10_000, now)).toBe(shortestUsefulCallMs);
    expect(callTimeoutMs(now + shortestUsefulCallMs - 1, 10_000, now)).toBeNull();
    expect(callTimeoutMs(now, 10_000, now)).toBeNull();
    expect(callTimeoutMs(now - 5_000, 10_000, now)).toBeNull();
  });

  it('starts a call whose own timeout is shorter than that minimum when all of it fits', () => {
    expect(callTimeoutMs(now + 300, 200, now)).toBe(200);
    expect(callTimeoutMs(now + 199, 200, now)).toBeNull();
  });
});

describe('requireCallTimeoutMs', () => {
  it('answers the timeout, or refuses to start with an error naming the call and the time left', () => {
    expect(requireCallTimeoutMs('PUT /cob', now + 4_000, 10_000, now)).toBe(4_000);
    const refusal = (() => {
      try {
        requireCallTimeoutMs('PUT /cob', now + 120, 10_000, now);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(OutOfTimeError);
    expect(refusal).toMatchObject({ call: 'PUT /cob', leftMs: 120 });
    expect((refusal as Error).message).toBe('PUT /cob: not started, 120 ms left before the answer is due');
  });
});

describe('deadlineOf', () => {
  it('is the moment the Lambda context says the invocation ends', () => {
    expect(deadlineOf({ getRemainingTimeInMillis: () => 9_500 }, now)).toBe(now + 9_500);
  });

  it('is none for a hand-made context without the method: the call keeps its own timeout', () => {
    expect(deadlineOf({}, now)).toBe(Number.POSITIVE_INFINITY);
    expect(callTimeoutMs(deadlineOf({}, now) - 3_000, 10_000, now)).toBe(10_000);
  });
});
