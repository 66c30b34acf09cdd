import { fillInstruction } from '../../shared/transactions/fill-instruction.ts';
import type { FillInstructionJob } from '../../shared/transactions/jobs.ts';
import { requireFields, sqsWorker } from '../../shared/workers/sqs-worker.ts';

export const handler = sqsWorker(
  'fill-instruction',
  (body) => requireFields<FillInstructionJob>(body, ['accountId', 'transactionId']),
  async (job, endBy) => {
    await fillInstruction(job, new Date(), endBy);
  },
);
