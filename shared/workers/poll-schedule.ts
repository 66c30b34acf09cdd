// Backoff schedules for polling the rails (configured like "2s,5s,1m", parsed by config.ts).
import { SQS_MAX_DELAY_SECONDS } from '../webhooks/retry-schedule.ts';

/** The wait before poll number `attempt` (1-based); past the end the last wait repeats, at most 15 minutes. */
export function pollDelayMs(schedule: readonly number[], attempt: number): number {
  const delay = schedule[Math.min(Math.max(attempt, 1), schedule.length) - 1] ?? 0;
  return Math.min(delay, SQS_MAX_DELAY_SECONDS * 1000);
}

/** SQS delays are whole seconds; never deliver early. */
export function delaySecondsFor(delayMs: number): number {
  return Math.min(SQS_MAX_DELAY_SECONDS, Math.max(0, Math.ceil(delayMs / 1000)));
}
