import type { Context } from 'aws-lambda';
import { withLogContext } from '../../shared/log.ts';
import { deadlineOf } from '../../shared/time-budget.ts';
import { readListing } from '../../shared/transactions/reconcile-payments.ts';

export const handler = async (_event: unknown, context: Context) =>
  withLogContext({ job: 'reconcile-api-pix-payments' }, () => readListing('api-pix', deadlineOf(context)));
