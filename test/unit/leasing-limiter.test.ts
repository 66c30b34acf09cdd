// The instance side of the shared rate limit, against a bucket kept in memory with the same
// conditional semantics as the DynamoDB item (store/rate-limits.ts): several limiter instances
// share it, and however requests arrive, what they admit together is what one bucket seeing
// every request would admit. The same against the real local DynamoDB:
// test/integration/rate-limit-across-instances.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LeaseWriter, LeasingLimiter } from '../../shared/limits/leasing-limiter.ts';
import type { Decision, RatePolicy } from '../../shared/limits/token-bucket.ts';
import { pacingLimits } from '../../shared/limits/write-pacing.ts';
import type { LeaseOutcome } from '../../shared/store/rate-limits.ts';
import { refusedByOneBucket } from '../support/exact-bucket.ts';

const t0 = 1_000_000;

/** One shared bucket item; `failWith` makes its next writes fail as the table would. */
function memoryBucket() {
  let tat: number | undefined;
  const writes: Array<{ instance: number; at: number }> = [];
  const bucket = {
    writes,
    failWith: undefined as undefined | 'throttled' | Error,
    writer(instance: number, clock: () => number): LeaseWriter {
      return async (_subject, plan, interval): Promise<LeaseOutcome> => {
        writes.push({ instance, at: clock() });
        if (bucket.failWith instanceof Error) throw bucket.failWith;
        if (bucket.failWith === 'throttled') return { kind: 'throttled' };
        if (plan.expectBusy) {
          if (tat === undefined || tat < plan.earliestStart || tat > plan.latestStart)
            return { kind: 'lost', tat };
          tat += plan.count * interval;
        } else {
          if (tat !== undefined && tat >= plan.earliestStart) return { kind: 'lost', tat };
          tat = plan.earliestStart + plan.count * interval;
        }
        return { kind: 'leased', tat };
      };
    },
  };
  return bucket;
}

/**
 * A bucket whose first `losses` writes lose the race to another instance (the bucket as it finds
 * it still has tokens); the writes after them lease what they ask for.
 */
function losingRaces(losses: number, clock: () => number) {
  const writes: Array<{ instance: number; at: number }> = [];
  const lease: LeaseWriter = async (_subject, plan, interval) => {
    writes.push({ instance: 0, at: clock() });
    if (writes.length <= losses) return { kind: 'lost', tat: clock() };
    return { kind: 'leased', tat: plan.earliestStart + plan.count * interval };
  };
  return { lease, writes };
}

/** The most writes one instance made within any 1,000 ms. */
function maxWritesPerSecond(writes: Array<{ instance: number; at: number }>): number {
  let most = 0;
  for (const write of writes) {
    const inSecond = writes.filter(
      (other) => other.instance === write.instance && other.at >= write.at && other.at < write.at + 1000,
    ).length;
    most = Math.max(most, inSecond);
  }
  return most;
}

