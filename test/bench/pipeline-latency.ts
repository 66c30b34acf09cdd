// Pipeline latency, end to end through the local stack: purchase → the instruction shows on
// GET (minus the sandbox rail's configured delay), and sandbox pay → the signed cashin.paid
// webhook arrives at a receiver on 127.0.0.1. Transactions run concurrently, a fixed number
// in flight. Server-side timestamps split each figure into its hops.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { components } from '../support/openapi-client/client.ts';
import { bobBody, copBody } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { backgroundScope, difference, type RequestCounter } from './request-counter.ts';
import { pause, percentile, round } from './stats.ts';
import { type BenchApi, expectStatus, type PurchaseBody } from './throughput.ts';

type Transaction = components['schemas']['Transaction'];

export interface PipelineOptions {
  transactions: number;
  inFlight: number;
  pollIntervalMs: number;
  /** SANDBOX_INSTRUCTION_DELAY_MS the stack runs with. */
  instructionDelayMs: number;
  progress: (message: string) => void;
  counter: RequestCounter;
  /** Sends one message to the bench's probe queue; its worker records the pickup latency. */
  probe?: { send(): Promise<void>; lagsMs: number[] };
}

interface Sample {
  /** Purchase sent → a GET shows the instruction. */
  instructionMs: number;
  /** Transaction createdAt → instruction written (its updatedAt), both server clocks. */
  fillAfterCreateMs: number;
  /** Sandbox pay sent → webhook received. */
  webhookMs: number;
  /** Sandbox pay sent → cashin.paid event created by the payment worker. */
  payToEventMs: number;
  /** Event created → webhook received. */
  eventToWebhookMs: number;
}

export interface PipelineResult {
  transactions: number;
  failed: number;
  firstFailure?: string;
  inFlight: number;
  pollIntervalMs: number;
  instructionDelayMs: number;
  wallMs: number;
  /** Time to instruction minus the configured delay (client view: purchase sent → GET shows it). */
  instructionOverDelay: { p50Ms: number; p99Ms: number; maxMs: number };
  /** Server view: fill − createdAt − delay. */
  fillOverDelay: { p50Ms: number; p99Ms: number; maxMs: number };
  webhook: { p50Ms: number; p99Ms: number; maxMs: number };
  payToEvent: { p50Ms: number; p99Ms: number };
  eventToWebhook: { p50Ms: number; p99Ms: number };
  /** Send → worker call on an idle probe queue, sampled every 100 ms during the run. */
  probePickup?: { samples: number; p50Ms: number; p99Ms: number };
  /** What the workers did per transaction (instruction, payment, delivery; the sweeper too if it ran). */
  backgroundPerTransaction: Record<string, number>;
  /** Mean time of the workers' DynamoDB requests during the run, per command. */
  backgroundDynamoMeanMs: Record<string, number>;
  /** API calls per transaction besides purchase and pay: the GET polls. */
  getPollsPerTransaction: number;
  /** Share of the run the main thread (gateway, handlers, workers, fauxqs, receiver) was busy. */
  mainThreadBusy: number;
  /** Main-thread event-loop delay: how long a ready callback waited. */
  eventLoopDelay: { p50Ms: number; p99Ms: number };
}

const stats = (values: number[]) => ({
  p50Ms: round(percentile(values, 50)),
  p99Ms: round(percentile(values, 99)),
  maxMs: round(Math.max(...values)),
});

