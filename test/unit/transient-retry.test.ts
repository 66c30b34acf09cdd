import { describe, expect, it } from 'vitest';
import { shortestUsefulCallMs } from '../../shared/time-budget.ts';
import {
  retryTransient,
  transientRetryDelayMs,
  transientRetryDelaysMs,
} from '../../shared/transient-retry.ts';

const now = 1_700_000_000_000;
const plenty = now + 60_000;

describe('transientRetryDelayMs', () => {
  it('follows the schedule, jittered down to half of each wait', () => {
    expect(transientRetryDelayMs(1, plenty, now, 0.999_999)).toBe(transientRetryDelaysMs[0]);
    expect(transientRetryDelayMs(1, plenty, now, 0)).toBe(transientRetryDelaysMs[0]! / 2);
    expect(transientRetryDelayMs(2, plenty, now, 0)).toBe(transientRetryDelaysMs[1]! / 2);
    expect(transientRetryDelayMs(3, plenty, now, 0.5)).toBe(transientRetryDelaysMs[2]! * 0.75);
  });

  it('retries within seconds: the whole schedule waits under five seconds', () => {
    expect(transientRetryDelaysMs.reduce((sum, wait) => sum + wait, 0)).toBeLessThan(5_000);
  });

  it('stops when the schedule is spent', () => {
    expect(transientRetryDelayMs(transientRetryDelaysMs.length + 1, plenty, now, 0)).toBeNull();
  });

  it('starts no retry that would leave less than the shortest useful call before the answer is due', () => {
    const wait = transientRetryDelaysMs[0]!;
    expect(transientRetryDelayMs(1, now + wait + shortestUsefulCallMs, now, 0.999_999)).toBe(wait);
    expect(transientRetryDelayMs(1, now + wait + shortestUsefulCallMs - 1, now, 0.999_999)).toBeNull();
    expect(transientRetryDelayMs(1, now - 1, now, 0)).toBeNull();
  });

  it('has no end without a deadline (a script): the schedule alone bounds it', () => {
    expect(transientRetryDelayMs(1, Number.POSITIVE_INFINITY, now, 0)).toBe(transientRetryDelaysMs[0]! / 2);
  });
});

class Passing extends Error {}

describe('retryTransient', () => {
  const clock = () => {
    let at = now;
    return {
      now: () => at,
      sleep: (ms: number) => {
        at += ms;
        return Promise.resolve();
      },
      random: () => 0,
    };
  };

  it('answers the first success after transient failures, waiting the schedule between them', async () => {
    const time = clock();
    const waits: number[] = [];
    let calls = 0;
    const answer = await retryTransient(
      () => {
        calls += 1;
        return calls < 3 ? Promise.reject(new Passing('503')) : Promise.resolve('ok');
      },
      {
        answerBy: plenty,
        isTransient: (error) => error instanceof Passing,
        onRetry: (_error, _retry, delayMs) => waits.push(delayMs),
        ...time,
      },
    );
    expect(answer).toBe('ok');
    expect(calls).toBe(3);
    expect(waits).toEqual([transientRetryDelaysMs[0]! / 2, transientRetryDelaysMs[1]! / 2]);
  });

  it('never retries an error that is not transient', async () => {
    let calls = 0;
    const refusal = new Error('400 CobOperacaoInvalida');
    await expect(
      retryTransient(
        () => {
          calls += 1;
          return Promise.reject(refusal);
        },
        { answerBy: plenty, isTransient: (error) => error instanceof Passing, ...clock() },
      ),
    ).rejects.toBe(refusal);
    expect(calls).toBe(1);
  });

  it('gives up with the last error once the schedule or the time budget is spent', async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Passing(`failure ${calls}`));
    };
    const isTransient = (error: unknown) => error instanceof Passing;
    await expect(retryTransient(failing, { answerBy: plenty, isTransient, ...clock() })).rejects.toThrow(
      `failure ${transientRetryDelaysMs.length + 1}`,
    );
    calls = 0;
    await expect(
      retryTransient(failing, { answerBy: now + shortestUsefulCallMs, isTransient, ...clock() }),
    ).rejects.toThrow('failure 1');
  });
});