describe('several instances sharing one bucket', () => {
  it('admit together no more than the policy, each writing at most twice a second (four times while its writes are granted and leave the bucket half full)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          instances: fc.integer({ min: 1, max: 6 }),
          perSecond: fc.integer({ min: 1, max: 50 }),
          burstFactor: fc.integer({ min: 1, max: 3 }),
          // Ticks of arrivals: when (ms after the previous tick) and how many at each instance.
          ticks: fc.array(
            fc.record({
              gapMs: fc.integer({ min: 0, max: 400 }),
              counts: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 6, maxLength: 6 }),
            }),
            { minLength: 1, maxLength: 60 },
          ),
          seed: fc.integer(),
        }),
        async ({ instances, perSecond, burstFactor, ticks, seed }) => {
          const policy = { perSecond, burst: perSecond * burstFactor };
          const bucket = memoryBucket();
          let now = t0;
          let draw = seed;
          const random = () => {
            draw = (draw * 1103515245 + 12345) % 2 ** 31;
            return Math.abs(draw) / 2 ** 31;
          };
          const limiters = Array.from(
            { length: instances },
            (_, instance) =>
              new LeasingLimiter({ lease: bucket.writer(instance, () => now), random, clock: () => now }),
          );
          const admitted: number[] = [];
          for (const tick of ticks) {
            now += tick.gapMs;
            const decisions = await Promise.all(
              limiters.flatMap((limiter, instance) =>
                Array.from({ length: tick.counts[instance]! }, () => limiter.take('acc', policy)),
              ),
            );
            for (const decision of decisions) if (decision.allowed) admitted.push(now);
          }
          expect(refusedByOneBucket(policy, admitted)).toBe(0);
          expect(maxWritesPerSecond(bucket.writes)).toBeLessThanOrEqual(pacingLimits.roomyWritesPerSecond);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('one instance can use the whole burst at once', async () => {
    const bucket = memoryBucket();
    const limiter = new LeasingLimiter({ lease: bucket.writer(0, () => t0), clock: () => t0 });
    const policy = { perSecond: 100, burst: 200 };
    const decisions = await Promise.all(Array.from({ length: 300 }, () => limiter.take('acc', policy)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(200);
    expect(bucket.writes.length).toBeLessThanOrEqual(2);
  });

  it('a slow write still serves the requests it was sent for (counted when it was sent)', async () => {
    const bucket = memoryBucket();
    let now = t0;
    const slowly = bucket.writer(0, () => now);
    const limiter = new LeasingLimiter({
      lease: async (...args) => {
        const outcome = await slowly(...args);
        now += 700; // the answer comes back after the leased slots have started
        return outcome;
      },
      clock: () => now,
    });
    const policy = { perSecond: 2, burst: 4 };
    const first = await limiter.take('acc', policy);
    expect(first).toMatchObject({ allowed: true, decidedAt: t0, remaining: 3 });
    expect(bucket.writes).toHaveLength(1);
  });

  it('a steady client below the rate is served from leases, about one write a second', async () => {
    const bucket = memoryBucket();
    let now = t0;
    const limiter = new LeasingLimiter({ lease: bucket.writer(0, () => now), clock: () => now });
    const policy = { perSecond: 100, burst: 200 };
    for (let index = 0; index < 200; index++) {
      now = t0 + index * 25; // 40 a second for 5 s
      expect((await limiter.take('acc', policy)).allowed).toBe(true);
    }
    expect(bucket.writes.length).toBeLessThanOrEqual(8);
  });
});

describe('when the table refuses the write', () => {
  const policy = { perSecond: 10, burst: 20 };
  /** A limiter on a bucket of its own and a clock the test moves; back-offs at their longest draw. */
  const onItsOwnClock = () => {
    const bucket = memoryBucket();
    const clock = { now: t0 };
    const limiter = new LeasingLimiter({
      lease: bucket.writer(0, () => clock.now),
      random: () => 1,
      clock: () => clock.now,
    });
    return { bucket, clock, limiter };
  };

  it('throttled: refuses with a Retry-After, and writes again only after a back-off', async () => {
    const { bucket, clock, limiter } = onItsOwnClock();
    bucket.failWith = 'throttled';
    const refused = (await limiter.take('acc', policy)) as Decision & { allowed: false };
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    clock.now += 100;
    expect((await limiter.take('acc', policy)).allowed).toBe(false);
    expect(bucket.writes).toHaveLength(1);
    bucket.failWith = undefined;
    clock.now += 500; // the first back-off (500 ms with this draw) is over
    expect((await limiter.take('acc', policy)).allowed).toBe(true);
    expect(bucket.writes).toHaveLength(2);
  });

  it('slow or unreachable: serves one lease, from the bucket as last seen, then nothing beyond it until the back-off ends', async () => {
    const { bucket, clock, limiter } = onItsOwnClock();
    bucket.failWith = new Error('a request has exceeded the configured 5000 ms requestTimeout');
    const decisions = await Promise.all(Array.from({ length: 30 }, () => limiter.take('acc', policy)));
    // One lease (the policy's rate over the 500 ms back-off: 5 tokens), never the flood.
    const admitted = decisions.filter((decision) => decision.allowed).length;
    expect(admitted).toBe(5);
    expect(bucket.writes).toHaveLength(1);
    clock.now += 100;
    expect((await limiter.take('acc', policy)).allowed).toBe(false);
    expect(bucket.writes).toHaveLength(1);
    bucket.failWith = undefined;
    clock.now += 2_000; // the back-off is over and the bucket refilled
    expect((await limiter.take('acc', policy)).allowed).toBe(true);
    expect(bucket.writes).toHaveLength(2);
  });

  it('an account far below its policy: the requests after a write that timed out are served during the back-off, at the policy rate', async () => {
    const { bucket, clock, limiter } = onItsOwnClock();
    const roomy: RatePolicy = { perSecond: 100_000, burst: 200_000 };
    bucket.failWith = new Error('a request has exceeded the configured 5000 ms requestTimeout');
    // The write asked for the lone request's token; the next requests come during the back-off.
    expect((await limiter.take('acc', roomy)).allowed).toBe(true);
    for (const gapMs of [100, 150, 200]) {
      clock.now += gapMs;
      expect((await limiter.take('acc', roomy)).allowed).toBe(true);
    }
    expect(bucket.writes).toHaveLength(1);
  });

  it('a lone request whose write timed out is served, not refused', async () => {
    const bucket = memoryBucket();
    const limiter = new LeasingLimiter({
      lease: bucket.writer(0, () => t0),
      random: () => 1,
      clock: () => t0,
    });
    bucket.failWith = new Error('a request has exceeded the configured 5000 ms requestTimeout');
    expect((await limiter.take('acc', policy)).allowed).toBe(true);
  });
});

describe('an account far below its policy', () => {
  it('is never refused because its instance already used its writes of this second: the request waits for the next write slot', async () => {
    const bucket = memoryBucket();
    // Two functions of the account (say, the purchase and the reads) share its bucket; the table answers in 20 ms.
    const limiters = [0, 1].map((instance) => {
      const write = bucket.writer(instance, Date.now);
      return new LeasingLimiter({
        lease: async (...args) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return write(...args);
        },
        random: () => 0.5,
      });
    });
    const policy: RatePolicy = { perSecond: 1_000_000, burst: 2_000_000 };
    // Ten requests at once, every 50 ms, for 2 s (npm run bench's request counts send purchases so:
    // a lease sized by the demand so far ran out after two writes in a second, and requests got 429s).
    const decisions: Decision[] = [];
    for (let round = 0; round < 40; round++) {
      decisions.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, index) => limiters[index % 2]!.take('acc', policy)),
        )),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(decisions.filter((decision) => !decision.allowed)).toEqual([]);
    expect(maxWritesPerSecond(bucket.writes)).toBeLessThanOrEqual(pacingLimits.roomyWritesPerSecond);
  });
});

