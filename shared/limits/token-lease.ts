// Leasing tokens from the shared GCRA bucket (token-bucket.ts) in batches, so that an instance
// writes the bucket's one item a few times a second however many requests it serves.
//
// A lease of n tokens moves the shared `tat` by n emission intervals: its tokens are the n
// consecutive slots that start at `start`, `start + I`, … (I the emission interval). Token k
// may serve a request that arrives within [slot − τ, slot] (τ = (burst − 1)·I): no earlier than
// the bucket would have let a request take that slot, no later than the slot itself. Every
// admitted request then sits in a slot of its own inside that window, which is exactly what one
// bucket seeing every request would allow: in any window [a, b] at most burst + (b − a)/I
// requests, across all instances (the proof is the slots: disjoint, I wide, starting within
// [a, b + τ]). A token not used by its slot lapses.
//
// Slots start no earlier than the latest request waiting for them, plus a lead when this
// instance's requests come slower than the policy's rate (so the lease lasts until its next
// write rather than lapsing slot by slot); the lead is the price of exactness: while leases are
// out, that much of the burst is held.
import { emissionIntervalMs, type RatePolicy } from './token-bucket.ts';

/** Floating-point dust in epoch-millisecond arithmetic (a microsecond). */
export const epsilonMs = 1e-3;

/** Tokens held by one instance: slots `start + k·interval` for k in [next, count). */
export interface Lease {
  start: number;
  interval: number;
  /** τ of the policy the lease was taken under. */
  toleranceMs: number;
  count: number;
  /** The first token not yet used or lapsed. */
  next: number;
}

export function toleranceMs(policy: RatePolicy): number {
  return (policy.burst - 1) * emissionIntervalMs(policy);
}

/** How many tokens the shared bucket holds for a request arriving at `at`, given its `tat`. */
export function tokensLeft(policy: RatePolicy, tat: number | undefined, at: number): number {
  if (tat === undefined || tat <= at) return policy.burst;
  const interval = emissionIntervalMs(policy);
  const left = Math.floor((at + toleranceMs(policy) - tat) / interval + epsilonMs / interval) + 1;
  return Math.max(0, Math.min(policy.burst, left));
}

/** Whether `tokens` left in the shared bucket are at least half its burst (the bucket has room). */
export function halfTheBurstOrMore(policy: RatePolicy, tokens: number): boolean {
  return 2 * tokens >= policy.burst;
}

/** The index of the token a request arriving at `at` may use, or undefined when none may. */
function usableIndex(lease: Lease, at: number): number | undefined {
  const { start, interval } = lease;
  // Slots before `at` have lapsed; slots more than τ ahead of `at` are not yet due.
  const first = Math.max(lease.next, Math.ceil((at - start - epsilonMs) / interval));
  const last = Math.min(lease.count - 1, Math.floor((at - start + lease.toleranceMs + epsilonMs) / interval));
  return first <= last ? first : undefined;
}

/** Spends one leased token for a request arriving at `at`; undefined when the lease has none for it. */
export function takeLeased(lease: Lease | undefined, at: number): Lease | undefined {
  if (!lease) return undefined;
  const index = usableIndex(lease, at);
  return index === undefined ? undefined : { ...lease, next: index + 1 };
}

/** Tokens of the lease still usable by a request arriving at `at` or later. */
export function leasedLeft(lease: Lease | undefined, at: number): number {
  if (!lease) return 0;
  const first = Math.max(lease.next, Math.ceil((at - lease.start - epsilonMs) / lease.interval));
  return Math.max(0, lease.count - first);
}

export interface LeaseRequest {
  /** The shared `tat` this instance last saw (a lower bound: it never moves back). */
  knownTat: number | undefined;
  /** Arrival of the earliest and the latest request waiting for this lease. */
  earliestArrival: number;
  latestArrival: number;
  /** How many requests wait for it. */
  waiting: number;
  /** This instance's recent request rate for the subject (undefined: not known yet). */
  demandPerSecond: number | undefined;
  /** How long a lease should last at that rate. */
  horizonMs: number;
}

