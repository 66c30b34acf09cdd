// The per-account limiter under a flood: many instances (each a limiter with its own memory, as
// separate Lambda instances are) share one account's bucket item in DynamoDB Local while the
// account's requests arrive at a multiple of its limit, spread evenly over the instances. Counts
// the writes on the bucket item (every UpdateItem the limiter's client sends, and how many of
// them failed their condition), per second and per instance, and checks what was admitted
// against one exact bucket that sees every request (a replay of the admitted arrival times).
// Real time: arrivals are stamped with the clock as they are sent.
//
// Kept free of the limiter's own modules (the instance is a callback) so that the same scenario
// measured the limiter this one replaced (the "before" figures below).

import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareStack } from '@smithy/types';
import { refusedByOneBucket } from '../support/exact-bucket.ts';
import { percentile } from './stats.ts';

export interface ContentionSettings {
  instances: number;
  perSecond: number;
  burst: number;
  /** Offered load, as a multiple of perSecond, spread evenly over the instances. */
  overload: number;
  durationMs: number;
}

export interface ContentionResult extends ContentionSettings {
  requests: number;
  admitted: number;
  /** Admitted requests one exact bucket seeing all of them would have refused. */
  admittedBeyondPolicy: number;
  /** Writes (conditional UpdateItems) on the bucket item. */
  writes: number;
  failedWrites: number;
  throttledWrites: number;
  /** Writes that timed out or failed otherwise. */
  erroredWrites: number;
  writesPerSecond: number;
  /** Over the span of the decisions, which outlast the arrivals when requests wait for write slots. */
  writesPerInstancePerSecond: number;
  /** From the first arrival to the last decision. */
  decisionSpanMs?: number;
  /** Arrival → decision, allowed or refused. */
  decisionWaitP50Ms?: number;
  decisionWaitP99Ms?: number;
  /** How long one write on the bucket item took to answer, p99. */
  writeP99Ms?: number;
  /** The most writes one instance sent within any 1,000 ms. */
  maxWritesPerInstanceInOneSecond: number;
  refusedByError: number;
}

/**
 * One instance's decision for a request of `subject` that arrived at `at`, and when it counts
 * (`decidedAt`; the arrival when absent).
 */
export type LimiterInstance = (
  subject: string,
  at: number,
) => Promise<{ allowed: boolean; decidedAt?: number }>;

/**
 * The figures of the limiter this one replaced (one conditional UpdateItem per request that its
 * instance's own bucket let through, requests waiting on a write sharing the next; a write that
 * threw admitted the request), measured by this scenario on 2026-11-26 at commit 0f0833f (main
 * before the leases) with its `shared/store/rate-limits.ts` loaded once per instance (40 module
 * instances, `import('…/rate-limits.ts?instance=N')`, each `takeToken` rejection counted as
 * admitted as `limitAccount` did), on the 2-core machine of the "after" run, minutes apart, both
 * at a load average of ~9 from other work (at ~40 it made 659 writes, 558 failed, 3.3 per
 * instance per second). DynamoDB Local never throttles: on AWS, ~15 such instances at 100/s pass
 * the item's 1,000 writes a second, and each throttled write admitted its request.
 */
export const before: Omit<ContentionResult, keyof ContentionSettings> & { settings: ContentionSettings } = {
  settings: { instances: 40, perSecond: 100, burst: 200, overload: 10, durationMs: 5000 },
  requests: 5000,
  admitted: 655,
  admittedBeyondPolicy: 0,
  writes: 934,
  failedWrites: 800,
  throttledWrites: 0,
  erroredWrites: 0,
  writesPerSecond: 186.8,
  writesPerInstancePerSecond: 4.67,
  maxWritesPerInstanceInOneSecond: 7,
  refusedByError: 0,
};

export const floodSettings: ContentionSettings = before.settings;

const instanceScope = new AsyncLocalStorage<number>();

interface Write {
  instance: number;
  at: number;
  tookMs?: number;
  outcome: 'ok' | 'condition' | 'throttled' | 'error';
}

/** Counts the limiter's writes on the bucket item by the instance they were sent from. */
function countWrites(stack: MiddlewareStack<any, any>, writes: Write[]): () => void {
  const name = 'limiterContentionCounter';
  stack.add(
    (next: any, context: any) => async (args: any) => {
      const pk = String(args?.input?.Key?.pk ?? '');
      if (!String(context.commandName).startsWith('Update') || !pk.startsWith('RATE#')) return next(args);
      const write: Write = { instance: instanceScope.getStore() ?? -1, at: Date.now(), outcome: 'ok' };
      writes.push(write);
      try {
        const output = await next(args);
        write.tookMs = Date.now() - write.at;
        return output;
      } catch (error) {
        write.tookMs = Date.now() - write.at;
        const errorName = (error as Error).name;
        write.outcome =
          errorName === 'ConditionalCheckFailedException'
            ? 'condition'
            : ['ProvisionedThroughputExceededException', 'ThrottlingException'].includes(errorName)
              ? 'throttled'
              : 'error';
        throw error;
      }
    },
    { step: 'initialize', name },
  );
  return () => stack.remove(name);
}

