// The safety net under every queue: work that is overdue in the sparse work index (the
// purchase's enqueue failed, a worker died between its write and its send, a message was
// dead-lettered) is enqueued again, carrying the owner mark the sweep set, so it starts one
// chain and any older chain stops. Each run reads every partition of every kind, page by page,
// until nothing overdue is left or its time budget is spent (the next run goes on). Work whose
// job never makes progress is swept with a growing wait and, after a bounded number of sweeps,
// given up: the transaction or the event is marked FAILED and counted (an alarm watches it); a
// transaction's charge is then closed on the rail and its payment gets one last look.
import { serviceConfig, workIndexShards } from '../config.ts';
import { groupsOf, mapInGroups } from '../in-groups.ts';
import { log } from '../log.ts';
import { countMetric, metricNames } from '../metrics.ts';
import { queueNames } from '../queues.ts';
import type { WorkKind } from '../store/keys.ts';
import {
  abandonWork,
  claimOverdueWork,
  listOverdueWork,
  type PendingWork,
  uncountSweep,
  type WorkPageKey,
} from '../store/pending-work.ts';
import { recordingMarginMs } from '../time-budget.ts';
import { closeGivenUpCharge } from './close-given-up-charge.ts';
import {
  enqueueDeliverEvent,
  enqueueFillInstruction,
  enqueueSendEmail,
  enqueueSettleRefund,
  enqueueWatchPayment,
} from './jobs.ts';

const pageSize = 100;
/** Items of one page handled at once (each is a conditional write and an SQS send). */
const concurrency = 16;
/** The longest wait between two sweeps of the same stuck work. */
const maxSweepWaitMs = 30 * 60_000;
/** Enqueue failures in one run after which the queue is taken to be down until the next run. */
const enqueueFailuresBeforeStop = 3;

/** Every queue's jobs are work the index tracks (WorkKind is QueueName): a new queue row is swept too. */
const kinds: readonly WorkKind[] = queueNames;

const noneOfEachKind = (): Record<WorkKind, number> =>
  Object.fromEntries(kinds.map((kind) => [kind, 0])) as Record<WorkKind, number>;

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
  'deliver-event': (work, workDueAt) => {
    if (work.kind !== 'deliver-event') throw new Error(`not delivery work: ${work.kind}`);
    return enqueueDeliverEvent({
      accountId: work.accountId,
      transactionId: work.transactionId,
      eventType: work.eventType,
      ...(work.subjectId ? { subjectId: work.subjectId } : {}),
      attempt: work.attemptCount ?? 0,
      workDueAt,
    });
  },
  'settle-refund': (work) => {
    if (work.kind !== 'settle-refund') throw new Error(`not refund work: ${work.kind}`);
    return enqueueSettleRefund({
      accountId: work.accountId,
      transactionId: work.transactionId,
      refundId: work.refundId,
    });
  },
  'send-email': (work) => {
    if (work.kind !== 'send-email') throw new Error(`not e-mail work: ${work.kind}`);
    return enqueueSendEmail({
      accountId: work.accountId,
      transactionId: work.transactionId,
      kind: work.emailKind,
    });
  },
};

const abandonReason: Record<WorkKind, (sweeps: number) => string> = {
  'fill-instruction': (sweeps) =>
    `instruction never filled: its job failed to make progress through ${sweeps} sweeps`,
  'watch-payment': (sweeps) =>
    `payment watch given up: its job failed to make progress through ${sweeps} sweeps`,
  'deliver-event': (sweeps) => `delivery given up: its job failed to make progress through ${sweeps} sweeps`,
  'settle-refund': (sweeps) =>
    `refund settlement given up: its job failed to make progress through ${sweeps} sweeps; ask the rail`,
  'send-email': (sweeps) => `e-mail given up: its job failed to make progress through ${sweeps} sweeps`,
};

/** Wait before the sweep after the `sweeps`-th: the grace period, doubled each time, capped. */
export function sweepWaitMs(sweeps: number, sweepAfterMs: number): number {
  return Math.min(sweepAfterMs * 2 ** Math.max(0, sweeps - 1), Math.max(sweepAfterMs, maxSweepWaitMs));
}

