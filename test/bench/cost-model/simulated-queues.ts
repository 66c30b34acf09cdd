// SQS, modelled rather than emulated: the simulated clock cannot make a real queue wait. SDK
// middleware on the service's SQS client singleton takes every SendMessage / SendMessageBatch,
// records the message with its due time (simulated now + DelaySeconds) and answers with a
// synthetic MessageId; nothing reaches the network. The simulation delivers due messages to the
// queue's worker. Counted per message, conservatively (no batching amortisation): its send
// (a batch send counts 1 request shared by its entries), one receive per delivery and one delete.
// A job's first attempt as an invocation (shared/aws/worker-invocation.ts) reaches a stand-in for
// Lambda's Invoke API here and is delivered at once; it costs no SQS request.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MiddlewareStack } from '@smithy/types';
import type { JobInvocation } from '../../../shared/aws/worker-invocation.ts';
import {
  deadLetterUrlEnv,
  type QueueName,
  queueNames,
  queueUrlEnv,
  startsAsInvocation,
  workerFunctionEnv,
} from '../../../shared/queues.ts';

export interface SimulatedMessage {
  messageId: string;
  queue: QueueName;
  body: string;
  dueAt: number;
  sentAt: number;
  receiveCount: number;
  /** Sent as an invocation of the worker, not as a message. */
  invoked?: boolean;
}

const urlOf = (name: string) => `https://sqs.us-east-1.amazonaws.com/000000000000/cashin-cost-model-${name}`;

/** The queue URLs the functions read from the environment (never reached: the middleware answers). */
export function simulatedQueueEnv(): Record<string, string> {
  return Object.fromEntries(
    queueNames.flatMap((name) => [
      [queueUrlEnv(name), urlOf(name)],
      [deadLetterUrlEnv(name), urlOf(`${name}-dlq`)],
      // One process for every function: the workers see their own queue's too (their own
      // undelayed jobs are invoked here, queued on AWS; none sends itself one).
      ...(startsAsInvocation(name) ? [[workerFunctionEnv(name), `cost-model-${name}`]] : []),
    ]),
  );
}

export class SimulatedQueues {
  private messages: SimulatedMessage[] = [];
  /** Messages parked in a dead-letter queue (by the code, or after too many receives). */
  deadLettered: Array<{ queue: QueueName; body: string }> = [];

  private readonly now: () => number;
  /** Called with the SQS requests each send costs. */
  private readonly countRequests: (requests: number) => void;

  constructor(now: () => number, countRequests: (requests: number) => void) {
    this.now = now;
    this.countRequests = countRequests;
  }

  private route(url: string): { queue: QueueName; deadLetter: boolean } {
    for (const name of queueNames) {
      if (url === urlOf(name)) return { queue: name, deadLetter: false };
      if (url === urlOf(`${name}-dlq`)) return { queue: name, deadLetter: true };
    }
    throw new Error(`cost model: unknown queue URL ${url}`);
  }

  private record(url: string, body: string, delaySeconds: number | undefined): string {
    const { queue, deadLetter } = this.route(url);
    if (deadLetter) {
      this.deadLettered.push({ queue, body });
      return randomUUID();
    }
    return this.add(queue, body, delaySeconds ?? 0, false);
  }

  /** A job due `delaySeconds` from now, sent to its queue or (`invoked`) as an invocation. */
  private add(queue: QueueName, body: string, delaySeconds: number, invoked: boolean): string {
    const messageId = randomUUID();
    this.messages.push({
      messageId,
      queue,
      body,
      dueAt: this.now() + delaySeconds * 1000,
      sentAt: this.now(),
      receiveCount: 0,
      ...(invoked ? { invoked } : {}),
    });
    return messageId;
  }

  /** Takes over the client's sends (installed once on the service's singleton). */
  install(stack: MiddlewareStack<any, any>): void {
    const name = 'costModelSimulatedQueues';
    if (stack.identify().some((entry) => entry.startsWith(name))) return;
    stack.add(
      (_next: any, context: any) => async (args: any) => {
        const input = args.input;
        const $metadata = { httpStatusCode: 200, attempts: 1, totalRetryDelay: 0 };
        if (context.commandName === 'SendMessageCommand') {
          this.countRequests(1);
          const messageId = this.record(input.QueueUrl, input.MessageBody, input.DelaySeconds);
          return { output: { MessageId: messageId, $metadata }, response: {} };
        }
        if (context.commandName === 'SendMessageBatchCommand') {
          this.countRequests(1);
          const successful = (input.Entries ?? []).map((entry: any) => ({
            Id: entry.Id,
            MessageId: this.record(
              input.QueueUrl,
              entry.MessageBody,
              entry.DelaySeconds ?? input.DelaySeconds,
            ),
            MD5OfMessageBody: '',
          }));
          return { output: { Successful: successful, Failed: [], $metadata }, response: {} };
        }
        throw new Error(`cost model: SQS ${context.commandName} is not simulated`);
      },
      { step: 'initialize', priority: 'high', name },
    );
  }

  /**
   * Stands in for Lambda's Invoke API (LAMBDA_ENDPOINT): each `Event` invocation of a worker is
   * taken as a message due now, marked invoked (no SQS request; shared/aws/lambda-invoke.ts).
   */
  async serveInvocations(): Promise<{ endpoint: string; port: number; close(): Promise<void> }> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const { jobInvocation } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as JobInvocation;
        this.add(jobInvocation.queue, jobInvocation.body, 0, true);
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    return {
      endpoint: `http://127.0.0.1:${port}`,
      port,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }

  get size(): number {
    return this.messages.length;
  }

  nextDueAt(): number | undefined {
    let earliest: number | undefined;
    for (const message of this.messages)
      if (earliest === undefined || message.dueAt < earliest) earliest = message.dueAt;
    return earliest;
  }

  /** The earliest message due by `now` (first sent first), taken off the queue while in flight. */
  takeDue(now: number): SimulatedMessage | undefined {
    let chosen = -1;
    this.messages.forEach((message, index) => {
      if (message.dueAt > now) return;
      const best = this.messages[chosen];
      if (
        !best ||
        message.dueAt < best.dueAt ||
        (message.dueAt === best.dueAt && message.sentAt < best.sentAt)
      )
        chosen = index;
    });
    if (chosen < 0) return undefined;
    const [message] = this.messages.splice(chosen, 1);
    message!.receiveCount += 1;
    return message;
  }

  /** A message whose worker failed comes back after the visibility timeout. */
  returnAfter(message: SimulatedMessage, visibleAt: number): void {
    this.messages.push({ ...message, dueAt: visibleAt });
  }

  clear(): void {
    this.messages = [];
  }
}
