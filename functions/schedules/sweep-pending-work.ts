import type { Context } from 'aws-lambda';
import { withLogContext } from '../../shared/log.ts';
import { deadlineOf } from '../../shared/time-budget.ts';
import { sweepPendingWork } from '../../shared/transactions/sweep-pending-work.ts';

export const handler = async (_event: unknown, context: Context) =>
  withLogContext({ job: 'sweep-pending-work' }, () =>
    sweepPendingWork(new Date(), Date.now, deadlineOf(context)),
  );
