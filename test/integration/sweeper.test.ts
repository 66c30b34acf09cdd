// The sweeper drains, scales and stops: one run reads every overdue item of every partition
// (page after page, within its time budget, the rest on the next run), and work whose job
// never makes progress is given up after WORK_MAX_SWEEPS sweeps instead of re-enqueued forever.
// This file runs its own stack and sweeps by hand, at the times it chooses.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../infra/local/stack.ts';
import { call, pollUntil } from '../support/api.ts';
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
    port: 0,
    env: {
      LOG_LEVEL: 'silent',
      SANDBOX_INSTRUCTION_DELAY_MS: '50',
      SWEEP_AFTER_MS: String(graceMs),
      WORK_INDEX_SHARDS: String(shards),
      WORK_MAX_SWEEPS: String(maxSweeps),
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
  stack.sqsProxy.setDown(true);
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
    stack.sqsProxy.setDown(false);
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
