// One instance's side of the shared rate limit: it serves requests from tokens it leased from
// the shared bucket (token-lease.ts), and writes the bucket only when its lease has no token for
// a request, at most twice a second (four times while its last write was granted and left the
// bucket at least half full) and never during a back-off (write-pacing.ts). Requests that
// arrive while a write is in flight wait for it and share it. What it decides:
// - a leased token → allowed;
// - no leased token and this instance has used its writes of this second: wait for its next write
//   slot (under a second) unless the bucket is known empty; a request still unserved after that
//   waits again only while the bucket as last seen has a token now for every waiting request (a
//   race lost to another instance), and is refused otherwise (under a flood the waits would chain,
//   deciding requests seconds after they arrived and admitting them on later seconds' tokens);
// - the shared bucket (as last seen, or as the write found it) has no token → 429;
// - the table throttled the write → 429 until the back-off ends (logged): under a flood the shared
//   item is what is hot, and admitting without a lease would hand the flood every request the
//   bucket could not count;
// - the write did not answer in time, or failed otherwise → a lease laid out after the bucket as
//   last seen (what it asked for, or the policy's rate over the back-off if more), and no write
//   until the back-off ends: one lease (≤ burst) per back-off bounds what the instance admits, and
//   a slow table does not refuse ordinary traffic.
// The DynamoDB write is injected (store/rate-limits.ts in the service), so several instances
// can share one bucket in a test or a benchmark.
import { log } from '../log.ts';
import type { LeaseOutcome } from '../store/rate-limits.ts';
import { type ArrivalRate, arrivalsPerSecond, observeArrival } from './arrival-rate.ts';
import { type Decision, emissionIntervalMs, type RatePolicy } from './token-bucket.ts';
import {
  halfTheBurstOrMore,
  type Lease,
  type LeasePlan,
  leasedLeft,
  leaseFrom,
  planLease,
  takeLeased,
  tokensLeft,
  toleranceMs,
} from './token-lease.ts';
import {
  afterEmpty,
  afterLease,
  afterThrottled,
  afterWrite,
  idlePacing,
  nextWriteAt,
  type WritePacing,
} from './write-pacing.ts';

export type LeaseWriter = (
  subject: string,
  plan: LeasePlan,
  emissionIntervalMs: number,
) => Promise<LeaseOutcome>;

export interface LeasingLimiterOptions {
  lease: LeaseWriter;
  /** How long a lease should last at this instance's rate (one write a second, one to spare). */
  horizonMs?: number;
  random?: () => number;
  /** The clock writes are paced by (epoch ms). */
  clock?: () => number;
  /**
   * Waits for this instance's next write slot. Default: real time; with a `clock` of a test's
   * own and no `sleep`, none: a request that would wait for a slot is refused instead.
   */
  sleep?: (ms: number) => Promise<void>;
}

/** A decision and the time it was made at (the time it counts at). */
export type TimedDecision = Decision & { decidedAt: number };

interface Waiter {
  resolve: (decision: TimedDecision) => void;
  /** It has waited for a write slot once: it waits again only while the bucket has room. */
  waitedForSlot?: boolean;
}

interface SubjectState {
  lease?: Lease;
  /** The shared bucket's tat as last seen (it never moves back). */
  knownTat?: number;
  arrivals: ArrivalRate;
  pacing: WritePacing;
  /** When its last write ended, if it was granted (not a lost race, a throttle or a failure). */
  grantedAt?: number;
  waiting: Waiter[];
  writing: boolean;
}

const maxSubjects = 10_000;

/** How recent a granted write must be for what it showed of the bucket to earn more writes. */
const roomyForMs = 500;

/**
 * Whether this instance may write more often (write-pacing.ts): its last write was granted less
 * than `roomyForMs` ago and left the shared bucket at least half full. Under a flood most writes
 * lose the race for the refill and the bucket is soon drained; what a write saw a second ago
 * says little about it.
 */
function bucketRoomy(policy: RatePolicy, state: SubjectState, now: number): boolean {
  return (
    state.grantedAt !== undefined &&
    now - state.grantedAt < roomyForMs &&
    halfTheBurstOrMore(policy, tokensLeft(policy, state.knownTat, now))
  );
}

/** Whether the shared bucket, as last seen, has no token now (tat never moves back). */
function bucketKnownEmpty(policy: RatePolicy, knownTat: number | undefined, now: number): boolean {
  return knownTat !== undefined && knownTat - toleranceMs(policy) > now;
}

