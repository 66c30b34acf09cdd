import { describe, expect, it } from 'vitest';
import { arrivalsPerSecond, observeArrival } from '../../shared/limits/arrival-rate.ts';
import type { RatePolicy } from '../../shared/limits/token-bucket.ts';
import {
  type Lease,
  type LeaseRequest,
  leasedLeft,
  leaseFrom,
  planLease,
  takeLeased,
  tokensLeft,
} from '../../shared/limits/token-lease.ts';
import {
  afterEmpty,
  afterLease,
  afterThrottled,
  afterWrite,
  idlePacing,
  nextWriteAt,
} from '../../shared/limits/write-pacing.ts';

// 10 a second, bursts of 20: I = 100 ms, τ = 1,900 ms.
const policy: RatePolicy = { perSecond: 10, burst: 20 };
const t0 = 1_000_000;

const request = (overrides: Partial<LeaseRequest> = {}): LeaseRequest => ({
  knownTat: undefined,
  earliestArrival: t0,
  latestArrival: t0,
  waiting: 1,
  demandPerSecond: undefined,
  horizonMs: 1000,
  ...overrides,
});

describe('tokens left in the shared bucket', () => {
  it('is the burst when the bucket is new or idle, and counts down as tat runs ahead', () => {
    expect(tokensLeft(policy, undefined, t0)).toBe(20);
    expect(tokensLeft(policy, t0 - 1, t0)).toBe(20);
    expect(tokensLeft(policy, t0 + 500, t0)).toBe(15);
    expect(tokensLeft(policy, t0 + 2000, t0)).toBe(0);
    expect(tokensLeft(policy, t0 + 2000, t0 + 100)).toBe(1);
  });
});

describe('planning a lease', () => {
  it('takes what the waiting requests need from an idle bucket, slots starting at the latest arrival', () => {
    const planned = planLease(policy, request({ waiting: 3, latestArrival: t0 + 5 }));
    expect(planned).toEqual({
      kind: 'lease',
      plan: { count: 3, earliestStart: t0 + 5, latestStart: t0 + 1900 + 1e-3 - 200, expectBusy: false },
    });
  });

  it('stacks on a busy bucket and takes no more than it has left', () => {
    const planned = planLease(policy, request({ knownTat: t0 + 1500, waiting: 10 }));
    expect(planned).toMatchObject({ kind: 'lease', plan: { count: 5, expectBusy: true } });
  });

  it('knows an empty bucket without a write, and when its next token frees up', () => {
    expect(planLease(policy, request({ knownTat: t0 + 2000 }))).toEqual({
      kind: 'empty',
      tokenFreeAt: t0 + 100,
    });
  });

  it('leases for the demand over the horizon, ahead of time when requests come slower than the rate', () => {
    // 4 a second, over one second: 4 tokens; the 3 after this one come every 250 ms, so the slots
    // start 3 × (250 − 100) ms later than now, and the last one is still valid when its request comes.
    const planned = planLease(policy, request({ demandPerSecond: 4 }));
    expect(planned).toMatchObject({ kind: 'lease', plan: { count: 4, earliestStart: t0 + 450 } });
    if (planned.kind !== 'lease') return;
    let lease: Lease | undefined = leaseFrom(policy, 4, planned.plan.earliestStart + 400);
    for (const at of [t0, t0 + 250, t0 + 500, t0 + 750]) {
      lease = takeLeased(lease, at);
      expect(lease, `a token for the request at +${at - t0} ms`).toBeDefined();
    }
    expect(takeLeased(lease, t0 + 760)).toBeUndefined();
  });

  it('a guess of the demand takes at most half of what a full bucket holds beyond the waiting requests, with no lead', () => {
    // Half a dozen requests in one millisecond read as a thousand a second: the whole burst, before.
    const planned = planLease(policy, request({ demandPerSecond: 1000, waiting: 1 }));
    expect(planned).toMatchObject({ kind: 'lease', plan: { count: 10, earliestStart: t0 } });
    expect(planLease(policy, request({ demandPerSecond: 1000, waiting: 20 }))).toMatchObject({
      plan: { count: 20 },
    });
  });

  it('a flood, the bucket under half full, leases all it has left for the demand', () => {
    const planned = planLease(policy, request({ knownTat: t0 + 1500, demandPerSecond: 1000 }));
    expect(planned).toMatchObject({ kind: 'lease', plan: { count: 5, expectBusy: true } });
  });
});

