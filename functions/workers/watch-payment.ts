import { deliverEvent } from '../../shared/events/deliver-event.ts';
import type { WatchPaymentJob } from '../../shared/transactions/jobs.ts';
import { watchPayment } from '../../shared/transactions/watch-payment.ts';
import { requireFields, sqsWorker } from '../../shared/workers/sqs-worker.ts';

export const handler = sqsWorker(
  'watch-payment',
  (body) => requireFields<WatchPaymentJob>(body, ['accountId', 'transactionId', 'mode']),
  async (job, endBy) => {
    await watchPayment(job, new Date(), { endBy, deliver: deliverEvent });
  },
);
