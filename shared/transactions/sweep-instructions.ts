// Safety net between the purchase write and the instruction queue: any transaction whose
// instruction job is overdue (the enqueue failed, or the job died) is enqueued again. The
// instruction worker is idempotent, so a duplicate job does no harm.
import { serviceConfig } from '../config.ts';
import { log } from '../log.ts';
import { listAwaitingInstruction, postponeInstructionDue } from '../store/transactions.ts';
import { enqueueInstructionJob } from './instruction-job.ts';

const pageSize = 100;

export async function sweepInstructions(now = new Date()): Promise<{ enqueued: number }> {
  const overdue = await listAwaitingInstruction(now.toISOString(), pageSize);
  const nextDue = new Date(now.getTime() + serviceConfig().instructionSweepAfterMs).toISOString();
  let enqueued = 0;
  for (const item of overdue) {
    // Postpone first: if the send then fails, the next sweep retries it after the grace period.
    if (!(await postponeInstructionDue(item.accountId, item.transactionId, nextDue))) continue;
    try {
      await enqueueInstructionJob({ accountId: item.accountId, transactionId: item.transactionId });
      enqueued += 1;
    } catch (error) {
      log.warn('sweeper could not enqueue an instruction job', { transactionId: item.transactionId, error: (error as Error).message });
    }
  }
  if (overdue.length) log.info('instruction sweep', { overdue: overdue.length, enqueued });
  return { enqueued };
}