describe('using a lease', () => {
  const lease = leaseFrom(policy, 3, t0 + 300); // slots at t0, t0+100, t0+200

  it('gives each token to a request that arrives by its slot, and lets the later slots wait', () => {
    let current: Lease | undefined = lease;
    current = takeLeased(current, t0);
    expect(current?.next).toBe(1);
    expect(leasedLeft(current, t0)).toBe(2);
    current = takeLeased(current, t0 + 150); // slot t0+100 has lapsed: the t0+200 one serves it
    expect(current?.next).toBe(3);
    expect(takeLeased(current, t0 + 150)).toBeUndefined();
  });

  it('a token lapses once its slot has passed', () => {
    expect(takeLeased(lease, t0 + 201)).toBeUndefined();
    expect(leasedLeft(lease, t0 + 201)).toBe(0);
  });

  it('a token is not used more than τ before its slot', () => {
    const ahead = leaseFrom(policy, 1, t0 + 3000); // slot t0+2900: due from t0+1000
    expect(takeLeased(ahead, t0 + 999)).toBeUndefined();
    expect(takeLeased(ahead, t0 + 1000)).toBeDefined();
  });
});

describe('pacing the writes of one instance', () => {
  it('allows two writes in any second', () => {
    let pacing = afterWrite(idlePacing, t0);
    expect(nextWriteAt(pacing)).toBeLessThanOrEqual(t0 + 1);
    pacing = afterWrite(pacing, t0 + 1);
    expect(nextWriteAt(pacing)).toBe(t0 + 1000);
    pacing = afterWrite(pacing, t0 + 1000);
    expect(nextWriteAt(pacing)).toBe(t0 + 1001);
  });

  it('allows four writes in any second while the last was granted and left the bucket half full, two otherwise', () => {
    let pacing = idlePacing;
    for (const at of [t0, t0 + 1, t0 + 2]) pacing = afterWrite(pacing, at);
    expect(nextWriteAt(pacing)).toBe(t0 + 1001);
    expect(nextWriteAt(pacing, true)).toBeLessThanOrEqual(t0 + 3);
    pacing = afterWrite(pacing, t0 + 3);
    expect(nextWriteAt(pacing, true)).toBe(t0 + 1000);
    // Once a write loses or the bucket is seen below half, the two latest writes are what counts.
    expect(nextWriteAt(pacing)).toBe(t0 + 1002);
  });

  it('after an empty bucket, waits for its next token plus a random share of a window that doubles', () => {
    const once = afterEmpty(idlePacing, t0 + 100, 1);
    expect(once.notBefore).toBe(t0 + 350);
    const twice = afterEmpty(once, t0 + 100, 1);
    expect(twice.notBefore).toBe(t0 + 600);
    expect(afterLease(twice).setbacks).toBe(0);
    expect(afterEmpty(idlePacing, t0 + 100, 0).notBefore).toBe(t0 + 100);
    let many = idlePacing;
    for (let index = 0; index < 8; index++) many = afterEmpty(many, t0, 1);
    expect(many.notBefore).toBe(t0 + 2000);
  });

  it('after a throttled write, backs off exponentially with jitter, up to 8 s', () => {
    let pacing = idlePacing;
    const backoffs: number[] = [];
    for (let index = 0; index < 6; index++) {
      pacing = afterThrottled(pacing, t0, 1);
      backoffs.push(pacing.notBefore - t0);
    }
    expect(backoffs).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(afterThrottled(idlePacing, t0, 0).notBefore).toBe(t0 + 250);
  });
});

describe("an instance's request rate", () => {
  it('is unknown after one request and follows the gaps after', () => {
    let rate = observeArrival({}, t0);
    expect(arrivalsPerSecond(rate)).toBeUndefined();
    rate = observeArrival(rate, t0 + 100);
    expect(arrivalsPerSecond(rate)).toBe(10);
    for (let index = 2; index < 40; index++) rate = observeArrival(rate, t0 + 100 + index * 20);
    expect(arrivalsPerSecond(rate)).toBeCloseTo(50, 0);
  });

  it('reads requests within one millisecond of each other as a thousand a second, not a million', () => {
    let rate = observeArrival({}, t0);
    for (let index = 0; index < 6; index++) rate = observeArrival(rate, t0);
    expect(arrivalsPerSecond(rate)).toBe(1000);
  });

  it('starts over after a pause: the next gap alone says the pace', () => {
    let rate = observeArrival({}, t0);
    for (let index = 1; index < 10; index++) rate = observeArrival(rate, t0 + index * 20);
    rate = observeArrival(rate, t0 + 60_000);
    expect(arrivalsPerSecond(rate)).toBeUndefined();
    rate = observeArrival(rate, t0 + 60_020);
    expect(arrivalsPerSecond(rate)).toBe(50);
  });
});
