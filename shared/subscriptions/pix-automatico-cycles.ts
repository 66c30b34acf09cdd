// A Pix Automático cycle's debit at the PSP: asked for (`PUT /cobr/{txid}`, the txid derived from
// (subscription, cycle), so asking twice is one debit) inside the window the rules allow (10 to 2
// days before its due date), before the cycle's transaction is written. Cycle 1 of journey 3 is
// no debit: the authorization QR paid it (`/cob`).
import { conflict } from '../errors.ts';
import { log } from '../log.ts';
import { todayInSaoPaulo } from '../purchase/due-date.ts';
import { cycleChargeWindow, nextRetryDate } from '../rails/api-pix/cycle-charge-window.ts';
import { cycleTxidFor } from '../rails/api-pix/cycle-txid.ts';
import { CycleChargeOutsideWindowError } from '../rails/api-pix/recurrence-port.ts';
import { getSubscription } from '../store/subscriptions.ts';
import { getTransaction } from '../store/transactions.ts';
import { enqueueWatchPayment } from '../transactions/jobs.ts';
import { cycleDueDate, cycleTransactionId } from './cycle-schedule.ts';
import { pixAutomaticoPsp, pspAnswerBy } from './pix-automatico-psp.ts';
import { changeSubscription } from './run-cycle-steps.ts';
import type { SubscriptionRecord } from './subscription.ts';

/** Whether the cycle's charge is a debit asked of the PSP (every cycle but journey 3's first). */
export function isDebitedByPsp(subscription: Pick<SubscriptionRecord, 'recurrence'>, cycle: number): boolean {
  return !(cycle === 1 && subscription.recurrence?.journey === 3);
}

type CycleDates = Pick<SubscriptionRecord, 'firstDueDate' | 'billingCycle'>;

/** The cycle's due date and the days its debit may be asked for. */
function debitWindowOfCycle(subscription: CycleDates, cycle: number) {
  const dueDate = cycleDueDate(subscription.firstDueDate, subscription.billingCycle, cycle);
  return { dueDate, ...cycleChargeWindow(dueDate) };
}

/**
 * Whether the last day to ask for the cycle's debit has passed (journeys 1 and 2 authorized on
 * cycle 1's last days): such a cycle is charged as a Pix charge the payer pays on its page.
 */
export function debitWindowClosed(subscription: CycleDates, cycle: number, now: Date): boolean {
  return todayInSaoPaulo(now) > debitWindowOfCycle(subscription, cycle).closesOn;
}

/**
 * Whether it is still too early to ask for the cycle's debit (more than 10 days before its due
 * date): the sandbox's next-cycle answers 409 before it changes anything.
 */
export function debitWindowNotYetOpen(
  subscription: CycleDates & Pick<SubscriptionRecord, 'recurrence'>,
  cycle: number,
  now: Date,
): boolean {
  if (!isDebitedByPsp(subscription, cycle)) return false;
  return todayInSaoPaulo(now) < debitWindowOfCycle(subscription, cycle).opensOn;
}

/** When the cycle's debit may be asked for, in the reader's words. */
export function debitWindowOf(subscription: CycleDates, cycle: number, now: Date): string {
  const { opensOn, closesOn } = debitWindowOfCycle(subscription, cycle);
  return `its debit may be asked for from ${opensOn} to ${closesOn}, not on ${todayInSaoPaulo(now)}`;
}

/** The 409 for a debit asked outside its window; `detail` says when it may be asked for. */
export function outsideDebitWindow(subscription: CycleDates, cycle: number, detail: string) {
  const { dueDate } = debitWindowOfCycle(subscription, cycle);
  return conflict(
    'subscription.outside_debit_window',
    `id: cycle ${cycle} is due on ${dueDate}; Pix Automático may ask for its debit only 10 to 2 days before (${detail})`,
  );
}

export async function askCycleDebit(
  subscription: SubscriptionRecord,
  cycle: number,
  now: Date,
): Promise<void> {
  const recurrence = subscription.recurrence;
  if (!recurrence) throw new Error(`subscription ${subscription.id}: Pix Automático without a recurrence`);
  const dueDate = cycleDueDate(subscription.firstDueDate, subscription.billingCycle, cycle);
  try {
    await pixAutomaticoPsp().createCycleCharge(
      {
        subscriptionId: subscription.id,
        cycle,
        idRec: recurrence.idRec,
        dueDate,
        amountCents: subscription.amount,
        description: `${subscription.description} (${cycle})`,
        today: todayInSaoPaulo(now),
      },
      pspAnswerBy(),
    );
  } catch (error) {
    if (!(error instanceof CycleChargeOutsideWindowError)) throw error;
    throw outsideDebitWindow(subscription, cycle, error.message);
  }
}

/**
 * Follows a cycle's debit as the PSP reads it (GET /cobr): a failed attempt asks the payer's bank
 * to try again on the earliest date PERMITE_3R_7D allows and makes the subscription PAST_DUE
 * (`subscription.past_due`) until a retry is paid; then the cycle's transaction is checked (its
 * payment job records a payment, or a debit the PSP ended).
 */
export async function checkCycleDebit(
  subscription: SubscriptionRecord,
  cycle: number,
  now: Date,
): Promise<void> {
  const transactionId = cycleTransactionId(subscription.id, cycle);
  if (isDebitedByPsp(subscription, cycle)) {
    const psp = pixAutomaticoPsp();
    const txid = cycleTxidFor(subscription.id, cycle);
    const reading = await psp.getCycleCharge(txid, pspAnswerBy());
    if (reading?.status === 'PENDING' && reading.lastDebitFailed) {
      const date = nextRetryDate(reading.dueDate, reading.attempts, todayInSaoPaulo(now));
      if (date) await psp.retryCycleCharge(txid, date, pspAnswerBy());
      log.info('cycle debit failed', { subscriptionId: subscription.id, cycle, retryOn: date });
      await markPastDue(subscription, transactionId, now);
    }
  }
  await enqueueWatchPayment({ accountId: subscription.accountId, transactionId, mode: 'notify' });
}

/**
 * The subject id of the PAST_DUE a failed debit brings: the cycle's charge may carry a second one
 * when its retries are spent (the deadline check's, under the subscription id).
 */
export const failedDebitSubject = (subscriptionId: string) => `${subscriptionId}_debit`;

async function markPastDue(read: SubscriptionRecord, transactionId: string, now: Date): Promise<void> {
  const charge = await getTransaction(read.accountId, transactionId, true);
  let subscription: SubscriptionRecord | undefined = read;
  // Each retry follows a concurrent change of the subscription.
  for (let attempt = 0; attempt < 3 && subscription?.status === 'ACTIVE'; attempt += 1) {
    const after: SubscriptionRecord = { ...subscription, status: 'PAST_DUE', updatedAt: now.toISOString() };
    const written = await changeSubscription(subscription, after, charge, now, {
      emits: ['subscription.past_due'],
      subjectId: failedDebitSubject(subscription.id),
    });
    if (written) return;
    subscription = await getSubscription(read.accountId, read.id, true);
  }
}