function maxInOneSecond(writes: Write[]): number {
  const byInstance = new Map<number, number[]>();
  for (const write of writes)
    byInstance.set(write.instance, [...(byInstance.get(write.instance) ?? []), write.at]);
  let most = 0;
  for (const times of byInstance.values()) {
    times.sort((a, b) => a - b);
    for (let first = 0, last = 0; last < times.length; last++) {
      while (times[last]! - times[first]! >= 1000) first++;
      most = Math.max(most, last - first + 1);
    }
  }
  return most;
}

export async function measureLimiterContention(options: {
  settings: ContentionSettings;
  /** Makes instance `index`: a limiter with its own memory. */
  instance: (index: number) => LimiterInstance;
  /** The middleware stack of the client the limiter writes with. */
  clientStack: MiddlewareStack<any, any>;
  subject: string;
  progress?: (message: string) => void;
}): Promise<ContentionResult> {
  const { settings, subject } = options;
  const instances = Array.from({ length: settings.instances }, (_, index) => options.instance(index));
  const writes: Write[] = [];
  const uninstall = countWrites(options.clientStack, writes);
  const admitted: number[] = [];
  const waitsMs: number[] = [];
  let lastDecision = 0;
  let requests = 0;
  let refusedByError = 0;
  const pending: Array<Promise<void>> = [];
  let started = 0;
  const perInstancePerMs = (settings.perSecond * settings.overload) / settings.instances / 1000;
  options.progress?.(
    `limiter contention: ${settings.instances} instances, ${settings.overload}× ${settings.perSecond}/s for ${settings.durationMs} ms`,
  );
  try {
    // DynamoDB Local answers slowly until the JVM has compiled its paths: warm it on other buckets.
    for (let index = 0; index < 200; index++) await instances[0]!(`${subject}-warm-${index}`, Date.now());
    writes.length = 0;
    started = Date.now();
    const owed = new Array<number>(settings.instances).fill(0);
    let last = started;
    // Each instance's arrivals at its share of the offered rate, sent in 5 ms ticks.
    while (Date.now() - started < settings.durationMs) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const now = Date.now();
      for (const [index, limiter] of instances.entries()) {
        owed[index]! += (now - last) * perInstancePerMs;
        for (; owed[index]! >= 1; owed[index]! -= 1) {
          requests++;
          const at = Date.now();
          pending.push(
            instanceScope.run(index, () =>
              limiter(subject, at).then(
                (decision) => {
                  waitsMs.push(Date.now() - at);
                  lastDecision = Date.now();
                  if (decision.allowed) admitted.push(decision.decidedAt ?? at);
                },
                () => {
                  refusedByError++;
                },
              ),
            ),
          );
        }
      }
      last = now;
    }
    await Promise.all(pending);
  } finally {
    uninstall();
  }
  const seconds = settings.durationMs / 1000;
  const decisionSpanMs = Math.max(settings.durationMs, lastDecision - started);
  const counted = writes.filter((write) => write.instance >= 0);
  return {
    ...settings,
    requests,
    admitted: admitted.length,
    admittedBeyondPolicy: refusedByOneBucket(settings, admitted),
    writes: counted.length,
    failedWrites: counted.filter((write) => write.outcome === 'condition').length,
    throttledWrites: counted.filter((write) => write.outcome === 'throttled').length,
    erroredWrites: counted.filter((write) => write.outcome === 'error').length,
    writesPerSecond: Math.round((counted.length / seconds) * 10) / 10,
    writesPerInstancePerSecond:
      Math.round((counted.length / (decisionSpanMs / 1000) / settings.instances) * 100) / 100,
    decisionSpanMs,
    decisionWaitP50Ms: Math.round(percentile(waitsMs, 50)),
    decisionWaitP99Ms: Math.round(percentile(waitsMs, 99)),
    writeP99Ms: Math.round(
      percentile(
        counted.map((write) => write.tookMs ?? 0),
        99,
      ),
    ),
    maxWritesPerInstanceInOneSecond: maxInOneSecond(counted),
    refusedByError,
  };
}
