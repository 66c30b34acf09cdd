// Issue 13 item 2: a payment the rail confirms late is never lost. The rail decides when a
// transaction ends: EXPIRED only once its charge is closed on the rail, boletos are watched for a
// settlement window after their due date, and a payment reported after the close still makes
// the transaction PAID with exactly one cashin.paid. Clocks are injected into the use cases.

import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../shared/auth/principal.ts';
import { dynamo } from '../../shared/aws/clients.ts';
import { tableName } from '../../shared/config.ts';
import { eventData } from '../../shared/events/event.ts';
import { todayInSaoPaulo } from '../../shared/purchase/due-date.ts';
import { chargeRefOf } from '../../shared/rails/rail-port.ts';
import { railFor } from '../../shared/rails/rails.ts';
import { paySandboxCharge } from '../../shared/rails/sandbox/sandbox-rail.ts';
import { readCounters } from '../../shared/store/daily-counters.ts';
import { listEventsWithAttempts } from '../../shared/store/events.ts';
import { keys } from '../../shared/store/keys.ts';
import { getTransaction } from '../../shared/store/transactions.ts';
import { createPurchase } from '../../shared/transactions/create-purchase.ts';
import type { WatchPaymentJob } from '../../shared/transactions/jobs.ts';
import { addBusinessDays } from '../../shared/transactions/payment-deadline.ts';
import { recordPayment } from '../../shared/transactions/record-payment.ts';
import { paySandboxTransaction } from '../../shared/transactions/sandbox-pay.ts';
import type { TransactionRecord } from '../../shared/transactions/transaction.ts';
import { watchPayment } from '../../shared/transactions/watch-payment.ts';
import { createKey, pollUntil, useSharedStore } from '../support/api.ts';
import { boletoBody, copBody } from '../support/purchase-fixtures.ts';

const secondMs = 1000;
const hourMs = 60 * 60 * secondMs;
const dayMs = 24 * hourMs;

async function filledPurchase(body: Record<string, unknown>): Promise<TransactionRecord> {
  useSharedStore();
  const key = await createKey(['createTransaction']);
  const principal: Principal = { ...key, permissions: ['createTransaction'] };
  const { id } = (await createPurchase(principal, body, undefined)).body as { id: string };
  const filled = await pollUntil(
    () => getTransaction(key.accountId, id, true),
    (tx) => Boolean(tx?.instructionFilledAt),
    15_000,
    50,
  );
  expect(filled?.expiresAt).toBeTruthy();
  return filled!;
}

const job = (tx: TransactionRecord, mode: WatchPaymentJob['mode']): WatchPaymentJob => ({
  accountId: tx.accountId,
  transactionId: tx.id,
  mode,
});
const at = (ms: number) => new Date(ms);
const reload = async (tx: TransactionRecord) => (await getTransaction(tx.accountId, tx.id, true))!;
/** The due time of the transaction's entry in the work index, if it has one. */
async function workDueAt(tx: TransactionRecord): Promise<string | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.transaction(tx.accountId, tx.id),
      ConsistentRead: true,
    }),
  );
  return Item?.gsi2sk ? String(Item.gsi2sk).split('#')[0] : undefined;
}
const paidEvents = async (tx: TransactionRecord) =>
  (await listEventsWithAttempts(tx.accountId, tx.id)).filter((event) => event.type === 'cashin.paid');

