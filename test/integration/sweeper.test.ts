// The sweeper drains, scales and stops: one run reads every overdue item of every partition
// (page after page, within its time budget, the rest on the next run), and work whose job
// never makes progress is given up after WORK_MAX_SWEEPS sweeps instead of re-enqueued forever;
// giving up a transaction's work closes its charge on the rail and keeps one last look, so money
// that arrives is never silent. This file runs its own stack and sweeps by hand, at the times it
// chooses, under RAIL_REPORTING=polling: the fallback where no listing is read, so nothing but
// the transaction's own looks at the rail can find a payment.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../infra/local/stack.ts';
import { call, pollUntil } from '../support/api.ts';
import { ownStackTable, setJobsUnreachable } from '../support/own-stack.ts';
import { bobBody } from '../support/purchase-fixtures.ts';

const graceMs = 2000;
const shards = 4;
const maxSweeps = 3;

let stack: LocalStack;
let key: string;
let accountId: string;

beforeAll(async () => {
  const { startLocalStack } = await import('../../infra/local/stack.ts');
  stack = await startLocalStack({
    ...ownStackTable(),
    port: 0,
    env: {
      LOG_LEVEL: 'silent',
      SANDBOX_INSTRUCTION_DELAY_MS: '50',
      SWEEP_AFTER_MS: String(graceMs),
      WORK_INDEX_SHARDS: String(shards),
      WORK_MAX_SWEEPS: String(maxSweeps),
      RAIL_REPORTING: 'polling',
      // A charge's next poll is an hour away (no message; the work index holds it), so only the
      // looks these tests make find a payment.
      PAYMENT_POLL_SCHEDULE: '1h',
    },
    scheduleIntervalMs: 3_600_000,
    onWorkerError: () => undefined,
  });
  const { issueApiKey } = await import('../../shared/accounts/issue-api-key.ts');
  const issued = await issueApiKey({ permissions: ['createTransaction'] });
  key = issued.secretKey;
  accountId = issued.accountId;
});

afterAll(async () => {
  await stack?.stop();
});

const api = (method: string, path: string, body?: unknown) =>
  call(method, path, { key, baseUrl: stack.baseUrl, ...(body ? { body } : {}) });
const sweep = async (now?: Date, clock?: () => number) =>
  (await import('../../shared/transactions/sweep-pending-work.ts')).sweepPendingWork(now, clock);

/** Purchases made while SQS is down: each one's instruction is owed only through the work index. */
async function purchasesWithoutJobs(count: number): Promise<string[]> {
  setJobsUnreachable(stack, true);
  const ids: string[] = [];
  try {
    for (let start = 0; start < count; start += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, count - start) }, () =>
          api('POST', '/transactions/v2/purchase', bobBody()),
        ),
      );
      for (const created of batch) {
        expect(created.status).toBe(201);
        ids.push(created.body.id);
      }
    }
  } finally {
    setJobsUnreachable(stack, false);
  }
  return ids;
}

async function allFilled(ids: string[]) {
  for (const id of ids) {
    const tx = await pollUntil(
      async () => (await api('GET', `/transactions/${id}`)).body,
      (t) => Boolean(t.qr),
      30_000,
      100,
    );
    expect(tx.qr, id).toBeTruthy();
  }
}

const afterGrace = () => new Date(Date.now() + graceMs + 1);

/** A BOB purchase over HTTP, once its QR is shown. */
async function filledPurchase(): Promise<any> {
  const created = await api('POST', '/transactions/v2/purchase', bobBody());
  expect(created.status).toBe(201);
  return pollUntil(
    async () => (await api('GET', `/transactions/${created.body.id}`)).body,
    (t) => Boolean(t.qr),
    10_000,
    50,
  );
}

/** The transaction item's entry in the work index: its kind's prefix and due time, if any. */
async function workEntry(id: string): Promise<{ pk: string; dueAt: string } | undefined> {
  const { dynamo } = await import('../../shared/aws/clients.ts');
  const { keys } = await import('../../shared/store/keys.ts');
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: stack.tableName,
      Key: keys.transaction(accountId, id),
      ConsistentRead: true,
    }),
  );
  return Item?.gsi2sk ? { pk: String(Item.gsi2pk), dueAt: String(Item.gsi2sk).split('#')[0]! } : undefined;
}

/**
 * Leaves the transaction's payment watch as WORK_MAX_SWEEPS sweeps of a job that never makes
 * progress leave it, due now: the next sweep gives it up. (The first test shows how the count
 * builds up; a watch job that fails through the stack needs a broken worker.)
 */
