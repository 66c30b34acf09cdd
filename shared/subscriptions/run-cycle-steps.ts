// Runs a subscription's due steps (plan-cycle-step.ts): checks its open cycle at the deadline
// (paid: nothing more; unpaid: PAST_DUE, or CANCELED when the retries are spent) and charges the
// next cycle when its charge day comes. Every write is conditional on the status and cycle read,
// so two runs at once (the schedule twice, the sandbox's next-cycle beside it) write each change
// once: the loser re-reads and goes on from what the winner left. A Pix Automático cycle asks the
// PSP for its debit (`/cobr`, under a txid derived from the cycle) before its charge is written:
// a crash between the two asks again for the same debit, then writes. A charge that cannot be
// created is attempted again later, a bounded number of times, then the cycle is given up
// (noteChargeFailure).
import { AppError } from '../errors.ts';
import type { SubscriptionEventType } from '../events/event-types.ts';
import { startDelivery } from '../events/start-delivery.ts';
import { writeWithEvents } from '../events/write-with-events.ts';
import { log } from '../log.ts';
import { getSubscription, moveSubscriptionDue, writeSubscriptionChange } from '../store/subscriptions.ts';
import { getTransaction } from '../store/transactions.ts';
import { createCycleCharge } from '../transactions/create-cycle-charge.ts';
import { paidStatuses, type TransactionRecord } from '../transactions/transaction.ts';
import { failureKind, missedCycleSubject, planChargeFailure } from './charge-retry.ts';
import { cyclePurchaseBody } from './cycle-purchase.ts';
import { cycleDeadline, cycleTransactionId } from './cycle-schedule.ts';
import { askCycleDebit, debitWindowClosed, isDebitedByPsp } from './pix-automatico-cycles.ts';
import { nextStepAt, planCycleStep } from './plan-cycle-step.ts';
import { syncRecurrence } from './recurrence-sync.ts';
import type { OpenCycle, SubscriptionRecord } from './subscription.ts';
import { afterUnpaidCycle, unpaidCycleEvent } from './subscription-changes.ts';
import { toSubscription } from './subscription-view.ts';

const dueAtOf = (record: SubscriptionRecord) => nextStepAt(record)?.toISOString() ?? null;

/** The subject id of the activation a paid cycle brings (one per charge: a charge is paid once). */
export const reactivationSubject = (subscriptionId: string) => `${subscriptionId}_paid`;

/** The subscription's latest charge (strongly consistent), which its events are written on; none before cycle 1's. */
export async function lastChargeOf(subscription: SubscriptionRecord): Promise<TransactionRecord | undefined> {
  return subscription.currentTransactionId
    ? await getTransaction(subscription.accountId, subscription.currentTransactionId, true)
    : undefined;
}

/**
 * Writes a change of the subscription with its events on `transaction` (the cycle's charge the
 * change is about). False when the subscription was no longer as read.
 */
export async function changeSubscription(
  before: SubscriptionRecord,
  after: SubscriptionRecord,
  transaction: TransactionRecord | undefined,
  now: Date,
  options: { emits?: readonly SubscriptionEventType[]; subjectId?: string } = {},
): Promise<boolean> {
  const change = { after, before, dueAt: dueAtOf(after) };
  const types = options.emits ?? [];
  const subjectId = options.subjectId ?? after.id;
  if (!transaction || !types.length) return writeSubscriptionChange(change);
  const written = await writeWithEvents(
    transaction,
    types,
    now,
    async (events) => ((await writeSubscriptionChange(change, events)) ? true : null),
    { id: subjectId, data: toSubscription(after) },
  );
  if (!written) return false;
  await startDelivery(written.events);
  return true;
}

