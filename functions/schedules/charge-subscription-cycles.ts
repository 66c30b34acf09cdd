import type { Context } from 'aws-lambda';
import { serviceConfig } from '../../shared/config.ts';
import { withLogContext } from '../../shared/log.ts';
import { chargeDueCycles } from '../../shared/subscriptions/charge-due-cycles.ts';
import { deadlineOf } from '../../shared/time-budget.ts';

export const handler = async (_event: unknown, context: Context) =>
  withLogContext({ job: 'charge-subscription-cycles' }, () =>
    // A step (a charge with its events) must finish within the function's time.
    chargeDueCycles(
      new Date(),
      Math.min(Date.now() + serviceConfig().sweepTimeBudgetMs, deadlineOf(context) - 10_000),
    ),
  );