/** One conditional write: slots start at max(tat, earliestStart) and must start by latestStart. */
export interface LeasePlan {
  count: number;
  earliestStart: number;
  /** The lease is refused when the bucket's tat is past this. */
  latestStart: number;
  /** The bucket's state as this instance knows it: busy (tat ≥ earliestStart) or idle. */
  expectBusy: boolean;
}

/** Whether the lease can be taken, and how; `tokenFreeAt`: when the next token frees up. */
export type LeasePlanResult = { kind: 'lease'; plan: LeasePlan } | { kind: 'empty'; tokenFreeAt: number };

/**
 * Tokens wanted: every waiting request, or the demand expected over the horizon if more. From a
 * bucket at least half full, the expectation takes at most half of what is left beyond the
 * waiting requests: it is a guess from a few gaps, and a lease sized by a burst's guess alone
 * would take the whole burst, refusing the account's other functions for two seconds after half
 * a dozen requests at once on one of them. Below half full the account is busy everywhere, and
 * the lease takes what it guesses (a flood then costs fewer writes).
 */
export function tokensWanted(policy: RatePolicy, request: LeaseRequest): number {
  const expected =
    request.demandPerSecond === undefined
      ? 0
      : Math.ceil((request.demandPerSecond * request.horizonMs) / 1000);
  const left = tokensLeft(policy, request.knownTat, request.latestArrival);
  const guess = halfTheBurstOrMore(policy, left)
    ? Math.min(expected, request.waiting + Math.floor((left - request.waiting) / 2))
    : expected;
  return Math.max(1, Math.min(policy.burst, Math.max(request.waiting, guess)));
}

/** How far ahead of the latest arrival a lease of `count` slots starts (see the top of the file). */
export function leadMs(policy: RatePolicy, count: number, request: LeaseRequest): number {
  const interval = emissionIntervalMs(policy);
  if (request.demandPerSecond === undefined || request.demandPerSecond <= 0) return 0;
  const spacing = Math.max(interval, 1000 / request.demandPerSecond);
  return Math.min(request.horizonMs, Math.max(0, count - request.waiting) * (spacing - interval));
}

export function planLease(policy: RatePolicy, request: LeaseRequest): LeasePlanResult {
  const interval = emissionIntervalMs(policy);
  const tolerance = toleranceMs(policy);
  // A slot must not start more than τ after the earliest waiting request's arrival.
  const limit = request.earliestArrival + tolerance + epsilonMs;
  const layout = (count: number) => {
    const earliestStart = request.latestArrival + leadMs(policy, count, request);
    const start = Math.max(request.knownTat ?? Number.NEGATIVE_INFINITY, earliestStart);
    return { earliestStart, start, fits: start + (count - 1) * interval <= limit };
  };
  // The largest count that fits (fitting is monotone in the count): a binary search.
  let low = 0;
  let high = tokensWanted(policy, request);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (layout(middle).fits) low = middle;
    else high = middle - 1;
  }
  if (low === 0)
    return {
      kind: 'empty',
      tokenFreeAt: Math.max(request.latestArrival, (request.knownTat ?? 0) - tolerance),
    };
  const { earliestStart, start } = layout(low);
  return {
    kind: 'lease',
    plan: {
      count: low,
      earliestStart,
      latestStart: limit - (low - 1) * interval,
      expectBusy: start > earliestStart,
    },
  };
}

/** The lease a granted plan gives, from the bucket's `tat` after the write. */
export function leaseFrom(policy: RatePolicy, count: number, tatAfter: number): Lease {
  const interval = emissionIntervalMs(policy);
  return { start: tatAfter - count * interval, interval, toleranceMs: toleranceMs(policy), count, next: 0 };
}