async function watchStuck(id: string): Promise<Date> {
  const { dynamo } = await import('../../shared/aws/clients.ts');
  const { keys } = await import('../../shared/store/keys.ts');
  const dueAt = new Date().toISOString();
  const entry = keys.pendingWork('watch-payment', dueAt, id);
  await dynamo().send(
    new UpdateCommand({
      TableName: stack.tableName,
      Key: keys.transaction(accountId, id),
      UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk, sweptWorkSk = :sk, workSweeps = :sweeps',
      ConditionExpression: 'begins_with(gsi2pk, :kind)',
      ExpressionAttributeValues: {
        ':pk': entry.gsi2pk,
        ':sk': entry.gsi2sk,
        ':sweeps': maxSweeps,
        ':kind': keys.pendingWorkPrefix('watch-payment'),
      },
    }),
  );
  return new Date(Date.parse(dueAt) + 1);
}

const paidEvents = async (id: string) =>
  ((await api('GET', `/transactions/${id}/events`)).body.data as Array<{ type: string }>).filter(
    (event) => event.type === 'cashin.paid',
  );

describe('the sweeper', () => {
  it('gives up work whose job always fails: FAILED with its reason, out of the index, no endless re-enqueue', async () => {
    const { dynamo } = await import('../../shared/aws/clients.ts');
    const { keys } = await import('../../shared/store/keys.ts');
    // A transaction its instruction job can never handle (no currency: choosing a rail throws).
    const id = `${Date.now()}000001`;
    const createdAt = new Date().toISOString();
    await dynamo().send(
      new PutCommand({
        TableName: stack.tableName,
        Item: {
          ...keys.transaction(accountId, id),
          ...keys.pendingWork('fill-instruction', createdAt, id),
          entity: 'transaction',
          id,
          accountId,
          status: 'PENDING',
          amount: 1000,
          instructionFilledAt: null,
          createdAt,
          updatedAt: createdAt,
          paidAt: null,
        },
      }),
    );
    let now = new Date(Date.now() + 1);
    for (let run = 1; run <= maxSweeps; run += 1) {
      const result = await sweep(now);
      expect(result.enqueued['fill-instruction'], `run ${run}`).toBe(1);
      expect(result.abandoned['fill-instruction']).toBe(0);
      // The next sweep of the same stuck work waits twice as long as the one before.
      now = new Date(now.getTime() + graceMs * 2 ** (run - 1) + 1);
      const early = await sweep(new Date(now.getTime() - 2));
      expect(early.enqueued['fill-instruction'], `run ${run}, too early`).toBe(0);
    }
    const last = await sweep(now);
    expect(last.abandoned['fill-instruction']).toBe(1);
    expect(last.enqueued['fill-instruction']).toBe(0);

    // Read from the store: this record is deliberately malformed (no currency), so the API's
    // published Transaction schema does not describe it.
    const { getTransaction } = await import('../../shared/store/transactions.ts');
    const tx = (await getTransaction(accountId, id))!;
    expect(tx.status).toBe('FAILED');
    expect(tx.failureReason).toMatch(/instruction never filled.*3 sweeps/);
    const later = await sweep(new Date(now.getTime() + 24 * 3600_000));
    expect(later.enqueued['fill-instruction'] + later.abandoned['fill-instruction']).toBe(0);
  }, 60_000);

  it('re-enqueues every overdue item of every partition in one run', async () => {
    const { workShard } = await import('../../shared/store/keys.ts');
    const ids = await purchasesWithoutJobs(230);
    const used = new Set(ids.map((id) => workShard(id, shards)));
    expect(used.size).toBe(shards);
    const result = await sweep(afterGrace());
    expect(result.drained).toBe(true);
    expect(result.enqueued['fill-instruction']).toBe(230);
    await allFilled(ids);
  }, 120_000);

  it('stops when its time budget is spent and the next run goes on', async () => {
    const ids = await purchasesWithoutJobs(30);
    // A clock that says the budget is spent once the first page has been read.
    let reads = 0;
    const clock = () => (reads++ < 2 ? 0 : 10 * 60_000);
    const now = afterGrace();
    const first = await sweep(now, clock);
    expect(first.drained).toBe(false);
    expect(first.enqueued['fill-instruction']).toBeLessThan(30);
    const second = await sweep(now);
    expect(second.drained).toBe(true);
    expect(first.enqueued['fill-instruction'] + second.enqueued['fill-instruction']).toBe(30);
    await allFilled(ids);
  }, 120_000);
});

