// The SQS event-source emulator against real fauxqs queues: partial batch failures are
// redelivered after the visibility timeout, successes are deleted, poison messages reach the DLQ.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { pollUntil } from '../support/api.ts';
import { ownStackTable } from '../support/own-stack.ts';

/** Starting a stack (Java, fauxqs) on a busy machine: a deadline, not a budget. */
const startTimeoutMs = 180_000;

let stack: LocalStack;
const deliveryLog = join(mkdtempSync(join(tmpdir(), 'event-source-')), 'deliveries.jsonl');
const deliveries = (): Array<{ body: string; receiveCount: number }> =>
  existsSync(deliveryLog)
    ? readFileSync(deliveryLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];

beforeAll(async () => {
  stack = await startLocalStack({
    ...ownStackTable(),
    port: 0,
    env: { LOG_LEVEL: 'silent', DELIVERY_LOG: deliveryLog },
    visibilityTimeoutSeconds: 1,
    extraQueues: [{ name: 'fail-once', worker: 'test/support/fail-once-worker.ts', maxReceiveCount: 3 }],
  });
  // The worker's sandbox starts on its first invocation, and on a busy machine that start can
  // outlast the 1 s visibility timeout, which would redeliver a message the worker then accepts
  // (as SQS does for a function slower than its timeout): start it warm.
  await stack.functions.invoke('extra:fail-once', { Records: [] }, 30_000);
}, startTimeoutMs);

afterAll(async () => {
  await stack?.stop();
});

async function send(body: unknown) {
  await stack.sqs.send(
    new SendMessageCommand({
      QueueUrl: stack.extraQueues['fail-once']!.url,
      MessageBody: JSON.stringify(body),
    }),
  );
}

async function approximateMessages(url: string): Promise<number> {
  const { Attributes } = await stack.sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: url,
      AttributeNames: [
        'ApproximateNumberOfMessages',
        'ApproximateNumberOfMessagesNotVisible',
        'ApproximateNumberOfMessagesDelayed',
      ],
    }),
  );
  return (
    Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
    Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0) +
    Number(Attributes?.ApproximateNumberOfMessagesDelayed ?? 0)
  );
}

describe('event-source emulator', () => {
  it('redelivers a failed record, then deletes it once the worker succeeds', async () => {
    await send({ id: 'a', failTimes: 1 });
    await send({ id: 'b', failTimes: 0 });
    const seen = await pollUntil(
      async () => deliveries().filter((d) => JSON.parse(d.body).id === 'a'),
      (list) => list.length >= 2,
      10_000,
    );
    expect(seen.map((d) => d.receiveCount)).toEqual([1, 2]);
    const queue = stack.extraQueues['fail-once']!;
    // Visible, in flight and delayed messages all count: at 0 both were deleted after a success,
    // so nothing more can arrive for either.
    expect(
      await pollUntil(
        () => approximateMessages(queue.url),
        (count) => count === 0,
        15_000,
      ),
    ).toBe(0);
    // b succeeded at once and was never redelivered; a was delivered twice and no more.
    expect(deliveries().filter((d) => JSON.parse(d.body).id === 'b')).toHaveLength(1);
    expect(deliveries().filter((d) => JSON.parse(d.body).id === 'a')).toHaveLength(2);
  });

  it('moves a message that keeps failing to the DLQ after maxReceiveCount', async () => {
    await send({ id: 'poison', failTimes: 99 });
    const queue = stack.extraQueues['fail-once']!;
    const inDlq = await pollUntil(
      async () => {
        const { Messages } = await stack.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queue.dlqUrl,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: 0,
            VisibilityTimeout: 0,
          }),
        );
        return Messages ?? [];
      },
      (messages) => messages.some((m) => JSON.parse(m.Body ?? '{}').id === 'poison'),
      15_000,
      250,
    );
    expect(inDlq.some((m) => JSON.parse(m.Body ?? '{}').id === 'poison')).toBe(true);
    expect(deliveries().filter((d) => JSON.parse(d.body).id === 'poison').length).toBe(3);
  });
});
