// A local stand-in for Lambda's SQS event source mapping: long-polls each queue, invokes the
// worker with a real SQSEvent batch, deletes only the records that succeeded (honouring
// `batchItemFailures`), and leaves failures to the visibility timeout and the redrive policy.
import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

export interface EventSourceBinding {
  name: string;
  queueUrl: string;
  queueArn: string;
  /** The function the batches go to (its name in the local stack's function host). */
  function: string;
  batchSize: number;
  /** Batches handled at once (each poller waits for its batch); `pollersPerQueue` overrides it. */
  pollers?: number;
  timeoutSeconds: number;
}

export interface EventSourceOptions {
  sqs: SQSClient;
  bindings: EventSourceBinding[];
  /** Runs a function with an event (the local stack's function host). */
  invoke: <T>(functionName: string, event: unknown, timeoutMs: number) => Promise<T>;
  /** Concurrent pollers per queue, like Lambda's concurrent batches. */
  pollersPerQueue?: number;
  waitTimeSeconds?: number;
  onError?: (binding: EventSourceBinding, error: unknown) => void;
  /** Fault injection (the chaos run): deliver some messages twice, as SQS at-least-once may. */
  duplicates?: DuplicateMessages;
}

export interface DuplicateMessages {
  /**
   * For each received message: 'none'; 'same-batch' (a second copy in the same batch, handled
   * concurrently); or a number of seconds after which a copy is sent to the queue again (late).
   */
  decide(queue: string): 'none' | 'same-batch' | number;
  /** Counts copies made, by queue. */
  made?: Record<string, number>;
}

function toRecord(message: Message, binding: EventSourceBinding): SQSRecord {
  const attributes = message.Attributes ?? {};
  const messageAttributes: SQSRecord['messageAttributes'] = {};
  for (const [name, value] of Object.entries(message.MessageAttributes ?? {})) {
    messageAttributes[name] = {
      dataType: value.DataType ?? 'String',
      ...(value.StringValue !== undefined ? { stringValue: value.StringValue } : {}),
      ...(value.BinaryValue !== undefined
        ? { binaryValue: Buffer.from(value.BinaryValue).toString('base64') }
        : {}),
      stringListValues: [],
      binaryListValues: [],
    };
  }
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes,
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: binding.queueArn,
    awsRegion: 'us-east-1',
  };
}

/** Makes the copies `duplicates` asks for: same-batch copies are returned, late ones re-sent. */
async function duplicate(
  sqs: SQSClient,
  binding: EventSourceBinding,
  records: SQSRecord[],
  duplicates: DuplicateMessages,
): Promise<SQSRecord[]> {
  const copies: SQSRecord[] = [];
  for (const record of records) {
    const decision = duplicates.decide(binding.name);
    if (decision === 'none') continue;
    if (duplicates.made) duplicates.made[binding.name] = (duplicates.made[binding.name] ?? 0) + 1;
    // A same-batch copy's id differs, so its outcome never decides the original's deletion.
    if (decision === 'same-batch') copies.push({ ...record, messageId: `${record.messageId}-copy` });
    else
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: binding.queueUrl,
          MessageBody: record.body,
          DelaySeconds: decision,
        }),
      );
  }
  return copies;
}

/**
 * How many batches of a queue Lambda works on at once: it starts five at a time when messages
 * are waiting, bounded by the mapping's maximum concurrency (which also rules out its low-traffic
 * optimisation to two), so the local event source runs that many pollers.
 */
export function awsBatchesAtOnce(maxConcurrency: number | undefined): number {
  return Math.min(5, maxConcurrency ?? 5);
}

export function startEventSources(options: EventSourceOptions): { stop(): Promise<void> } {
  const abort = new AbortController();
  const loops: Promise<void>[] = [];

  async function pollOnce(binding: EventSourceBinding): Promise<void> {
    const received = await options.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: binding.queueUrl,
        MaxNumberOfMessages: binding.batchSize,
        // Lambda's pollers wait the longest SQS allows: a message wakes a waiting receive at once,
        // and an idle queue costs one receive per poller per 20 s, not per second.
        WaitTimeSeconds: options.waitTimeSeconds ?? 20,
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
      { abortSignal: abort.signal },
    );
    const messages = received.Messages ?? [];
    if (!messages.length || abort.signal.aborted) return;
    const records = messages.map((message) => toRecord(message, binding));
    const copies = options.duplicates
      ? await duplicate(options.sqs, binding, records, options.duplicates)
      : [];
    let failed: Set<string>;
    try {
      const event: SQSEvent = { Records: [...records, ...copies] };
      const response = await options.invoke<SQSBatchResponse | undefined>(
        binding.function,
        event,
        binding.timeoutSeconds * 1000,
      );
      failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      // A thrown worker fails the whole batch, as in Lambda.
      options.onError?.(binding, error);
      return;
    }
    const done = records.filter((record) => !failed.has(record.messageId));
    if (!done.length) return;
    await options.sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: binding.queueUrl,
        Entries: done.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
      }),
    );
  }

  async function loop(binding: EventSourceBinding): Promise<void> {
    while (!abort.signal.aborted) {
      try {
        await pollOnce(binding);
      } catch (error) {
        if (abort.signal.aborted) return;
        options.onError?.(binding, error);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }

  for (const binding of options.bindings) {
    const pollers = options.pollersPerQueue ?? binding.pollers ?? 2;
    for (let index = 0; index < pollers; index += 1) loops.push(loop(binding));
  }

  return {
    async stop() {
      abort.abort();
      await Promise.allSettled(loops);
    },
  };
}
