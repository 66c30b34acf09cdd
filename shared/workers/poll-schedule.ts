// Backoff schedules for polling the rails, written like "2s,5s,1m" (see WEBHOOK_RETRY_SCHEDULE).
import { parseRetrySchedule, SQS_MAX_DELAY_SECONDS } from '../webhooks/retry-schedule.ts';

const parsed = new Map<string, number[]>();

/** The wait before poll number `attempt` (1-based); past the end the last wait repeats, at most 15 minutes. */
export function pollDelayMs(scheduleText: string, attempt: number): number {
  let schedule = parsed.get(scheduleText);
  if (!schedule) {
    schedule = parseRetrySchedule(scheduleText);
    parsed.set(scheduleText, schedule);
  }
  const delay = schedule[Math.min(Math.max(attempt, 1), schedule.length) - 1] ?? 0;
  return Math.min(delay, SQS_MAX_DELAY_SECONDS * 1000);
}

/** SQS delays are whole seconds; never deliver early. */
export function delaySecondsFor(delayMs: number): number {
  return Math.min(SQS_MAX_DELAY_SECONDS, Math.max(0, Math.ceil(delayMs / 1000)));
}