describe('a refund whose job was never sent', () => {
  it('is settled through the work index: the sweep after the grace enqueues it', async () => {
    const tx = await filledPurchase();
    const { getTransaction } = await import('../../shared/store/transactions.ts');
    const { recordPayment } = await import('../../shared/transactions/record-payment.ts');
    const now = new Date();
    expect(
      await recordPayment(
        (await getTransaction(accountId, tx.id, true))!,
        { paidAt: now.toISOString() },
        now,
      ),
    ).toBe(true);
    stack.sqsProxy.setDown(true);
    const refund = await api('POST', `/transactions/${tx.id}/refunds`, { amount: 1000 }).finally(() =>
      stack.sqsProxy.setDown(false),
    );
    expect(refund.status).toBe(201);
    expect((await api('GET', `/refunds/${refund.body.id}`)).body.status).toBe('PENDING');
    // Owed only through the work index now (its send failed): the sweep finds it once overdue.
    expect((await sweep(afterGrace())).enqueued['settle-refund']).toBe(1);
    const settled = await pollUntil(
      async () => (await api('GET', `/refunds/${refund.body.id}`)).body,
      (current) => current.status !== 'PENDING',
      15_000,
      50,
    );
    expect(settled.status).toBe('SUCCEEDED');
    expect((await sweep(afterGrace())).enqueued['settle-refund']).toBe(0);
  });
});

describe('giving up a transaction’s work (RAIL_REPORTING=polling)', () => {
  it('closes the charge: a payment the rail already knows of (its notification lost) makes it PAID, with one cashin.paid', async () => {
    const tx = await filledPurchase();
    const paid = await api('POST', `/sandbox/transactions/${tx.id}/pay?notify=false`);
    expect(paid.status).toBe(202);
    const result = await sweep(await watchStuck(tx.id));
    expect(result.abandoned['watch-payment']).toBe(1);
    const shown = (await api('GET', `/transactions/${tx.id}`)).body;
    expect(shown).toMatchObject({ status: 'PAID' });
    expect(Date.parse(shown.paidAt)).not.toBeNaN();
    expect(await paidEvents(tx.id)).toHaveLength(1);
    expect(await workEntry(tx.id)).toBeUndefined();
  }, 30_000);

  it('keeps one last look: a payment still settling when the charge was closed makes it PAID then', async () => {
    const tx = await filledPurchase();
    // Paid, and reported by the rail an hour later (as a bank that settles late), no notification.
    const paid = await api('POST', `/sandbox/transactions/${tx.id}/pay?notify=false&settleAfterMs=3600000`);
    expect(paid.status).toBe(202);
    const givenUpAt = await watchStuck(tx.id);
    expect((await sweep(givenUpAt)).abandoned['watch-payment']).toBe(1);
    const failed = (await api('GET', `/transactions/${tx.id}`)).body;
    expect(failed).toMatchObject({ status: 'FAILED', paidAt: null });
    expect(failed.failureReason).toMatch(/payment watch given up/);
    const { serviceConfig } = await import('../../shared/config.ts');
    const lastLookDueAt = new Date(givenUpAt.getTime() + serviceConfig().lastLookAfterCloseMs).toISOString();
    const { keys } = await import('../../shared/store/keys.ts');
    expect(await workEntry(tx.id)).toEqual({
      pk: expect.stringMatching(new RegExp(`^${keys.pendingWorkPrefix('watch-payment')}`)),
      dueAt: lastLookDueAt,
    });

    // The last look, as the sweeper starts it when due (the job the payment worker runs).
    const { watchPayment } = await import('../../shared/transactions/watch-payment.ts');
    const lastLook = { accountId, transactionId: tx.id, mode: 'poll' as const, workDueAt: lastLookDueAt };
    expect(await watchPayment(lastLook, new Date(Date.parse(lastLookDueAt) + 1000))).toBe('paid');
    expect((await api('GET', `/transactions/${tx.id}`)).body).toMatchObject({
      status: 'PAID',
      failureReason: failed.failureReason,
    });
    expect(await paidEvents(tx.id)).toHaveLength(1);
    expect(await workEntry(tx.id)).toBeUndefined();
  }, 30_000);

  it('an unpaid charge is closed: the payer can no longer pay, and cancel makes it CANCELED', async () => {
    const tx = await filledPurchase();
    expect((await sweep(await watchStuck(tx.id))).abandoned['watch-payment']).toBe(1);
    expect((await api('GET', `/transactions/${tx.id}`)).body.status).toBe('FAILED');
    const pay = await api('POST', `/sandbox/transactions/${tx.id}/pay?notify=false`);
    expect(pay.status).toBe(409);
    expect(pay.body.message).toMatch(/has failed.*can no longer be paid/);

    const canceled = await api('POST', `/transactions/${tx.id}/cancel`);
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.body).toMatchObject({ id: tx.id, status: 'CANCELED', paidAt: null });
    expect(Date.parse(canceled.body.canceledAt)).not.toBeNaN();
    expect(await paidEvents(tx.id)).toHaveLength(0);
  }, 30_000);
});