export interface SweepResult {
  enqueued: Record<WorkKind, number>;
  abandoned: Record<WorkKind, number>;
  /** False when the run stopped early (time budget spent, or the queue down): the next run goes on. */
  drained: boolean;
}

export async function sweepPendingWork(
  now = new Date(),
  clock: () => number = Date.now,
  /** When the function must be done (epoch ms), for the rail's calls of given-up work. */
  endBy = Number.POSITIVE_INFINITY,
): Promise<SweepResult> {
  const config = serviceConfig();
  const startedAt = clock();
  const result: SweepResult = {
    enqueued: noneOfEachKind(),
    abandoned: noneOfEachKind(),
    drained: true,
  };
  let enqueueFailures = 0;

  async function sweepOne(work: PendingWork): Promise<void> {
    if (work.sweepsWithoutProgress >= config.workMaxSweeps) {
      const reason = abandonReason[work.kind](work.sweepsWithoutProgress);
      // A payment watch exists only once an instruction was shown: only then can money arrive.
      const lastLookDueAt =
        work.kind === 'watch-payment'
          ? new Date(now.getTime() + config.lastLookAfterCloseMs).toISOString()
          : null;
      const abandoned = await abandonWork(work, reason, now, lastLookDueAt);
      if (!abandoned) return;
      result.abandoned[work.kind] += 1;
      log.error('work given up', { kind: work.kind, transactionId: work.transactionId, reason });
      countMetric(metricNames.workAbandoned, 1, { kind: work.kind, transactionId: work.transactionId });
      if (abandoned === 'failed' && (work.kind === 'fill-instruction' || work.kind === 'watch-payment'))
        await closeGivenUpCharge(work.accountId, work.transactionId, now, endBy - recordingMarginMs);
      return;
    }
    const sweeps = work.sweepsWithoutProgress + 1;
    const nextDue = new Date(now.getTime() + sweepWaitMs(sweeps, config.sweepAfterMs)).toISOString();
    // Claim first, from the due time just read: a chain that moved it meanwhile is alive and keeps
    // the work. If the send then fails, the next sweep tries again after the wait.
    if (!(await claimOverdueWork(work, nextDue, sweeps))) return;
    try {
      await enqueue[work.kind](work, nextDue);
      result.enqueued[work.kind] += 1;
    } catch (error) {
      enqueueFailures += 1;
      await uncountSweep(work, nextDue, sweeps).catch(() => undefined);
      log.warn('sweeper could not enqueue a job', {
        kind: work.kind,
        transactionId: work.transactionId,
        error: (error as Error).message,
      });
    }
  }

  // Every partition of every kind, one page at a time in turn, so a spent budget leaves no
  // partition starved: each one's oldest work went first. The pages of `concurrency` partitions
  // are read at once: on an idle stage every run reads every partition and finds nothing, and
  // one query after another would keep the function waiting on each of them.
  const partitions = kinds.flatMap((kind) =>
    Array.from({ length: workIndexShards() }, (_, shard) => ({
      kind,
      shard,
      nextKey: undefined as WorkPageKey | undefined,
      done: false,
    })),
  );
  const mustStop = () =>
    clock() - startedAt >= config.sweepTimeBudgetMs || enqueueFailures >= enqueueFailuresBeforeStop;
  rounds: while (partitions.some((partition) => !partition.done)) {
    const open = partitions.filter((partition) => !partition.done);
    for (const group of groupsOf(open, concurrency)) {
      if (mustStop()) break rounds;
      const pages = await Promise.all(
        group.map((partition) =>
          listOverdueWork(partition.kind, partition.shard, now.toISOString(), pageSize, partition.nextKey),
        ),
      );
      for (const [position, partition] of group.entries()) {
        const page = pages[position]!;
        // A page read but not swept is read again by the next run.
        if (page.work.length && mustStop()) break rounds;
        await mapInGroups(page.work, concurrency, sweepOne);
        partition.nextKey = page.nextKey;
        partition.done = !page.nextKey;
      }
    }
  }
  result.drained = partitions.every((partition) => partition.done);
  const total = (counts: Record<WorkKind, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  if (total(result.enqueued) || total(result.abandoned) || !result.drained)
    log.info('swept overdue work', { ...result, tookMs: clock() - startedAt });
  return result;
}
