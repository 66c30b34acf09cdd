// A token bucket kept as one number: the generic cell rate algorithm (GCRA). `tat` (theoretical
// arrival time, epoch ms) is when the bucket would be full again; each request pushes it one
// emission interval further. One number fits one conditional DynamoDB update, and the same
// arithmetic serves the in-memory per-address limiter.

export interface RatePolicy {
  /** Steady rate the bucket refills at. */
  perSecond: number;
  /** Bucket capacity: how many requests may arrive at once after a quiet period. */
  burst: number;
}

export type Decision =
  | { allowed: true; tat: number; remaining: number; resetSeconds: number }
  | { allowed: false; remaining: 0; resetSeconds: number; retryAfterSeconds: number };

export function emissionIntervalMs(policy: RatePolicy): number {
  return 1000 / policy.perSecond;
}

/** The latest `tat` a request may find and still be allowed (the bucket holds at least one token). */
export function latestAllowedTat(policy: RatePolicy, now: number): number {
  return now + (policy.burst - 1) * emissionIntervalMs(policy);
}

/** The decision for one request arriving at `now` against a bucket whose state is `tat`. */
export function decide(policy: RatePolicy, tat: number | undefined, now: number): Decision {
  const interval = emissionIntervalMs(policy);
  const current = tat === undefined || tat < now ? now : tat;
  if (current > latestAllowedTat(policy, now)) {
    return {
      allowed: false,
      remaining: 0,
      resetSeconds: Math.ceil((current - now) / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil((current - latestAllowedTat(policy, now)) / 1000)),
    };
  }
  return allowedAt(policy, current + interval, now);
}

/** What an allowed request tells the client once the bucket's new state is `tat`. */
export function allowedAt(policy: RatePolicy, tat: number, now: number): Decision & { allowed: true } {
  const interval = emissionIntervalMs(policy);
  const used = Math.max(0, tat - now);
  return {
    allowed: true,
    tat,
    remaining: Math.max(0, Math.floor((policy.burst * interval - used) / interval + 1e-9)),
    resetSeconds: Math.ceil(used / 1000),
  };
}
