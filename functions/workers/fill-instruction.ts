import { runInstructionJob } from '../../shared/transactions/fill-instruction.ts';
import type { InstructionJob } from '../../shared/transactions/jobs.ts';
import { requireFields, sqsWorker } from '../../shared/workers/sqs-worker.ts';

export const handler = sqsWorker(
  'fill-instruction',
  (body) => requireFields<InstructionJob>(body, ['accountId', 'transactionId']),
  async (job) => {
    await runInstructionJob(job);
  },
);