export class LeasingLimiter {
  readonly #subjects = new Map<string, SubjectState>();
  readonly #lease: LeaseWriter;
  readonly #horizonMs: number;
  readonly #random: () => number;
  readonly #clock: () => number;
  /** Absent when the clock cannot be waited on (a test's own clock without a sleep). */
  readonly #sleep: ((ms: number) => Promise<void>) | undefined;

  constructor(options: LeasingLimiterOptions) {
    this.#lease = options.lease;
    this.#horizonMs = options.horizonMs ?? 1000;
    this.#random = options.random ?? Math.random;
    this.#clock = options.clock ?? Date.now;
    this.#sleep =
      options.sleep ??
      (options.clock ? undefined : (ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /**
   * The decision for one request of `subject`, counted when it is decided: the instance's clock,
   * not the request's arrival, which a cold start or a busy instance can leave seconds behind
   * (tokens are valid within a window of their slot, and the waiters of one write share one time).
   */
  take(subject: string, policy: RatePolicy): Promise<TimedDecision> {
    const at = this.#clock();
    const state = this.#state(subject);
    state.arrivals = observeArrival(state.arrivals, at);
    const leased = this.#fromLease(state, policy, at);
    if (leased) return Promise.resolve(leased);
    return new Promise((resolve) => {
      state.waiting.push({ resolve });
      if (!state.writing) void this.#serveWaiting(subject, state, policy);
    });
  }

  #state(subject: string): SubjectState {
    let state = this.#subjects.get(subject);
    if (!state) {
      if (this.#subjects.size >= maxSubjects) this.#subjects.clear();
      state = { arrivals: {}, pacing: idlePacing, waiting: [], writing: false };
      this.#subjects.set(subject, state);
    }
    return state;
  }

  #fromLease(state: SubjectState, policy: RatePolicy, at: number): TimedDecision | undefined {
    const lease = takeLeased(state.lease, at);
    if (!lease) return undefined;
    state.lease = lease;
    const tat = state.knownTat ?? at;
    return {
      allowed: true,
      decidedAt: at,
      tat,
      remaining: Math.min(policy.burst, leasedLeft(lease, at) + tokensLeft(policy, tat, at)),
      resetSeconds: Math.ceil(Math.max(0, tat - at) / 1000),
    };
  }

  #refusal(state: SubjectState, policy: RatePolicy, at: number): TimedDecision {
    const tat = state.knownTat ?? at;
    const tokenFreeAt = tat - toleranceMs(policy);
    const retryAt = Math.max(tokenFreeAt, nextWriteAt(state.pacing, bucketRoomy(policy, state, at)));
    return {
      allowed: false,
      decidedAt: at,
      remaining: 0,
      resetSeconds: Math.ceil(Math.max(0, tat - at) / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil((retryAt - at) / 1000)),
    };
  }

  async #serveWaiting(subject: string, state: SubjectState, policy: RatePolicy): Promise<void> {
    state.writing = true;
    try {
      while (state.waiting.length) {
        const batch = state.waiting.splice(0);
        // Decided now: those that waited for a write are counted at its end.
        const now = this.#clock();
        const unserved = batch.filter((waiter) => {
          const decision = this.#fromLease(state, policy, now);
          if (decision) waiter.resolve(decision);
          return !decision;
        });
        if (!unserved.length) continue;
        const earliestArrival = now;
        const latestArrival = now;
        const refuseAll = () => {
          for (const waiter of unserved) waiter.resolve(this.#refusal(state, policy, now));
        };
        const slotAt = nextWriteAt(state.pacing, bucketRoomy(policy, state, now));
        if (slotAt > now) {
          // Only this instance's own pacing stands in the way (no back-off, the bucket not known
          // empty): wait for the next write slot, under a second, rather than refuse a request
          // the account's policy has room for.
          if (
            this.#sleep &&
            state.pacing.notBefore <= now &&
            !bucketKnownEmpty(policy, state.knownTat, now)
          ) {
            // A request that has waited for a slot waits again only while the bucket, as last
            // seen, holds a token now for every waiting request (a race lost to another instance
            // of the account); short of that the account is using its rate up.
            const room = tokensLeft(policy, state.knownTat, now) >= unserved.length;
            const patient = room ? unserved : unserved.filter((waiter) => !waiter.waitedForSlot);
            for (const waiter of unserved)
              if (!patient.includes(waiter)) waiter.resolve(this.#refusal(state, policy, now));
            if (!patient.length) continue;
            await this.#sleep(slotAt - now);
            // A Node timer keeps its own millisecond clock: it can fire up to a millisecond before
            // Date.now() reaches the slot, or before Date.now() moves at all after a 1 ms wait.
            // The next round then waits out the rest; only reaching the slot counts as a wait.
            // Those that arrived meanwhile waited for this slot too.
            if (this.#clock() >= slotAt)
              for (const waiter of [...patient, ...state.waiting]) waiter.waitedForSlot = true;
            state.waiting.unshift(...patient);
            continue;
          }
          refuseAll();
          continue;
        }
        const planned = planLease(policy, {
          knownTat: state.knownTat,
          earliestArrival,
          latestArrival,
          waiting: unserved.length,
          demandPerSecond: arrivalsPerSecond(state.arrivals),
          horizonMs: this.#horizonMs,
        });
        // The bucket is known to be empty: tat never moves back, so no write can say otherwise.
        if (planned.kind === 'empty') {
          refuseAll();
          continue;
        }
        let outcome: LeaseOutcome | { kind: 'failed'; error: unknown };
        try {
          outcome = await this.#lease(subject, planned.plan, emissionIntervalMs(policy));
        } catch (error) {
          outcome = { kind: 'failed', error };
        }
        // Paced from when the write ended: the bound then holds for when writes reach the table too.
        const wroteAt = this.#clock();
        state.pacing = afterWrite(state.pacing, wroteAt);
        state.grantedAt = outcome.kind === 'leased' ? wroteAt : undefined;
        if (outcome.kind === 'throttled') {
          log.warn('rate limiter: the table throttled the shared bucket; refusing until the back-off ends');
          state.pacing = afterThrottled(state.pacing, now, this.#random());
          refuseAll();
          continue;
        }
        if (outcome.kind === 'failed') {
          // Slow or unreachable, not hot: the instance takes a lease laid out after the bucket as
          // it last saw it, for what it asked or the policy's rate over the back-off, whichever is
          // more, and writes again only after the back-off. The lease asked for may be a single
          // token: with it alone, an account far below its policy would be refused until the
          // back-off ends. The slots come due at the policy's rate, one lease (≤ burst) per
          // back-off, which doubles: the instance stays within the policy.
          log.warn(
            'rate limiter: the shared bucket could not be written; serving one lease from what was last seen',
            {
              error: (outcome.error as Error).message,
            },
          );
          state.pacing = afterThrottled(state.pacing, now, this.#random());
          const backOffMs = state.pacing.notBefore - now;
          const count = Math.max(
            planned.plan.count,
            Math.min(policy.burst, Math.ceil((policy.perSecond * backOffMs) / 1000)),
          );
          const start = Math.max(state.knownTat ?? Number.NEGATIVE_INFINITY, planned.plan.earliestStart);
          state.lease = leaseFrom(policy, count, start + count * emissionIntervalMs(policy));
          for (const waiter of unserved.splice(0)) {
            const decision = this.#fromLease(state, policy, now);
            waiter.resolve(decision ?? this.#refusal(state, policy, now));
          }
          continue;
        }
        state.knownTat = Math.max(
          state.knownTat ?? Number.NEGATIVE_INFINITY,
          outcome.tat ?? Number.NEGATIVE_INFINITY,
        );
        if (outcome.kind === 'leased') {
          state.lease = leaseFrom(policy, planned.plan.count, outcome.tat);
          state.pacing = afterLease(state.pacing);
          // The requests the write was sent for count at the time it was sent (its slots start
          // then); those that came during it are decided next round, at their own time.
          for (const waiter of unserved.splice(0)) {
            const decision = this.#fromLease(state, policy, now);
            if (decision) waiter.resolve(decision);
            else unserved.push(waiter);
          }
        } else {
          // Lost the race. When the bucket turns out empty, wait for its next token (and a
          // random share of a growing window, so the instances that lost do not race again).
          const replanned = planLease(policy, {
            knownTat: state.knownTat,
            earliestArrival,
            latestArrival,
            waiting: unserved.length,
            demandPerSecond: undefined,
            horizonMs: this.#horizonMs,
          });
          if (replanned.kind === 'empty')
            state.pacing = afterEmpty(state.pacing, replanned.tokenFreeAt, this.#random());
        }
        // Served from the new lease, or refused, or one more write (the pacing decides) next round.
        state.waiting.unshift(...unserved);
      }
    } finally {
      state.writing = false;
    }
  }
}
