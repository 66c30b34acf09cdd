// The safety net under every queue: work that is overdue in the sparse work index (the
// purchase's enqueue failed, a worker died between its write and its send, a message was
// dead-lettered) is enqueued again. Workers are idempotent, so a duplicate job does no harm.
import { serviceConfig } from '../config.ts';
import { log } from '../log.ts';
import type { WorkKind } from '../store/keys.ts';
import { listOverdueWork, type PendingWork, postponeWork } from '../store/pending-work.ts';
import { enqueueDeliverEvent, enqueueFillInstruction, enqueueWatchPayment } from './jobs.ts';

const pageSize = 100;

const enqueue: Record<WorkKind, (work: PendingWork, workDueAt: string) => Promise<void>> = {
  'fill-instruction': (work, workDueAt) =>
    enqueueFillInstruction({ accountId: work.accountId, transactionId: work.transactionId, workDueAt }),
  'watch-payment': (work, workDueAt) =>
    enqueueWatchPayment({
      accountId: work.accountId,
      transactionId: work.transactionId,
      mode: 'poll',
      workDueAt,
    }),
  'deliver-event': (work) => {
    if (work.kind !== 'deliver-event') throw new Error(`not delivery work: ${work.kind}`);
    return enqueueDeliverEvent({
      accountId: work.accountId,
      transactionId: work.transactionId,
      eventType: work.eventType,
    });
  },
};

export async function sweepPendingWork(now = new Date()): Promise<Record<WorkKind, number>> {
  const nextDue = new Date(now.getTime() + serviceConfig().sweepAfterMs).toISOString();
  const enqueued: Record<WorkKind, number> = {
    'fill-instruction': 0,
    'watch-payment': 0,
    'deliver-event': 0,
  };
  for (const kind of Object.keys(enqueue) as WorkKind[]) {
    const overdue = await listOverdueWork(kind, now.toISOString(), pageSize);
    for (const work of overdue) {
      // Postpone first: if the send then fails, the next sweep tries again after the grace period.
      // Only from the due time just read: a chain that moved it meanwhile is alive and keeps the work.
      if (!(await postponeWork(work, nextDue, work.dueAt))) continue;
      try {
        await enqueue[kind](work, nextDue);
        enqueued[kind] += 1;
      } catch (error) {
        log.warn('sweeper could not enqueue a job', {
          kind,
          transactionId: work.transactionId,
          error: (error as Error).message,
        });
      }
    }
  }
  if (Object.values(enqueued).some((count) => count > 0)) log.info('swept overdue work', enqueued);
  return enqueued;
}