describe("a handful of requests at once on one of the account's functions", () => {
  // Six requests in one millisecond read as a million a second, and the lease sized by that took
  // the whole burst: the account's other functions were refused for two seconds (CI's 429s on an
  // account whose policy is 100,000/s).
  for (const policy of [
    { perSecond: 100, burst: 200 },
    { perSecond: 100_000, burst: 200_000 },
  ])
    it(`leave its other functions room (${policy.perSecond}/s)`, async () => {
      const bucket = memoryBucket();
      const [purchases, reads, webhooks] = [0, 1, 2].map(
        (instance) => new LeasingLimiter({ lease: bucket.writer(instance, () => t0), clock: () => t0 }),
      );
      const atOnce = await Promise.all(Array.from({ length: 6 }, () => purchases!.take('acc', policy)));
      expect(atOnce.every((decision) => decision.allowed)).toBe(true);
      expect((await reads!.take('acc', policy)).allowed).toBe(true);
      expect((await webhooks!.take('acc', policy)).allowed).toBe(true);
    });
});

describe('sparse, uneven requests of an account far below its policy', () => {
  it('are served without waiting for a write slot: an instance writes up to four times a second while its writes are granted and leave the bucket half full', async () => {
    const time = discreteClock();
    const bucket = memoryBucket();
    const limiter = limiterOnClock(bucket, 0, time, 3);
    const policy: RatePolicy = { perSecond: 100, burst: 200 };
    const waitsMs: number[] = [];
    const send = async () => {
      const sent = time.clock.now;
      expect((await limiter.take('acc', policy)).allowed).toBe(true);
      waitsMs.push(time.clock.now - sent);
    };
    await time.run(async () => {
      // One request, another 300 ms later (a pace of about three a second: a lease of four
      // tokens), then a quick run of five that spends it.
      for (const gapMs of [0, 300, 10, 10, 10, 10, 10]) {
        await time.elapse(gapMs);
        await send();
      }
    });
    // With two writes a second, the last request waited ~660 ms for the next slot.
    expect(Math.max(...waitsMs)).toBeLessThan(50);
    expect(maxWritesPerSecond(bucket.writes)).toBeLessThanOrEqual(pacingLimits.roomyWritesPerSecond);
  });
});