describe('late payments', () => {
  it('paid just before expiry, reported by the rail after it: EXPIRED only after the close, then PAID with one event', async () => {
    const tx = await filledPurchase(copBody());
    const expiry = Date.parse(tx.expiresAt!);

    // The payer pays a second before expiry; the rail reports it 5 s later.
    await paySandboxTransaction(tx, at(expiry - secondMs), { settleAfterMs: 5 * secondMs });

    // Our last poll, after expiry: the rail still says PENDING, so the charge is closed first.
    expect(await watchPayment(job(tx, 'poll'), at(expiry + secondMs))).toBe('expired');
    expect((await reload(tx)).status).toBe('EXPIRED');

    // The rail reports the payment (its notification): money that arrived is never silent.
    expect(await watchPayment(job(tx, 'notify'), at(expiry + 6 * secondMs))).toBe('paid');
    const paid = await reload(tx);
    expect(paid.status).toBe('PAID');
    expect(paid.paidAt).toBe(new Date(expiry - secondMs).toISOString());
    expect(await watchPayment(job(tx, 'notify'), at(expiry + 7 * secondMs))).toBe('nothing-to-do');
    const events = await paidEvents(tx);
    expect(events).toHaveLength(1);
    expect(eventData(events[0]!, paid, null)).toMatchObject({
      id: tx.id,
      status: 'PAID',
      paidAt: paid.paidAt,
    });
  });

  it('paid before expiry and known to the rail when we close: the close answers paid → PAID, one event', async () => {
    const tx = await filledPurchase(copBody());
    const expiry = Date.parse(tx.expiresAt!);
    await paySandboxTransaction(tx, at(expiry - secondMs), { settleAfterMs: 0 });
    expect(await watchPayment(job(tx, 'poll'), at(expiry + secondMs))).toBe('paid');
    expect((await reload(tx)).status).toBe('PAID');
    expect(await paidEvents(tx)).toHaveLength(1);
  });

  it('a boleto is watched through its settlement window: paid on the due day, reported a day later → PAID', async () => {
    const tx = await filledPurchase(boletoBody());
    const expiry = Date.parse(tx.expiresAt!); // the end of the due day in São Paulo
    await paySandboxTransaction(tx, at(expiry - hourMs), { settleAfterMs: dayMs });

    // The day after the due date: not expired, the rail is still watched.
    expect(await watchPayment(job(tx, 'notify'), at(expiry + hourMs))).toBe('pending');
    expect((await reload(tx)).status).toBe('PENDING');

    expect(await watchPayment(job(tx, 'notify'), at(expiry + dayMs))).toBe('paid');
    expect((await reload(tx)).status).toBe('PAID');
    expect(await paidEvents(tx)).toHaveLength(1);
  });

  it('an unpaid boleto expires once the settlement window (3 business days by default) has passed', async () => {
    const tx = await filledPurchase(boletoBody());
    const expiry = Date.parse(tx.expiresAt!);
    // Three bank business days after the last payable day (weekends and bank holidays skipped).
    const lastPayableDay = todayInSaoPaulo(at(expiry - 1));
    const windowMs = Date.parse(addBusinessDays(lastPayableDay, 3)) - Date.parse(lastPayableDay);
    expect(await watchPayment(job(tx, 'notify'), at(expiry + windowMs - secondMs))).toBe('pending');
    expect(await watchPayment(job(tx, 'notify'), at(expiry + windowMs + secondMs))).toBe('expired');
    expect((await reload(tx)).status).toBe('EXPIRED');
    expect(await paidEvents(tx)).toHaveLength(0);
  });

  it('a payment whose notification is lost is found by the last look at the rail after the close', async () => {
    const tx = await filledPurchase(copBody());
    const expiry = Date.parse(tx.expiresAt!);
    // Paid just before expiry, reported 5 s later, and its notification never arrives.
    expect(await paySandboxCharge(tx, at(expiry - secondMs), 5 * secondMs)).toBe('paid');
    const closedAt = expiry + secondMs;
    expect(await watchPayment(job(tx, 'poll'), at(closedAt))).toBe('expired');
    const lastLookDueAt = new Date(closedAt + dayMs).toISOString();
    expect(await workDueAt(tx)).toBe(lastLookDueAt);

    // The sweeper starts the last look when it is due.
    const lastLook = { ...job(tx, 'poll'), workDueAt: lastLookDueAt };
    expect(await watchPayment(lastLook, at(closedAt + dayMs + secondMs))).toBe('paid');
    expect((await reload(tx)).status).toBe('PAID');
    expect(await paidEvents(tx)).toHaveLength(1);
    expect(await workDueAt(tx)).toBeUndefined();
  });

  it('the last look finds nothing: the work ends (only for the job that owns it)', async () => {
    const tx = await filledPurchase(copBody());
    const closedAt = Date.parse(tx.expiresAt!) + secondMs;
    expect(await watchPayment(job(tx, 'poll'), at(closedAt))).toBe('expired');
    const lastLookDueAt = new Date(closedAt + dayMs).toISOString();
    // A stale poll job from before the close does not end it.
    const stale = { ...job(tx, 'poll'), workDueAt: new Date(closedAt - hourMs).toISOString() };
    expect(await watchPayment(stale, at(closedAt + secondMs))).toBe('nothing-to-do');
    expect(await workDueAt(tx)).toBe(lastLookDueAt);
    const lastLook = { ...job(tx, 'poll'), workDueAt: lastLookDueAt };
    expect(await watchPayment(lastLook, at(closedAt + dayMs + secondMs))).toBe('nothing-to-do');
    expect(await workDueAt(tx)).toBeUndefined();
    expect((await reload(tx)).status).toBe('EXPIRED');
  });

  it('a FAILED transaction whose charge the give-up could not close: its last look closes it, then ends', async () => {
    const tx = await filledPurchase(copBody());
    const givenUpAt = Date.now();
    const lastLookDueAt = new Date(givenUpAt + dayMs).toISOString();
    // What a give-up whose call to the rail failed leaves: FAILED, the last look owed, the charge open.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.transaction(tx.accountId, tx.id),
        UpdateExpression: 'SET #status = :failed, failureReason = :reason, gsi2pk = :pk, gsi2sk = :sk',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'FAILED',
          ':reason': 'payment watch given up',
          ':pk': keys.pendingWork('watch-payment', lastLookDueAt, tx.id).gsi2pk,
          ':sk': keys.pendingWork('watch-payment', lastLookDueAt, tx.id).gsi2sk,
        },
      }),
    );
    const lookAt = at(Date.parse(lastLookDueAt) + secondMs);
    const rail = railFor(tx);
    const answerBy = Date.now() + 10_000;
    expect(await rail.fetchPaymentStatus(chargeRefOf(tx), lookAt, answerBy)).toEqual({ status: 'PENDING' });
    const lastLook = { ...job(tx, 'poll'), workDueAt: lastLookDueAt };
    expect(await watchPayment(lastLook, lookAt)).toBe('nothing-to-do');
    expect(await rail.fetchPaymentStatus(chargeRefOf(tx), lookAt, answerBy)).toEqual({ status: 'CLOSED' });
    expect(await workDueAt(tx)).toBeUndefined();
    expect((await reload(tx)).status).toBe('FAILED');
  });

  it('a payment recorded from a read taken before the close still settles it, and the summary counts it once, as paid', async () => {
    const tx = await filledPurchase(copBody());
    const closedAt = Date.parse(tx.expiresAt!) + secondMs;
    expect(await watchPayment(job(tx, 'poll'), at(closedAt))).toBe('expired');
    // `tx` was read while PENDING: the write conditional on that status fails, and is retried from EXPIRED.
    expect(
      await recordPayment(tx, { paidAt: at(closedAt - hourMs).toISOString() }, at(closedAt + secondMs)),
    ).toBe(true);
    expect((await reload(tx)).status).toBe('PAID');
    expect(await paidEvents(tx)).toHaveLength(1);
    const counters = await readCounters(tx.accountId, tx.createdAt.slice(0, 13));
    const total = (field: 'paidCount' | 'expiredCount') =>
      counters.reduce((sum, counter) => sum + (counter[field] ?? 0), 0);
    expect({ paid: total('paidCount'), expired: total('expiredCount') }).toEqual({ paid: 1, expired: 0 });
  });
});
