// How often one instance may write one shared bucket: at most `writesPerSecond` writes in any
// second (`roomyWritesPerSecond` while its last write, granted moments ago, left the bucket at
// least half full: the caller says so), and not before a back-off after it found the bucket empty
// (wait for the next token, plus a random share of a window that doubles with each empty answer
// in a row, so that instances competing for the same refill spread out instead of racing) or
// throttled (the table refused the write: exponential back-off with jitter). Pure: the caller
// keeps the state and passes the clock, the bucket's room and the random draw.
//
// Why more writes while the bucket has room: an account far below its policy reaches each
// instance in sparse, uneven bursts, so leases sized by the instance's pace are small, and with
// two writes a second a request that finds its lease spent waits up to a second for the next
// slot (in a simulation of such traffic, 4 instances at a quarter of 100/s, one request in
// twenty waited about half a second). The bound exists for the one item a flood is aimed at:
// under a flood most writes lose the race for the refill and the bucket is soon drained, so an
// instance is back to two.

export interface WritePacing {
  /** When this instance last wrote, most recent last (at most `roomyWritesPerSecond` kept). */
  recentWrites: number[];
  /** No write before this (a back-off). */
  notBefore: number;
  /** Empty or throttled answers in a row. */
  setbacks: number;
}

export const pacingLimits = {
  writesPerSecond: 2,
  /** While the last write was granted and left the bucket at least half full (far below the policy). */
  roomyWritesPerSecond: 4,
  /** The first back-off window after an empty bucket; it doubles with each one in a row, up to the max. */
  emptyWindowMs: 250,
  maxEmptyWindowMs: 2000,
  /** The first back-off after a throttled write; it doubles with each one in a row. */
  throttledBackoffMs: 500,
  maxBackoffMs: 8000,
} as const;

export const idlePacing: WritePacing = { recentWrites: [], notBefore: 0, setbacks: 0 };

/**
 * The earliest time this instance may write the bucket again; `roomy`: its last write was
 * granted and left the bucket at least half full.
 */
export function nextWriteAt(pacing: WritePacing, roomy = false): number {
  const allowed = roomy ? pacingLimits.roomyWritesPerSecond : pacingLimits.writesPerSecond;
  const recentWrites = pacing.recentWrites.slice(-allowed);
  const windowFull = recentWrites.length >= allowed;
  return Math.max(pacing.notBefore, windowFull ? recentWrites[0]! + 1000 : Number.NEGATIVE_INFINITY);
}

export function afterWrite(pacing: WritePacing, now: number): WritePacing {
  return {
    ...pacing,
    recentWrites: [...pacing.recentWrites, now].slice(-pacingLimits.roomyWritesPerSecond),
  };
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
