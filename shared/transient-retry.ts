// A call that failed for a passing reason (a provider's 5xx or 429, a timeout, a reset) is tried
// again within seconds, inside the time its caller has left (shared/time-budget.ts): the retry
// that exists anyway, the queue's redelivery, comes only after the message's visibility timeout
// (two minutes for the instruction), so one lost answer would keep the payer waiting that long.
// Only calls that are safe to repeat may be wrapped (API Pix's PUT /cob/{txid} is idempotent
// by txid; GET, and PATCH to a final status, are too).
import { shortestUsefulCallMs } from './time-budget.ts';

/** The waits before the first, second and third retry, before jitter. */
export const transientRetryDelaysMs: readonly number[] = [200, 1_000, 3_000];

/**
 * The wait before retry number `retry` (1-based), jittered down to half by `random` (0 ≤ r < 1)
 * so a batch that failed together does not retry together; null when the schedule is spent or
 * the retry could not start with at least `shortestUsefulCallMs` left before `answerBy`.
 */
export function transientRetryDelayMs(
  retry: number,
  answerBy: number,
  now: number,
  random: number,
  delaysMs: readonly number[] = transientRetryDelaysMs,
): number | null {
  const base = delaysMs[retry - 1];
  if (base === undefined) return null;
  const delayMs = Math.round(base * (0.5 + random / 2));
  if (answerBy - (now + delayMs) < shortestUsefulCallMs) return null;
  return delayMs;
}

export interface TransientRetryOptions {
  /** When the answer is due (epoch ms): the function's deadline less its recording margin. */
  answerBy: number;
  isTransient: (error: unknown) => boolean;
  /** Called before each wait, e.g. to log it. */
  onRetry?: (error: unknown, retry: number, delayMs: number) => void;
  delaysMs?: readonly number[];
  now?: () => number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `call()`, tried again after a transient failure while the schedule and the time budget allow. */
export async function retryTransient<T>(call: () => Promise<T>, options: TransientRetryOptions): Promise<T> {
  const { now = Date.now, random = Math.random, sleep = pause } = options;
  for (let retry = 1; ; retry += 1) {
    try {
      return await call();
    } catch (error) {
      if (!options.isTransient(error)) throw error;
      const delayMs = transientRetryDelayMs(retry, options.answerBy, now(), random(), options.delaysMs);
      if (delayMs === null) throw error;
      options.onRetry?.(error, retry, delayMs);
      await sleep(delayMs);
    }
  }
}