async function checkOpenCycle(
  subscription: SubscriptionRecord,
  open: OpenCycle,
  now: Date,
  force: boolean,
): Promise<boolean> {
  const charge = await getTransaction(subscription.accountId, open.transactionId, true);
  const at = now.toISOString();
  const base = { ...subscription, openCycle: null, updatedAt: at };
  if (charge && paidStatuses.includes(charge.status)) {
    if (subscription.status !== 'PAST_DUE')
      return changeSubscription(subscription, { ...base, unpaidCycles: 0 }, charge, now);
    return changeSubscription(subscription, { ...base, status: 'ACTIVE', unpaidCycles: 0 }, charge, now, {
      emits: ['subscription.activated'],
      subjectId: reactivationSubject(subscription.id),
    });
  }
  // A charge still payable past the cycle's deadline (a boleto due on a weekend) is waited for.
  const deadline = cycleDeadline(subscription.firstDueDate, subscription.billingCycle, open.cycle);
  if (
    !force &&
    charge?.status === 'PENDING' &&
    charge.expiresAt &&
    Date.parse(charge.expiresAt) > now.getTime()
  ) {
    const waitUntil = new Date(Math.max(Date.parse(charge.expiresAt), deadline.getTime())).toISOString();
    return writeSubscriptionChange({ after: subscription, before: subscription, dueAt: waitUntil });
  }
  const unpaid = afterUnpaidCycle(base, at);
  if (!unpaid) return false;
  log.info('subscription cycle unpaid', {
    subscriptionId: subscription.id,
    cycle: open.cycle,
    status: unpaid.status,
  });
  return changeSubscription(subscription, unpaid, charge, now, { emits: [unpaidCycleEvent(unpaid)] });
}

export async function chargeCycle(
  subscription: SubscriptionRecord,
  cycle: number,
  now: Date,
  checkout?: CycleCheckout,
  pageToken?: string,
): Promise<boolean> {
  const transactionId = cycleTransactionId(subscription.id, cycle);
  const debit = subscription.paymentMethod === 'PIX_AUTOMATICO' && isDebitedByPsp(subscription, cycle);
  // Too late to ask for the debit: the cycle falls back to a Pix charge on the stage's rail.
  const late = debit && debitWindowClosed(subscription, cycle, now);
  if (debit && !late) await askCycleDebit(subscription, cycle, now);
  const onRecurrence = subscription.paymentMethod === 'PIX_AUTOMATICO' && !late;
  const at = now.toISOString();
  const first = subscription.activatedAt === null && subscription.status === 'ACTIVE';
  const after: SubscriptionRecord = {
    ...subscription,
    currentCycle: cycle,
    currentTransactionId: transactionId,
    openCycle: { cycle, transactionId },
    chargeRetry: null,
    updatedAt: at,
    ...(first ? { activatedAt: at } : {}),
  };
  const created = await createCycleCharge(
    cyclePurchaseBody(subscription, cycle, now),
    {
      accountId: subscription.accountId,
      transactionId,
      subscription: {
        subscriptionId: subscription.id,
        cycle,
        offerId: subscription.offerId,
        productId: subscription.productId,
      },
      fees: subscription.terms.fees,
      change: { after, before: subscription, dueAt: dueAtOf(after) },
      ...(onRecurrence ? { rail: 'pix-automatico' as const } : {}),
      ...(pageToken ? { pageToken } : {}),
      ...(first
        ? { emits: ['subscription.activated', 'subscription.charge_created'] }
        : { emits: ['subscription.charge_created'] }),
      subject: { id: subscription.id, data: toSubscription(after) },
      ...(checkout && cycle === 1
        ? {
            sale: {
              offerId: subscription.offerId,
              productId: subscription.productId,
              checkoutSessionId: checkout.checkoutSessionId,
              paymentLinkId: checkout.paymentLinkId,
            },
          }
        : {}),
    },
    now,
  );
  if (created)
    log.info('subscription cycle charged', { subscriptionId: subscription.id, cycle, transactionId });
  return created !== null;
}

