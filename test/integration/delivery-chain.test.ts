// One delivery chain per event: SQS duplicates, replayed old hops and a sweep racing a live
// chain must not make the receiver see more POSTs than the retry schedule allows. This file
// runs its own stack (no scheduled sweeps, a 2 s retry schedule) so it can hold a chain mid-wait.
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../infra/local/stack.ts';
import { call, pollUntil } from '../support/api.ts';
import { ownStackTable } from '../support/own-stack.ts';
import { copBody } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let stack: LocalStack;
let receiver: WebhookReceiver;
let key: string;
let accountId: string;

beforeAll(async () => {
  const { startLocalStack } = await import('../../infra/local/stack.ts');
  stack = await startLocalStack({
    ...ownStackTable(),
    port: 0,
    env: {
      LOG_LEVEL: 'silent',
      SANDBOX_INSTRUCTION_DELAY_MS: '100',
      PAYMENT_POLL_SCHEDULE: '200ms',
      // Four attempts, two seconds apart: long enough to act while a hop waits.
      WEBHOOK_RETRY_SCHEDULE: '2s,2s,2s',
    },
    // The test sweeps by hand, at the moment it chooses.
    scheduleIntervalMs: 3_600_000,
  });
  receiver = await startWebhookReceiver();
  receiver.alwaysAnswer(500);
  const { issueApiKey } = await import('../../shared/accounts/issue-api-key.ts');
  const issued = await issueApiKey({ permissions: ['createTransaction'], postbackUrl: receiver.url });
  key = issued.secretKey;
  accountId = issued.accountId;
});

afterAll(async () => {
  await receiver?.close();
  await stack?.stop();
});

const api = (method: string, path: string) => call(method, path, { key, baseUrl: stack.baseUrl });

/** A paid COP transaction whose one cashin.paid has had its first (failed) attempt. */
async function paidWithFirstAttempt() {
  const purchase = await call('POST', '/transactions/v2/purchase', {
    key,
    baseUrl: stack.baseUrl,
    body: copBody(),
  });
  expect(purchase.status).toBe(201);
  const id = purchase.body.id as string;
  await pollUntil(
    async () => (await api('GET', `/transactions/${id}`)).body,
    (tx) => Boolean(tx.redirectUrl),
    10_000,
    50,
  );
  expect((await api('POST', `/sandbox/transactions/${id}/pay`)).status).toBe(202);
  const [event] = await pollUntil(
    async () => (await api('GET', `/transactions/${id}/events`)).body.data,
    (events: any[]) => events[0]?.attempts.length >= 1,
    10_000,
    50,
  );
  expect(event.attempts).toHaveLength(1);
  return id;
}

/** The event's work-index due time: the owner mark its live chain's next job carries. */
async function ownerMark(transactionId: string): Promise<string> {
  const { dynamo } = await import('../../shared/aws/clients.ts');
  const { keys } = await import('../../shared/store/keys.ts');
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: stack.tableName,
      Key: keys.event(accountId, transactionId, 'cashin.paid'),
      ConsistentRead: true,
    }),
  );
  return String(Item?.gsi2sk).split('#')[0]!;
}

/** Waits until the event's run has ended and no delivery job is left in the queue. */
async function settled(transactionId: string) {
  const [event] = await pollUntil(
    async () => (await api('GET', `/transactions/${transactionId}/events`)).body.data,
    (events: any[]) => events[0]?.deliveryStatus === 'FAILED',
    30_000,
    100,
  );
  const queueUrl = stack.queues['deliver-event'].url;
  const inQueue = async () => {
    const { Attributes = {} } = await stack.sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['All'] }),
    );
    return (
      Number(Attributes.ApproximateNumberOfMessages ?? 0) +
      Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0) +
      Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0)
    );
  };
  expect(await pollUntil(inQueue, (count) => count === 0, 30_000, 100)).toBe(0);
  return event;
}

const postsFor = (transactionId: string) =>
  receiver.received.filter((r) => JSON.parse(r.body).data.id === transactionId).length;

describe('one delivery chain per event', () => {
  it('duplicated jobs and a replayed old hop POST nothing beyond the schedule', async () => {
    const id = await paidWithFirstAttempt();
    const { deliverEvent } = await import('../../shared/events/deliver-event.ts');
    const { enqueueDeliverEvent } = await import('../../shared/transactions/jobs.ts');
    const mark = await ownerMark(id);
    const liveHop = {
      accountId,
      transactionId: id,
      eventType: 'cashin.paid' as const,
      attempt: 1,
      workDueAt: mark,
    };
    // The live chain's next hop, delivered twice at once (SQS at-least-once): one attempt.
    const outcomes = await Promise.all([deliverEvent(liveHop), deliverEvent(liveHop)]);
    expect(postsFor(id)).toBe(2);
    expect(outcomes.sort()).toEqual(['retrying', 'superseded']);
    // The first job again, late (a crash between a hop's send and its delete): nothing.
    const firstJob = { ...liveHop, attempt: 0, workDueAt: mark };
    expect(await deliverEvent(firstJob)).toBe('superseded');
    // And both of them through the queue, twice each.
    for (const job of [liveHop, liveHop, firstJob, firstJob]) await enqueueDeliverEvent(job);

    const event = await settled(id);
    expect(event.attempts).toHaveLength(4);
    expect(postsFor(id)).toBe(4);
  }, 60_000);

  it('a sweep racing a live chain takes it over: the old chain stops', async () => {
    const id = await paidWithFirstAttempt();
    const { deliverEvent } = await import('../../shared/events/deliver-event.ts');
    const { sweepPendingWork } = await import('../../shared/transactions/sweep-pending-work.ts');
    const mark = await ownerMark(id);
    // A queue backlog longer than the sweep grace: the sweep finds the work overdue while the
    // live chain's hop is still in the queue.
    const swept = await sweepPendingWork(new Date(Date.parse(mark) + 1));
    expect(swept.enqueued['deliver-event']).toBeGreaterThanOrEqual(1);
    await pollUntil(
      async () => postsFor(id),
      (count) => count >= 2,
      10_000,
      50,
    );
    // The live chain's hop arrives late: the sweep's chain owns the event now.
    const liveHop = {
      accountId,
      transactionId: id,
      eventType: 'cashin.paid' as const,
      attempt: 1,
      workDueAt: mark,
    };
    expect(await deliverEvent(liveHop)).toBe('superseded');

    const event = await settled(id);
    expect(event.attempts).toHaveLength(4);
    expect(postsFor(id)).toBe(4);
  }, 60_000);
});
