// This instance's recent request rate for one subject: a moving average of the gaps between
// arrivals. It sizes leases (token-lease.ts): a busy instance leases more at once. A pause
// longer than a lease's horizon starts the average over: averaged in, a minute of silence would
// read as "one request a quarter-minute" for the next twenty requests of a burst, each lease would
// hold a token or two, and with two writes a second the burst would wait up to a second per write
// slot. A shorter gap moves the average twice as far as a longer one: when eight requests come at
// once where one came at a time, the lease taken on the jump must last until the next write slot.

export interface ArrivalRate {
  lastArrival?: number;
  meanGapMs?: number;
}

/** How much one new gap moves the average. */
const weight = 0.25;
/** How much a shorter gap moves it: the pace picks up faster than it slows down. */
const speedUpWeight = 0.5;

/** A gap longer than this is a pause, not a pace (a lease is sized for a second of demand). */
export const pauseMs = 1000;

export function observeArrival(rate: ArrivalRate, at: number): ArrivalRate {
  if (rate.lastArrival === undefined) return { lastArrival: at };
  const gap = Math.max(0, at - rate.lastArrival);
  if (gap > pauseMs) return { lastArrival: at };
  const meanGapMs =
    rate.meanGapMs === undefined
      ? gap
      : rate.meanGapMs + (gap < rate.meanGapMs ? speedUpWeight : weight) * (gap - rate.meanGapMs);
  return { lastArrival: Math.max(rate.lastArrival, at), meanGapMs };
}

/** Date.now() counts whole milliseconds. */
const clockResolutionMs = 1;

/**
 * Requests per second, or undefined before a second request was seen. The clock counts whole
 * milliseconds: requests in the same one are "under a millisecond apart", not a million a second.
 */
export function arrivalsPerSecond(rate: ArrivalRate): number | undefined {
  if (rate.meanGapMs === undefined) return undefined;
  return 1000 / Math.max(rate.meanGapMs, clockResolutionMs);
}