export async function measurePipeline(api: BenchApi, options: PipelineOptions): Promise<PipelineResult> {
  const receiver = await startWebhookReceiver('/bench-hooks');
  const arrivals = new Map<string, { at: number; createdAt: string }>();
  let scanned = 0;
  const scanner = setInterval(() => {
    for (; scanned < receiver.received.length; scanned += 1) {
      const hook = receiver.received[scanned]!;
      const envelope = JSON.parse(hook.body) as { createdAt: string; data: { id: string } };
      arrivals.set(envelope.data.id, { at: hook.at, createdAt: envelope.createdAt });
    }
  }, 5);

  const samples: Sample[] = [];
  const failures: string[] = [];
  async function one(index: number): Promise<void> {
    const body = { ...(index % 2 ? bobBody() : copBody()), postbackUrl: receiver.url };
    const sent = Date.now();
    const { id } = expectStatus(
      'purchase',
      201,
      await api.client.POST('/transactions/v2/purchase', { body: body as PurchaseBody }),
    );
    // The rail cannot have it before the delay: start polling shortly before, not from the start.
    await pause(Math.max(0, sent + options.instructionDelayMs - 150 - Date.now()));
    let transaction: Pick<Transaction, 'redirectUrl' | 'qr' | 'createdAt' | 'updatedAt'>;
    let shown = 0;
    for (const deadline = Date.now() + 15_000; ; ) {
      transaction = expectStatus(
        'GET /transactions/{id}',
        200,
        await api.client.GET('/transactions/{id}', { params: { path: { id } } }),
      );
      polls += 1;
      shown = Date.now();
      if (transaction.redirectUrl || transaction.qr) break;
      if (shown > deadline) throw new Error(`instruction of ${id} not shown within 15 s after the delay`);
      await pause(options.pollIntervalMs);
    }
    const paySent = Date.now();
    expectStatus(
      'sandbox pay',
      202,
      await api.client.POST('/sandbox/transactions/{id}/pay', { params: { path: { id } } }),
    );
    for (const deadline = Date.now() + 15_000; !arrivals.has(id); ) {
      if (Date.now() > deadline) throw new Error(`webhook for ${id} not received within 15 s`);
      await pause(5);
    }
    const arrival = arrivals.get(id)!;
    const eventAt = Date.parse(arrival.createdAt);
    samples.push({
      instructionMs: shown - sent,
      fillAfterCreateMs:
        Date.parse(transaction.updatedAt ?? transaction.createdAt) - Date.parse(transaction.createdAt),
      webhookMs: arrival.at - paySent,
      payToEventMs: eventAt - paySent,
      eventToWebhookMs: arrival.at - eventAt,
    });
  }

  const started = Date.now();
  const busyFrom = performance.eventLoopUtilization();
  let busy = 0;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const backgroundBefore = options.counter.snapshot(backgroundScope);
  let polls = 0;
  const probeLagsFrom = options.probe?.lagsMs.length ?? 0;
  const prober = options.probe
    ? setInterval(() => void options.probe!.send().catch(() => undefined), 100)
    : undefined;
  let next = 0;
  const lane = async () => {
    while (next < options.transactions) {
      const index = next++;
      try {
        await one(index);
      } catch (error) {
        failures.push((error as Error).message);
      }
      if ((samples.length + failures.length) % 40 === 0)
        options.progress(
          `pipeline: ${samples.length + failures.length}/${options.transactions} transactions`,
        );
    }
  };
  try {
    await Promise.all(
      Array.from({ length: options.inFlight }, (_, laneIndex) => pause(laneIndex * 20).then(lane)),
    );
  } finally {
    clearInterval(scanner);
    if (prober) clearInterval(prober);
    loopDelay.disable();
    busy = performance.eventLoopUtilization(busyFrom).utilization;
    await receiver.close();
  }
  const background = difference(options.counter.snapshot(backgroundScope), backgroundBefore);
  const perTransaction = (value: number) => round(value / Math.max(1, samples.length + failures.length), 2);
  await pause(300);
  const probeLags = options.probe?.lagsMs.slice(probeLagsFrom) ?? [];
  const delay = options.instructionDelayMs;
  return {
    transactions: samples.length,
    failed: failures.length,
    ...(failures.length ? { firstFailure: failures[0] } : {}),
    inFlight: options.inFlight,
    pollIntervalMs: options.pollIntervalMs,
    instructionDelayMs: delay,
    wallMs: Date.now() - started,
    instructionOverDelay: stats(samples.map((sample) => sample.instructionMs - delay)),
    fillOverDelay: stats(samples.map((sample) => sample.fillAfterCreateMs - delay)),
    webhook: stats(samples.map((sample) => sample.webhookMs)),
    payToEvent: (({ p50Ms, p99Ms }) => ({ p50Ms, p99Ms }))(
      stats(samples.map((sample) => sample.payToEventMs)),
    ),
    eventToWebhook: (({ p50Ms, p99Ms }) => ({ p50Ms, p99Ms }))(
      stats(samples.map((sample) => sample.eventToWebhookMs)),
    ),
    ...(probeLags.length
      ? {
          probePickup: {
            samples: probeLags.length,
            p50Ms: round(percentile(probeLags, 50)),
            p99Ms: round(percentile(probeLags, 99)),
          },
        }
      : {}),
    backgroundPerTransaction: Object.fromEntries(
      Object.entries(background).map(([command, count]) => [command, perTransaction(count.commands)]),
    ),
    backgroundDynamoMeanMs: Object.fromEntries(
      Object.entries(background)
        .filter(([command]) => command.startsWith('dynamodb.'))
        .map(([command, count]) => [command, round(count.totalMs / count.commands)]),
    ),
    getPollsPerTransaction: perTransaction(polls),
    mainThreadBusy: round(busy, 2),
    eventLoopDelay: {
      p50Ms: round(loopDelay.percentile(50) / 1e6),
      p99Ms: round(loopDelay.percentile(99) / 1e6),
    },
  };
}