describe('a burst after a pause', () => {
  it('is sized by its own pace, not the pause: 50 requests 20 ms apart after an idle minute wait for a write slot at most once', async () => {
    const bucket = memoryBucket();
    let now = t0;
    const limiter = new LeasingLimiter({
      lease: bucket.writer(0, () => now),
      clock: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    });
    const policy: RatePolicy = { perSecond: 100, burst: 200 };
    const burst = async () => {
      const waitsMs: number[] = [];
      for (let index = 0; index < 50; index++) {
        const sent = now;
        expect((await limiter.take('acc', policy)).allowed).toBe(true);
        waitsMs.push(now - sent);
        now += 20;
      }
      return waitsMs.filter((waitMs) => waitMs > 0);
    };
    await burst();
    now += 60_000;
    // The pause used to count as one of the gaps the lease is sized by: leases of a token or two,
    // then a wait of up to a second for each of eight write slots (8.6 s for a 1 s burst).
    const waited = await burst();
    expect(waited.length).toBeLessThanOrEqual(1);
    expect(waited.reduce((sum, waitMs) => sum + waitMs, 0)).toBeLessThan(1000);
  });
});

/**
 * A small discrete-event clock: the limiter's sleeps, the table's answers and the clients' own
 * work are timers (`elapse`), fired in order of due time while `scenario` runs.
 */
function discreteClock() {
  const clock = { now: t0 };
  const timers: Array<{ at: number; fire: () => void }> = [];
  const elapse = (ms: number) => new Promise<void>((fire) => timers.push({ at: clock.now + ms, fire }));
  const run = async (scenario: () => Promise<void>) => {
    let finished = false;
    const running = scenario().finally(() => {
      finished = true;
    });
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      timers.sort((a, b) => a.at - b.at);
      const next = timers.shift();
      if (!next) continue;
      clock.now = Math.max(clock.now, next.at);
      next.fire();
    }
    await running;
  };
  return { clock, elapse, run };
}

/** A limiter on `bucket` whose table answers after `latencyMs` of the discrete clock. */
function limiterOnClock(
  bucket: ReturnType<typeof memoryBucket>,
  instance: number,
  { clock, elapse }: ReturnType<typeof discreteClock>,
  latencyMs: number,
): LeasingLimiter {
  const write = bucket.writer(instance, () => clock.now);
  return new LeasingLimiter({
    lease: async (...args) => {
      await elapse(latencyMs);
      return write(...args);
    },
    clock: () => clock.now,
    sleep: elapse,
  });
}

describe('a jump in concurrency', () => {
  it('from one request at a time to eight at once: the lease taken on the jump lasts until the next write slot', async () => {
    const time = discreteClock();
    const bucket = memoryBucket();
    const limiter = limiterOnClock(bucket, 0, time, 3);
    const policy: RatePolicy = { perSecond: 1000, burst: 2000 };
    const waitsMs: number[] = [];
    const client = async (requests: number, workMs: number) => {
      for (let index = 0; index < requests; index++) {
        const sent = time.clock.now;
        expect((await limiter.take('acc', policy)).allowed).toBe(true);
        waitsMs.push(time.clock.now - sent);
        await time.elapse(workMs);
      }
    };
    await time.run(async () => {
      await client(100, 14);
      await time.elapse(600);
      waitsMs.length = 0;
      await Promise.all(Array.from({ length: 8 }, () => client(38, 35)));
    });
    // A pace that only slowly picked up leased 46 tokens on the jump: eight requests then waited
    // ~790 ms for the next write slot.
    expect(Math.max(...waitsMs)).toBeLessThan(50);
    expect(maxWritesPerSecond(bucket.writes)).toBeLessThanOrEqual(pacingLimits.roomyWritesPerSecond);
  });
});

