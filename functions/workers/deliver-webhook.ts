import { runDeliveryJob } from '../../shared/events/deliver-event.ts';
import type { DeliveryJob } from '../../shared/transactions/jobs.ts';
import { requireFields, sqsWorker } from '../../shared/workers/sqs-worker.ts';

export const handler = sqsWorker(
  'deliver-webhook',
  (body) => requireFields<DeliveryJob>(body, ['accountId', 'transactionId', 'eventKind']),
  async (job) => {
    await runDeliveryJob(job);
  },
);
