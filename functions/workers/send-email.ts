import { isEmailKind } from '../../shared/emails/email-kinds.ts';
import { sendPayerEmail } from '../../shared/emails/send-payer-email.ts';
import type { SendEmailJob } from '../../shared/transactions/jobs.ts';
import { requireFields, sqsWorker } from '../../shared/workers/sqs-worker.ts';

export const handler = sqsWorker(
  'send-email',
  (body) => {
    const job = requireFields<SendEmailJob>(body, ['accountId', 'transactionId', 'kind']);
    if (!isEmailKind(job.kind)) throw new Error('job field kind is not an e-mail kind');
    return job;
  },
  async (job) => {
    await sendPayerEmail(job);
  },
);
