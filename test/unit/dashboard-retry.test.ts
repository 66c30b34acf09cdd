// The dashboard tries a call again after a moment's limit (any method: a 429 did nothing) or a
// failing function (reads only), never a client mistake, and gives up after its last attempt.
import { describe, expect, it } from 'vitest';
import { maxAttempts, retryDelayMs } from '../../functions/dashboard/retry.ts';

describe('retryDelayMs', () => {
  it('waits out a 429 for as long as Retry-After says, up to 5 s, for reads and writes alike', () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      expect(retryDelayMs(method, 429, '2', 1)).toBe(2000);
      expect(retryDelayMs(method, 429, null, 1)).toBe(1000);
      expect(retryDelayMs(method, 429, '30', 1)).toBeNull();
    }
  });

  it('backs off after a 5xx or no answer to a read', () => {
    expect(retryDelayMs('GET', 503, null, 1)).toBe(500);
    expect(retryDelayMs('GET', 500, null, 2)).toBe(1000);
    expect(retryDelayMs('GET', 0, null, 1)).toBe(500);
  });

  it('never repeats a write that may have happened', () => {
    for (const status of [0, 500, 502, 503]) expect(retryDelayMs('POST', status, null, 1)).toBeNull();
  });

  it('never repeats a client mistake, and stops after the last attempt', () => {
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(retryDelayMs('GET', status, null, 1)).toBeNull();
    expect(retryDelayMs('GET', 503, null, maxAttempts)).toBeNull();
    expect(retryDelayMs('POST', 429, '1', maxAttempts)).toBeNull();
  });
});
