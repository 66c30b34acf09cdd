// When a charge is next asked about on its own. A rail that only answers when asked is polled
// on the poll schedule (fast at first, then every 15 minutes). A rail that pushes or lists its
// payments is asked only as a safety net, once every SAFETY_NET_POLL_MS, and once just after
// the watch deadline (to close the charge). A wait longer than an SQS delay allows is not a
// message: the work index holds the due time and the sweeper starts the job when it is due.
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
  let delayMs =
    input.reports.length > 0
      ? input.safetyNetPollMs
      : pollDelayMs(input.paymentPollScheduleMs, input.attempt);
  // Look once more right after the deadline, then stop.
  if (input.deadline !== null)
    delayMs = Math.max(0, Math.min(delayMs, Date.parse(input.deadline) - now.getTime() + 1000));
  if (delayMs <= SQS_MAX_DELAY_SECONDS * 1000)
    return {
      // The grace keeps the sweeper away while the message is on its way.
      dueAt: new Date(now.getTime() + delayMs + input.sweepAfterMs).toISOString(),
      delaySeconds: delaySecondsFor(delayMs),
    };
  return { dueAt: new Date(now.getTime() + delayMs).toISOString(), delaySeconds: null };
}
