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

export function installSimulatedClock(startEpochMs: number): SimulatedClock {
  let current = startEpochMs;
  globalThis.Date = simulatedDateClass(() => current);
  return {
    now: () => current,
    advanceTo(epochMs) {
      if (epochMs < current)
        throw new Error(`the simulated clock cannot go back (${new RealDate(epochMs).toISOString()})`);
      current = epochMs;
    },
    restore() {
      globalThis.Date = RealDate;
    },
  };
}
