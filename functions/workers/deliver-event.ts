import { deliverEvent } from '../../shared/events/deliver-event.ts';
import type { DeliverEventJob } from '../../shared/transactions/jobs.ts';
import { requireFields, sqsWorker } from '../../shared/workers/sqs-worker.ts';

export const handler = sqsWorker(
  'deliver-event',
  (body) => requireFields<DeliverEventJob>(body, ['accountId', 'transactionId', 'eventType']),
  async (job, endBy) => {
    await deliverEvent(job, new Date(), { endBy });
  },
);
