// When a charge is next asked about on its own. A rail that only answers when asked is polled
// on the poll schedule (fast at first, then every 15 minutes). A rail that lists its payments
// has its safety net per rail, not per charge: each window of its listing is read a second time
// SAFETY_NET_POLL_MS later (reconcile-payments.ts), so its charges are asked about only once,
// just after the watch deadline (to close the charge), or once every SAFETY_NET_POLL_MS while
// the rail has not said when that is. A rail that only pushes is asked every SAFETY_NET_POLL_MS
// and after its deadline. A wait longer than an SQS delay allows is not a message: the work
// index holds the due time and the sweeper starts the job when it is due.
import type { PaymentReport } from '../rails/rail-port.ts';
import { SQS_MAX_DELAY_SECONDS } from '../webhooks/retry-schedule.ts';
import { delaySecondsFor, pollDelayMs } from '../workers/poll-schedule.ts';

export interface WatchPlanInput {
  reports: readonly PaymentReport[];
  /** The poll about to be planned (1 for the first). */
  attempt: number;
  /** When the charge is closed (watchDeadline), or null while the rail has not said. */
  deadline: string | null;
  now: Date;
  paymentPollScheduleMs: readonly number[];
  safetyNetPollMs: number;
  sweepAfterMs: number;
}

export interface WatchPlan {
  /** The work-index due time: the sweeper starts the job after it if no message does first. */
  dueAt: string;
  /** The SQS delay of the job's message, or null: no message, the sweeper starts it when due. */
  delaySeconds: number | null;
}

export function planNextWatch(input: WatchPlanInput): WatchPlan {
  const { now } = input;
  const untilDeadlineMs =
    input.deadline === null ? null : Math.max(0, Date.parse(input.deadline) - now.getTime() + 1000);
  let delayMs =
    input.reports.length > 0
      ? input.safetyNetPollMs
      : pollDelayMs(input.paymentPollScheduleMs, input.attempt);
  if (untilDeadlineMs !== null)
    // Look once more right after the deadline, then stop; a listed rail's charge waits for it.
    delayMs = input.reports.includes('listing') ? untilDeadlineMs : Math.min(delayMs, untilDeadlineMs);
  if (delayMs <= SQS_MAX_DELAY_SECONDS * 1000)
    return {
      // The grace keeps the sweeper away while the message is on its way.
      dueAt: new Date(now.getTime() + delayMs + input.sweepAfterMs).toISOString(),
      delaySeconds: delaySecondsFor(delayMs),
    };
  return { dueAt: new Date(now.getTime() + delayMs).toISOString(), delaySeconds: null };
}
