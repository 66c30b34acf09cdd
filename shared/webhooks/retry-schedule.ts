// When a webhook attempt fails, and how the delivery worker waits that long on SQS.
//
// Schedule: attempt 1 is immediate; attempt n+1 follows attempt n after schedule[n-1]. The
// default is the Standard Webhooks schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h,
// 24 h: 10 attempts over about 3 days and 3 hours). WEBHOOK_RETRY_SCHEDULE overrides it, e.g.
// "10ms,20ms" in tests.
//
// Waiting on SQS: DelaySeconds is capped at 900 s, and holding a message invisible
// (ChangeMessageVisibility, ≤ 12 h) counts as a receive, which would push a merely-waiting
// message towards the dead-letter queue (maxReceiveCount). So a retry is a NEW message whose
// body carries `notBefore` (epoch ms of the attempt's due time), sent with
// `sqsDelayPlan(notBefore - now).delaySeconds`. When the worker receives a message whose
// `notBefore` is still in the future, it does not deliver: it sends a fresh copy with the plan
// for the time that is left and lets the old one be deleted (reports it as processed). Each hop
// waits at most 15 min, so a 24 h wait is ~96 cheap hops and no Lambda ever sleeps. Comparing
// against the absolute `notBefore`, not a running remainder, keeps clock drift and SQS
// delivery latency from accumulating. Because the copy is sent before the old message is
// deleted, a crash in between duplicates the message; the delivery record (attempt number,
// event id) makes the worker idempotent about that.

export const SQS_MAX_DELAY_SECONDS = 900;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delays in ms before attempts 2..10 (Standard Webhooks). */
export const STANDARD_RETRY_SCHEDULE_MS: readonly number[] = Object.freeze([
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
]);

const unitMs: Record<string, number> = { ms: 1, s: SECOND, m: MINUTE, h: HOUR, d: 24 * HOUR };

/**
 * Parses a comma-separated list of delays with units: `ms`, `s`, `m`, `h`, `d`
 * ("5s,5m,30m,2h" or "10ms,20ms"). A unit is required, so "5" is not silently read as 5 ms.
 * Throws an Error that names WEBHOOK_RETRY_SCHEDULE and the bad entry.
 */
export function parseRetrySchedule(text: string): number[] {
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.length === 1 && entries[0] === '') {
    throw new Error('WEBHOOK_RETRY_SCHEDULE: must list at least one delay, e.g. "5s,5m,30m"');
  }
  return entries.map((entry) => {
    const match = /^(\d+)\s*(ms|s|m|h|d)$/i.exec(entry);
    const amount = match?.[1];
    const unit = match?.[2]?.toLowerCase();
    const ms =
      amount !== undefined && unit !== undefined ? Number(amount) * (unitMs[unit] ?? Number.NaN) : Number.NaN;
    if (!Number.isSafeInteger(ms)) {
      throw new Error(
        `WEBHOOK_RETRY_SCHEDULE: "${entry}" is not a delay (an integer with a unit ms, s, m, h or d, e.g. 5s,5m,2h)`,
      );
    }
    return ms;
  });
}

/** Total attempts the schedule allows (the first one plus one per delay). */
export function maxAttempts(schedule: readonly number[] = STANDARD_RETRY_SCHEDULE_MS): number {
  return schedule.length + 1;
}

/**
 * The wait after attempt `attemptNumber` (1-based, the one that just failed) before the next
 * one, or null when it was the last attempt and the event is to be dead-lettered.
 */
export function nextDelayMs(
  attemptNumber: number,
  schedule: readonly number[] = STANDARD_RETRY_SCHEDULE_MS,
): number | null {
  if (!Number.isInteger(attemptNumber) || attemptNumber < 1) {
    throw new RangeError(`attemptNumber: must be an integer ≥ 1, got ${attemptNumber}`);
  }
  return schedule[attemptNumber - 1] ?? null;
}

export type SqsDelayPlan = {
  /** DelaySeconds for the message to send now (0..900). */
  delaySeconds: number;
  /** Wait still left once that message arrives; > 0 means the worker must re-send again. */
  remainingMs: number;
};

/**
 * Splits a wait into what one SQS message can delay (rounded up to whole seconds, so a
 * delivery is never early) and what remains for a later hop. See the file header.
 */
export function sqsDelayPlan(delayMs: number): SqsDelayPlan {
  if (!(delayMs > 0)) return { delaySeconds: 0, remainingMs: 0 };
  const delaySeconds = Math.min(SQS_MAX_DELAY_SECONDS, Math.ceil(delayMs / SECOND));
  return { delaySeconds, remainingMs: Math.max(0, delayMs - delaySeconds * SECOND) };
}
