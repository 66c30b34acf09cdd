// The dashboard tries a read again after a moment's limit or a failing function, never a
// client mistake, and gives up after its last attempt.
import { describe, expect, it } from 'vitest';
import { maxReadAttempts, readRetryDelayMs } from '../../functions/dashboard/read-retry.ts';

describe('readRetryDelayMs', () => {
  it('waits out a 429 for as long as Retry-After says, up to 5 s', () => {
    expect(readRetryDelayMs(429, '2', 1)).toBe(2000);
    expect(readRetryDelayMs(429, null, 1)).toBe(1000);
    expect(readRetryDelayMs(429, '30', 1)).toBeNull();
  });

  it('backs off after a 5xx or no answer', () => {
    expect(readRetryDelayMs(503, null, 1)).toBe(500);
    expect(readRetryDelayMs(500, null, 2)).toBe(1000);
    expect(readRetryDelayMs(0, null, 1)).toBe(500);
  });

  it('never repeats a client mistake, and stops after the last attempt', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(readRetryDelayMs(status, null, 1)).toBeNull();
    expect(readRetryDelayMs(503, null, maxReadAttempts)).toBeNull();
  });
});
