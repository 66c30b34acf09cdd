import { describe, expect, it } from 'vitest';
import { rateLimitHeaders } from '../../shared/limits/rate-limit-headers.ts';
import { decide, type RatePolicy } from '../../shared/limits/token-bucket.ts';

const policy: RatePolicy = { perSecond: 100, burst: 200 };

function run(count: number, at: number, tat?: number) {
  let state = tat;
  let allowed = 0;
  let last = decide(policy, state, at);
  for (let index = 0; index < count; index++) {
    last = decide(policy, state, at);
    if (last.allowed) {
      allowed++;
      state = last.tat;
    }
  }
  return { allowed, last, tat: state };
}

describe('token bucket (GCRA)', () => {
  it('lets a burst of exactly `burst` requests through at once, then refuses', () => {
    const { allowed, last } = run(300, 0);
    expect(allowed).toBe(200);
    expect(last).toEqual({ allowed: false, remaining: 0, resetSeconds: 2, retryAfterSeconds: 1 });
  });

  it('refills at the steady rate: 100 more after one second', () => {
    const first = run(200, 0);
    expect(run(300, 1000, first.tat).allowed).toBe(100);
  });

  it('counts down what is left and when the bucket is full again', () => {
    const first = decide(policy, undefined, 0);
    expect(first).toMatchObject({ allowed: true, remaining: 199, resetSeconds: 1 });
    const tenth = run(10, 0);
    expect(tenth.last).toMatchObject({ allowed: true, remaining: 190 });
  });

  it('a long-idle bucket is full', () => {
    expect(run(250, 60_000, 1000).allowed).toBe(200);
  });

  it('says it in the IETF fields, with Retry-After only when refused', () => {
    const refused = run(201, 0).last;
    expect(rateLimitHeaders('account', policy, refused)).toEqual({
      'ratelimit-policy': '"account";q=200;w=2',
      ratelimit: '"account";r=0;t=2',
      'retry-after': '1',
    });
    expect(rateLimitHeaders('account', policy, decide(policy, undefined, 0))).toEqual({
      'ratelimit-policy': '"account";q=200;w=2',
      ratelimit: '"account";r=199;t=1',
    });
  });
});
