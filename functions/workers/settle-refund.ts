import { settleRefund } from '../../shared/refunds/settle-refund.ts';
import type { SettleRefundJob } from '../../shared/transactions/jobs.ts';
import { requireFields, sqsWorker } from '../../shared/workers/sqs-worker.ts';

export const handler = sqsWorker(
  'settle-refund',
  (body) => requireFields<SettleRefundJob>(body, ['accountId', 'transactionId', 'refundId']),
  (job, endBy) => settleRefund(job, new Date(), endBy),
);
