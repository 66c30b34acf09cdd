// The next look at a charge on this stage: the pure plan (watch-plan.ts) fed with how its rail
// reports payments here and the stage's schedules.
import { serviceConfig } from '../config.ts';
import type { Rail } from '../rails/rail-port.ts';
import { reportsOf } from '../rails/rails.ts';
import { planNextWatch, type WatchPlan } from './watch-plan.ts';

export function nextWatch(rail: Rail, attempt: number, deadline: string | null, now: Date): WatchPlan {
  const config = serviceConfig();
  return planNextWatch({
    reports: reportsOf(rail),
    attempt,
    deadline,
    now,
    paymentPollScheduleMs: config.paymentPollScheduleMs,
    safetyNetPollMs: config.safetyNetPollMs,
    sweepAfterMs: config.sweepAfterMs,
  });
}
