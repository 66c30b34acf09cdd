// What a handler waits on DynamoDB and SQS, as it would in us-east-1. Here DynamoDB Local answers
// as fast as this machine runs its JVM (a TransactWrite in 30-70 ms, with the model's own reads
// of the items around it), and the simulated queues answer at once; so the time an invocation
// spends inside those calls is taken out of its billed duration, less the CPU it spent meanwhile
// (marshalling is the function's own work), and a latency drawn for each call is put in instead.
// Calls in flight together (a Promise.all) wait as long as the longest of them.
// COST_MODEL_WAITS (a JSON file's path) replaces the defaults under its `aws` key.
import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import type { MiddlewareStack } from '@smithy/types';
import { drawMs, type Spread, seededRandom, waitsFileOverrides } from './network-waits.ts';

export type AwsCall = 'dynamodb' | 'dynamodbTransaction' | 'sqs' | 'lambda';

/**
 * Defaults, from the client's side in the same region (a warm function's kept-alive connection).
 * DynamoDB: "single-digit millisecond" answers (AWS's own description of the service): 4 ms
 * median, 9 ms p95 for a single-item request, a Query or a BatchGet; a transaction runs two
 * phases (prepare, commit) over its items: twice that. SQS: 8 ms median, 20 ms p95 for a send
 * (commonly measured under 10 ms; the model's queues are standard ones). Lambda: an
 * asynchronous Invoke answers once Lambda has queued the event; with no published figure, taken
 * as slower than an SQS send: 15 ms median, 40 ms p95.
 */
export const defaultAwsCallWaits: Record<AwsCall, Spread> = {
  dynamodb: { medianMs: 4, p95Ms: 9 },
  dynamodbTransaction: { medianMs: 8, p95Ms: 18 },
  sqs: { medianMs: 8, p95Ms: 20 },
  lambda: { medianMs: 15, p95Ms: 40 },
};

export function awsCallWaitsFromEnv(): Record<AwsCall, Spread> {
  return { ...defaultAwsCallWaits, ...(waitsFileOverrides().aws as Partial<Record<AwsCall, Spread>>) };
}

/** Which wait a DynamoDB operation has. */
export const dynamoCall = (operation: string): AwsCall =>
  operation === 'TransactWriteItems' || operation === 'TransactGetItems' ? 'dynamodbTransaction' : 'dynamodb';

/** One invocation's AWS calls: the local time they took (less CPU) and the time modelled instead. */
export interface AwsCallTally {
  calls: number;
  localMs: number;
  modelledMs: number;
}

interface Overlap {
  inFlight: number;
  startedAt: number;
  cpuAtStart: NodeJS.CpuUsage;
  longestMs: number;
}

export class AwsCallWaits {
  readonly #waits: Record<AwsCall, Spread>;
  readonly #random: () => number;
  readonly #overlaps = new WeakMap<AwsCallTally, Overlap>();

  constructor(waits = awsCallWaitsFromEnv(), seed = 20_270_302) {
    this.#waits = waits;
    this.#random = seededRandom(seed);
  }

  /** Runs one call of `kind` for the invocation counted in `tally` (none: outside one, not counted). */
  async around<T>(tally: AwsCallTally | undefined, kind: AwsCall, call: () => Promise<T>): Promise<T> {
    const end = this.begin(tally, kind);
    try {
      return await call();
    } finally {
      end();
    }
  }

  /** Starts one call of `kind` for `tally`; the function it returns ends it (`around` in two halves). */
  begin(tally: AwsCallTally | undefined, kind: AwsCall): () => void {
    if (!tally) return () => undefined;
    let overlap = this.#overlaps.get(tally);
    if (!overlap || overlap.inFlight === 0) {
      overlap = { inFlight: 0, startedAt: performance.now(), cpuAtStart: process.cpuUsage(), longestMs: 0 };
      this.#overlaps.set(tally, overlap);
    }
    const started = overlap;
    started.inFlight += 1;
    tally.calls += 1;
    started.longestMs = Math.max(started.longestMs, drawMs(this.#waits[kind], this.#random));
    return () => {
      started.inFlight -= 1;
      if (started.inFlight === 0) {
        const cpu = process.cpuUsage(started.cpuAtStart);
        const elapsedMs = performance.now() - started.startedAt;
        tally.localMs += Math.max(0, elapsedMs - (cpu.user + cpu.system) / 1000);
        tally.modelledMs += started.longestMs;
      }
    };
  }
}

/**
 * Puts every call of a client's `stack` through `waits` for the invocation `currentTally` names,
 * outside every other middleware (the cost model's own reads around a transaction included).
 */
export function installAwsCallWaits(
  stack: MiddlewareStack<any, any>,
  service: 'dynamodb' | 'sqs' | 'lambda',
  waits: AwsCallWaits,
  currentTally: () => AwsCallTally | undefined,
): void {
  const name = 'costModelAwsCallWaits';
  if (stack.identify().some((entry) => entry.startsWith(name))) return;
  stack.add(
    (next: any, context: any) => (args: any) => {
      const operation = String(context.commandName ?? '').replace(/Command$/, '');
      return waits.around(currentTally(), service === 'dynamodb' ? dynamoCall(operation) : service, () =>
        next(args),
      );
    },
    { step: 'initialize', priority: 'high', name },
  );
}

/**
 * Puts every HTTP call to the stand-in listening on `port()` (an AWS API the service calls
 * without an SDK client: Lambda's Invoke, shared/aws/lambda-invoke.ts) through `waits` as `kind`,
 * from the request's start to its answer's end, for the invocation making it.
 */
export function installHttpCallWaits(
  port: () => number | undefined,
  kind: AwsCall,
  waits: AwsCallWaits,
  currentTally: () => AwsCallTally | undefined,
): void {
  const ends = new WeakMap<ClientRequest, () => void>();
  subscribe('http.client.request.start', (message) => {
    const { request } = message as { request: ClientRequest };
    const target = port();
    if (target !== undefined && String(request.getHeader('host')).endsWith(`:${target}`))
      ends.set(request, waits.begin(currentTally(), kind));
  });
  subscribe('http.client.response.finish', (message) => {
    const { request } = message as { request: ClientRequest };
    ends.get(request)?.();
    ends.delete(request);
  });
}
