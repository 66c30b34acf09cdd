// The per-account limit holds across instances: several limiters, each with its own memory as
// separate Lambda instances have, share one bucket in the real (local) DynamoDB. A limiter that
// never asked the table would let each of them admit the account's whole burst.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LeasingLimiter } from '../../shared/limits/leasing-limiter.ts';
import type { RatePolicy } from '../../shared/limits/token-bucket.ts';
import { leaseTokens } from '../../shared/store/rate-limits.ts';
import { useSharedStore } from '../support/api.ts';
import { refusedByOneBucket } from '../support/exact-bucket.ts';

// 10 a second, bursts of 20.
const policy: RatePolicy = { perSecond: 10, burst: 20 };

/** The instances' clock: the tests move it themselves. */
let now = Date.now();
const instances = (count: number) =>
  Array.from({ length: count }, () => new LeasingLimiter({ lease: leaseTokens, clock: () => now }));

describe('the account limit across instances (shared bucket in DynamoDB)', () => {
  it('four instances hit at once admit together one burst, and a fifth that starts after finds it spent', async () => {
    useSharedStore();
    const subject = `acc_across-${randomUUID()}`;
    now = Date.now();
    const burstAt = (limiter: LeasingLimiter) =>
      Promise.all(Array.from({ length: policy.burst }, () => limiter.take(subject, policy)));
    const firstFour = (await Promise.all(instances(4).map(burstAt))).flat();
    const [fifth] = instances(1);
    const late = await burstAt(fifth!);
    const admitted = [...firstFour, ...late].filter((decision) => decision.allowed).length;
    expect(admitted).toBeGreaterThan(0);
    // Each instance alone would have admitted 20: 100 in all.
    expect(admitted).toBeLessThanOrEqual(policy.burst);
  });

  it('three instances taking turns at four times the rate for 2 s admit no more than one bucket would', async () => {
    useSharedStore();
    const subject = `acc_across-${randomUUID()}`;
    const limiters = instances(3);
    const start = Date.now();
    const admitted: number[] = [];
    // 40 requests a second in all, one every 25 ms, round-robin over the instances.
    for (let index = 0; index < 80; index++) {
      now = start + index * 25;
      if ((await limiters[index % limiters.length]!.take(subject, policy)).allowed) admitted.push(now);
    }
    expect(admitted.length).toBeGreaterThan(policy.burst);
    expect(admitted.length).toBeLessThanOrEqual(policy.burst + 2 * policy.perSecond);
    expect(refusedByOneBucket(policy, admitted)).toBe(0);
  });
});