/**
 * An attempt at `cycle`'s charge failed: records the retry (the due index waits for it), or, once
 * the attempts or the cycle's time are spent, gives the cycle up: it counts as unpaid (PAST_DUE,
 * or CANCELED when too many in a row), the subscription moves on to the next cycle, and the event
 * is written on the last charge made (none before cycle 1's: the change is only logged then).
 */
async function noteChargeFailure(
  subscription: SubscriptionRecord,
  cycle: number,
  error: unknown,
  now: Date,
): Promise<boolean> {
  const deadline = cycleDeadline(subscription.firstDueDate, subscription.billingCycle, cycle);
  const outcome = planChargeFailure(subscription.chargeRetry, cycle, now, deadline);
  const at = now.toISOString();
  const failure = { subscriptionId: subscription.id, cycle, error: failureKind(error) };
  if (outcome.kind === 'retry') {
    log.warn('subscription cycle charge failed; tried again later', {
      ...failure,
      attempt: outcome.retry.attempts,
      retryAt: outcome.retry.at,
    });
    return changeSubscription(
      subscription,
      { ...subscription, chargeRetry: outcome.retry, updatedAt: at },
      undefined,
      now,
    );
  }
  const unpaid = afterUnpaidCycle(subscription, at);
  if (!unpaid) return false;
  const after: SubscriptionRecord = { ...unpaid, currentCycle: cycle, chargeRetry: null };
  log.error('subscription cycle charge given up', {
    ...failure,
    attempts: outcome.attempts,
    why: outcome.why,
    status: after.status,
  });
  return changeSubscription(subscription, after, await lastChargeOf(subscription), now, {
    emits: [unpaidCycleEvent(after)],
    subjectId: missedCycleSubject(subscription.id, cycle),
  });
}

export interface StepOptions {
  /** Run the next cycle now (the sandbox): check the open cycle as past its deadline, charge the next. */
  force?: boolean;
  /** The checkout whose form made the subscription: cycle 1's charge completes its session. */
  checkout?: CycleCheckout;
}

export interface CycleCheckout {
  checkoutSessionId: string;
  paymentLinkId: string | null;
}

/**
 * Runs the subscription's due steps; answers it as they left it. With `force`, runs until the
 * cycle after the one it was read at is charged (by this run or a concurrent one).
 */
export async function runCycleSteps(
  read: SubscriptionRecord,
  now: Date,
  options: StepOptions = {},
): Promise<SubscriptionRecord> {
  const target = read.currentCycle + 1;
  let subscription = read;
  for (let round = 0; round < 6; round += 1) {
    const force = options.force === true && subscription.currentCycle < target;
    const step = planCycleStep(subscription, now, force);
    if (step.kind === 'none') return subscription;
    if (step.kind === 'wait') {
      // Found due with nothing to do (an entry left behind): move it to the plan's time. After a
      // step, that step's own write has set it.
      if (round === 0) await moveSubscriptionDue(subscription, step.until.toISOString());
      return subscription;
    }
    // Authorized meanwhile: its cycles follow from the next run (its due entry says when).
    if (step.kind === 'authorization') return syncRecurrence(subscription, now, { expireIfWaiting: true });
    let chargeFailed = false;
    if (step.kind === 'check') await checkOpenCycle(subscription, step.open, now, force);
    else
      await chargeCycle(subscription, step.cycle, now, options.checkout).catch(async (error: unknown) => {
        // The caller's own mistake (the sandbox forcing a debit before its window): its 4xx answer.
        if (error instanceof AppError && error.status < 500) throw error;
        chargeFailed = true;
        await noteChargeFailure(subscription, step.cycle, error, now);
      });
    const current = await getSubscription(subscription.accountId, subscription.id, true);
    if (!current) return subscription;
    subscription = current;
    // One attempt per run: the next is the retry's (or the next run's) to make.
    if (chargeFailed) return subscription;
    if (step.kind === 'check' && subscription.openCycle?.cycle === step.open.cycle && !force)
      return subscription;
  }
  return subscription;
}
