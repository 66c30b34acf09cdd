// How long an outbound call (a rail's PSP, a webhook receiver) may take: what the function has
// left before Lambda stops it, less what it needs after the call to record the answer, and
// never more than the call's own configured timeout. A function stopped at its timeout records
// nothing and, in a batch, fails every record; a call given up a little early fails only its
// own work, cleanly, and the retry that exists anyway (the queue's redelivery, the next run,
// the client's retry) picks it up. A call that would get too little time is not started.
import type { Context } from 'aws-lambda';

/**
 * Kept back after a rail call (or a test webhook) for what records or returns its answer: a
 * conditional write or two and a queue send at ordinary latency, or the HTTP response.
 */
export const recordingMarginMs = 3_000;

/**
 * Kept back after a webhook POST: its attempt's record is retried for up to 5 s while the table
 * is out of reach (deliver-event.ts), and 5 s more stay for the dead-letter or next-attempt send.
 */
export const webhookRecordingMarginMs = 10_000;

/** Below this a call is not started: a TLS handshake and one round trip rarely fit in less. */
export const shortestUsefulCallMs = 500;

/**
 * When the function must be done (epoch ms), from the context Lambda gives each invocation. A
 * hand-made context without the method (a script's, a test's) sets none: each call's own timeout
 * alone bounds it, as middy also skips its early timeout then.
 */
export function deadlineOf(
  context: Partial<Pick<Context, 'getRemainingTimeInMillis'>>,
  now = Date.now(),
): number {
  return context.getRemainingTimeInMillis
    ? now + context.getRemainingTimeInMillis()
    : Number.POSITIVE_INFINITY;
}

export class OutOfTimeError extends Error {
  readonly call: string;
  readonly leftMs: number;
  constructor(call: string, leftMs: number) {
    super(`${call}: not started, ${Math.max(0, Math.round(leftMs))} ms left before the answer is due`);
    this.name = 'OutOfTimeError';
    this.call = call;
    this.leftMs = leftMs;
  }
}

/**
 * The timeout of a call that must be answered by `answerBy` (epoch ms: the function's deadline
 * less its recording margin), capped by `capMs`; null when too little is left to start it.
 */
export function callTimeoutMs(answerBy: number, capMs: number, now = Date.now()): number | null {
  const leftMs = Math.floor(answerBy - now);
  if (leftMs < Math.min(shortestUsefulCallMs, capMs)) return null;
  return Math.min(capMs, leftMs);
}

/** `callTimeoutMs`, or an `OutOfTimeError` naming the call when it must not start. */
export function requireCallTimeoutMs(
  call: string,
  answerBy: number,
  capMs: number,
  now = Date.now(),
): number {
  const timeoutMs = callTimeoutMs(answerBy, capMs, now);
  if (timeoutMs === null) throw new OutOfTimeError(call, answerBy - now);
  return timeoutMs;
}
