import type { PaymentJob } from '../../shared/transactions/jobs.ts';
import { runPaymentJob } from '../../shared/transactions/watch-payment.ts';
import { requireFields, sqsWorker } from '../../shared/workers/sqs-worker.ts';

export const handler = sqsWorker(
  'poll-payment',
  (body) => requireFields<PaymentJob>(body, ['accountId', 'transactionId', 'mode']),
  async (job) => {
    await runPaymentJob(job);
  },
);
