// The instruction job: register the charge with the rail, poll it (with the rail's hint or a
// growing backoff) until the instruction is ready, then write it once, conditionally. The rail's
// calls keep to the worker's deadline: a registration that leaves no time to ask for the
// instruction hands the asking to the next poll instead.
import { serviceConfig } from '../config.ts';
import { startEmail } from '../emails/start-email.ts';
import { hostedPageUrl } from '../hosted-pages/hosted-page-url.ts';
import { log } from '../log.ts';
import { methodOf } from '../payment-methods.ts';
import { queues } from '../queues.ts';
import { chargeRefOf, type InstructionResult, RailRejectedError } from '../rails/rail-port.ts';
import { railFor } from '../rails/rails.ts';
import { postponeWork } from '../store/pending-work.ts';
import { failInstruction, saveInstruction } from '../store/transaction-updates.ts';
import { getTransaction } from '../store/transactions.ts';
import { OutOfTimeError, recordingMarginMs } from '../time-budget.ts';
import { delaySecondsFor, pollDelayMs } from '../workers/poll-schedule.ts';
import { enqueueFillInstruction, enqueueWatchPayment, type FillInstructionJob } from './jobs.ts';
import { nextWatch } from './next-watch.ts';
import { watchDeadline } from './payment-deadline.ts';
import type { TransactionRecord } from './transaction.ts';

export type FillOutcome = 'filled' | 'waiting' | 'nothing-to-do';

/** The least time the next look keeps before the work falls due, for the sweeper not to race it. */
const minimumLeadMs = 10_000;

/**
 * Keeps the sweeper away while this chain is alive: answers the owner mark the next look carries,
 * or null when the chain lost the work (it stops). A due time that already outlasts the next look
 * (the purchase sets one a sweep grace ahead) is kept as it is: no write. Copies of a chain that
 * keep it are harmless (the instruction is saved once, conditionally) and end at the first move.
 */
function keepSweeperAway(
  transaction: TransactionRecord,
  job: FillInstructionJob,
  now: Date,
  delayMs: number,
): Promise<string | null> {
  if (job.workDueAt && Date.parse(job.workDueAt) - now.getTime() >= delayMs + minimumLeadMs)
    return Promise.resolve(job.workDueAt);
  const plannedDueAt = new Date(now.getTime() + delayMs + serviceConfig().sweepAfterMs).toISOString();
  return postponeWork(
    { kind: 'fill-instruction', accountId: transaction.accountId, transactionId: transaction.id },
    plannedDueAt,
    job.workDueAt,
  );
}

export async function fillInstruction(
  job: FillInstructionJob,
  now = new Date(),
  /** When the worker must be done (epoch ms); its configured timeout from now otherwise. */
  endBy = Date.now() + queues['fill-instruction'].workerTimeoutSeconds * 1000,
): Promise<FillOutcome> {
  const transaction = await getTransaction(job.accountId, job.transactionId, true);
  if (!transaction) {
    log.warn('instruction job for an unknown transaction', { transactionId: job.transactionId });
    return 'nothing-to-do';
  }
  if (transaction.status !== 'PENDING' || transaction.instructionFilledAt) return 'nothing-to-do';

  const config = serviceConfig();
  const rail = railFor(transaction);
  const pageUrl = hostedPageUrl(transaction);
  const answerBy = endBy - recordingMarginMs;
  // A chain's first job registers the charge; its later polls follow that registration and
  // only ask for the instruction.
  let registered: InstructionResult | undefined;
  try {
    if (!job.attempt) registered = await rail.registerCharge({ transaction, pageUrl }, now, answerBy);
  } catch (error) {
    if (!(error instanceof RailRejectedError)) throw error;
    log.warn('rail refused the charge', { transactionId: transaction.id, reason: error.reason });
    await failInstruction(transaction, error.reason, now);
    return 'nothing-to-do';
  }
  const result: InstructionResult = registered?.ready
    ? registered
    : await rail.fetchInstruction(chargeRefOf(transaction), now, answerBy).catch((error: unknown) => {
        if (!(error instanceof OutOfTimeError)) throw error;
        return { ready: false };
      });

  if (!result.ready) {
    const attempt = (job.attempt ?? 0) + 1;
    const delayMs = result.retryAfterMs ?? pollDelayMs(config.instructionPollScheduleMs, attempt);
    const workDueAt = await keepSweeperAway(transaction, job, now, delayMs);
    if (workDueAt === null) return 'nothing-to-do';
    await enqueueFillInstruction(
      { accountId: job.accountId, transactionId: job.transactionId, attempt, workDueAt },
      delaySecondsFor(delayMs),
    );
    return 'waiting';
  }

  const deadline = watchDeadline(
    { expiresAt: result.expiresAt, boleto: transaction.boleto },
    config.boletoSettlementBusinessDays,
  );
  const firstWatch = nextWatch(rail, 1, deadline, now);
  // A QR method whose hosted page the API links (Pix) gets the page as its redirectUrl.
  const instruction =
    result.instruction.type === 'QR' && methodOf(transaction).page.linkedAs === 'redirectUrl'
      ? { ...result.instruction, pageUrl }
      : result.instruction;
  if (!(await saveInstruction(transaction, instruction, result.expiresAt, firstWatch.dueAt, now)))
    return 'nothing-to-do';
  await startEmail(transaction, 'instruction');
  // A rail that pushes or lists its payments is first asked much later: the sweeper starts it.
  if (firstWatch.delaySeconds === null) return 'filled';
  try {
    await enqueueWatchPayment(
      {
        accountId: job.accountId,
        transactionId: job.transactionId,
        mode: 'poll',
        attempt: 1,
        workDueAt: firstWatch.dueAt,
      },
      firstWatch.delaySeconds,
    );
  } catch (error) {
    log.warn('payment job not enqueued; the sweeper will start it', {
      transactionId: job.transactionId,
      error: (error as Error).message,
    });
  }
  return 'filled';
}
