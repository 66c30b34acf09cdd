// This instance's recent request rate for one subject: a moving average of the gaps between
// arrivals. It sizes leases (token-lease.ts): a busy instance leases more at once.

export interface ArrivalRate {
  lastArrival?: number;
  meanGapMs?: number;
}

/** How much one new gap moves the average. */
const weight = 0.25;

export function observeArrival(rate: ArrivalRate, at: number): ArrivalRate {
  if (rate.lastArrival === undefined) return { lastArrival: at };
  const gap = Math.max(0, at - rate.lastArrival);
  const meanGapMs = rate.meanGapMs === undefined ? gap : rate.meanGapMs + weight * (gap - rate.meanGapMs);
  return { lastArrival: Math.max(rate.lastArrival, at), meanGapMs };
}

/** Requests per second, or undefined before a second request was seen. */
export function arrivalsPerSecond(rate: ArrivalRate): number | undefined {
  if (rate.meanGapMs === undefined) return undefined;
  return 1000 / Math.max(rate.meanGapMs, 1e-3);
}
