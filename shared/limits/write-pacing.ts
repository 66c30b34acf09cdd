// How often one instance may write one shared bucket: at most `writesPerSecond` writes in any
// second, and not before a back-off after it found the bucket empty (wait for the next token,
// plus a random share of a window that doubles with each empty answer in a row, so that
// instances competing for the same refill spread out instead of racing) or throttled (the table
// refused the write: exponential back-off with jitter). Pure: the caller keeps the state and
// passes the clock and the random draw.

export interface WritePacing {
  /** When this instance last wrote, most recent last (at most `writesPerSecond` kept). */
  recentWrites: number[];
  /** No write before this (a back-off). */
  notBefore: number;
  /** Empty or throttled answers in a row. */
  setbacks: number;
}

export const pacingLimits = {
  writesPerSecond: 2,
  /** The first back-off window after an empty bucket; it doubles with each one in a row, up to the max. */
  emptyWindowMs: 250,
  maxEmptyWindowMs: 2000,
  /** The first back-off after a throttled write; it doubles with each one in a row. */
  throttledBackoffMs: 500,
  maxBackoffMs: 8000,
} as const;

export const idlePacing: WritePacing = { recentWrites: [], notBefore: 0, setbacks: 0 };

/** The earliest time this instance may write the bucket again. */
export function nextWriteAt(pacing: WritePacing): number {
  const { recentWrites, notBefore } = pacing;
  const windowFull = recentWrites.length >= pacingLimits.writesPerSecond;
  return Math.max(notBefore, windowFull ? recentWrites[0]! + 1000 : Number.NEGATIVE_INFINITY);
}

export function mayWrite(pacing: WritePacing, now: number): boolean {
  return nextWriteAt(pacing) <= now;
}

export function afterWrite(pacing: WritePacing, now: number): WritePacing {
  return { ...pacing, recentWrites: [...pacing.recentWrites, now].slice(-pacingLimits.writesPerSecond) };
}

/** The bucket granted a lease. */
export function afterLease(pacing: WritePacing): WritePacing {
  return { ...pacing, setbacks: 0 };
}

function window(base: number, setbacks: number, max: number): number {
  return Math.min(max, base * 2 ** Math.min(setbacks, 16));
}

/** The bucket had no token for us: wait until one frees up, plus a random share of a growing window. */
export function afterEmpty(pacing: WritePacing, tokenFreeAt: number, random: number): WritePacing {
  return {
    ...pacing,
    notBefore: Math.max(
      pacing.notBefore,
      tokenFreeAt +
        random * window(pacingLimits.emptyWindowMs, pacing.setbacks, pacingLimits.maxEmptyWindowMs),
    ),
    setbacks: pacing.setbacks + 1,
  };
}

/** The table throttled the write (or could not be reached): back off, half fixed and half random. */
export function afterThrottled(pacing: WritePacing, now: number, random: number): WritePacing {
  const backoff = window(pacingLimits.throttledBackoffMs, pacing.setbacks, pacingLimits.maxBackoffMs);
  return {
    ...pacing,
    notBefore: Math.max(pacing.notBefore, now + backoff * (0.5 + random / 2)),
    setbacks: pacing.setbacks + 1,
  };
}