describe('races lost to another instance of the account', () => {
  it('while the bucket has room, a request waits for as many slots as it takes: it is not refused', async () => {
    let now = t0;
    // Another instance wins four races, the bucket far from empty: two writes (a lost race does
    // not earn more), the slot, two more writes (the second second's), the next slot; the fifth
    // write leases.
    const { lease, writes } = losingRaces(4, () => now);
    const limiter = new LeasingLimiter({
      lease,
      clock: () => now,
      sleep: async (ms) => {
        now += ms;
      },
    });
    const decision = await limiter.take('acc', { perSecond: 100, burst: 200 });
    // Refused before: the write after its one slot lost too, and a second wait was never allowed.
    expect(decision.allowed).toBe(true);
    expect(writes).toHaveLength(5);
    expect(maxWritesPerSecond(writes)).toBeLessThanOrEqual(2);
  });
});

describe('a flood', () => {
  it('ten times the policy over eight instances: every request is decided within a second of its arrival, and none beyond the policy is admitted', async () => {
    const time = discreteClock();
    const bucket = memoryBucket();
    const policy: RatePolicy = { perSecond: 100, burst: 200 };
    const limiters = Array.from({ length: 8 }, (_, instance) => limiterOnClock(bucket, instance, time, 20));
    const waitsMs: number[] = [];
    const admitted: number[] = [];
    // 125 requests a second at each instance (1,000 in all) for 3 s, each request on its own.
    const request = async (limiter: LeasingLimiter) => {
      const sent = time.clock.now;
      const decision = await limiter.take('acc', policy);
      waitsMs.push(time.clock.now - sent);
      if (decision.allowed) admitted.push(decision.decidedAt);
    };
    await time.run(async () => {
      const requests: Array<Promise<void>> = [];
      for (let tick = 0; tick < 375; tick++) {
        for (const limiter of limiters) requests.push(request(limiter));
        await time.elapse(8);
      }
      await Promise.all(requests);
    });
    expect(waitsMs).toHaveLength(3000);
    // Waits for write slots used to chain: a request that one write left unserved waited for the
    // next slot, and the next, and was decided seconds later (often admitted, on a later second's
    // tokens, while the flood went on).
    // At most one write slot's wait, and the writes around it: the one in flight when it arrived
    // and the instance's own, two in any second.
    expect(Math.max(...waitsMs)).toBeLessThanOrEqual(1000 + 3 * 20);
    expect(refusedByOneBucket(policy, admitted)).toBe(0);
    expect(maxWritesPerSecond(bucket.writes)).toBeLessThanOrEqual(2);
  });
});

/**
 * One request whose instance loses its first two races to another (the bucket still has tokens),
 * so it waits for its next write slot; `advance` says how far each sleep moves the clock.
 */
async function afterTwoLostRaces(advance: (ms: number, call: number) => number) {
  let now = t0;
  const sleeps: number[] = [];
  const { lease, writes } = losingRaces(2, () => now);
  const limiter = new LeasingLimiter({
    lease,
    clock: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += advance(ms, sleeps.length);
    },
  });
  const decision = await limiter.take('acc', { perSecond: 1_000_000, burst: 2_000_000 });
  return { decision, sleeps, writes };
}

describe('waiting for the next write slot', () => {
  it('a timer that fires a millisecond early (as Node timers do against Date.now) does not turn the wait into a refusal', async () => {
    // Node rounds a timer to its own millisecond clock: Date.now() can still be 1 ms short of the slot.
    const { decision, sleeps, writes } = await afterTwoLostRaces((ms) => Math.max(ms - 1, 1));
    // Two lost races use the second's two writes: the request waits for the next slot, woken 1 ms
    // short of it, waits out the rest and is served by the write after it.
    expect(decision.allowed).toBe(true);
    expect(sleeps).toEqual([1000, 1]);
    expect(writes).toHaveLength(3);
    expect(maxWritesPerSecond(writes)).toBeLessThanOrEqual(2);
  });

  it('a 1 ms timer that fires before Date.now() moves at all does not turn the wait into a refusal', async () => {
    // Node measured setTimeout(1) at 0 ms of Date.now() in 1 of 2,000 tries on a busy loop: its
    // timers round to their own millisecond clock. The first two wake 1 ms early.
    const { decision, sleeps, writes } = await afterTwoLostRaces((ms, call) => (call <= 2 ? ms - 1 : ms));
    expect(decision.allowed).toBe(true);
    expect(sleeps).toEqual([1000, 1, 1]);
    expect(writes).toHaveLength(3);
  });
});
