// A simulated wall clock for the cost model: `new Date()` and `Date.now()` answer the simulated
// time, so the handlers live through days of a transaction's life in seconds. Everything else
// (dates built from a value, parsing, formatting) is the real Date; timers and
// `performance.now()` stay real, so handler durations are still measured in real time.

const RealDate = globalThis.Date;

export interface SimulatedClock {
  now(): number;
  /** Moves the clock to `epochMs`; never backwards (the handlers would see time run back). */
  advanceTo(epochMs: number): void;
  /** Puts the real Date back. */
  restore(): void;
}

/** A Date class whose argument-less forms read `now()`; exported for the unit test. */
export function simulatedDateClass(now: () => number): DateConstructor {
  class SimulatedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now());
      else super(...(args as [string | number | Date]));
    }

    static override now(): number {
      return now();
    }
  }
  return SimulatedDate as unknown as DateConstructor;
}

/**
 * `flowing`: between moves the clock also runs with real time, as a handler's clock does while it
 * waits (the rate limiter waits for its next write slot and then reads the clock again; a clock
 * that stood still would refuse the request). A move to a time the clock has already passed by
 * running is then no move at all; a move back past the last move is a bug and throws.
 */
export function installSimulatedClock(
  startEpochMs: number,
  options: { flowing?: boolean; realNow?: () => number } = {},
): SimulatedClock {
  const realNow = options.realNow ?? (() => performance.now());
  let current = startEpochMs;
  let movedAt = realNow();
  const now = () => (options.flowing ? current + (realNow() - movedAt) : current);
  globalThis.Date = simulatedDateClass(now);
  return {
    now,
    advanceTo(epochMs) {
      if (epochMs < current)
        throw new Error(`the simulated clock cannot go back (${new RealDate(epochMs).toISOString()})`);
      current = Math.max(epochMs, now());
      movedAt = realNow();
    },
    restore() {
      globalThis.Date = RealDate;
    },
  };
}
