// The message that asks the instruction worker to fill a transaction's payment instruction.
import { sendMessage } from '../aws/queue.ts';

export interface InstructionJob {
  accountId: string;
  transactionId: string;
  /** Polls of the rail already made for this job (drives the backoff). */
  attempt?: number;
}

export async function enqueueInstructionJob(job: InstructionJob, delaySeconds = 0): Promise<void> {
  await sendMessage('instructions', job, { delaySeconds });
}
