// The yardstick of the shared rate limit's tests and bench: how many of these arrivals one exact
// bucket (GCRA) seeing every request would have refused (float dust of a microsecond allowed).
export function refusedByOneBucket(policy: { perSecond: number; burst: number }, arrivals: number[]): number {
  const interval = 1000 / policy.perSecond;
  const tolerance = (policy.burst - 1) * interval;
  let tat = Number.NEGATIVE_INFINITY;
  let over = 0;
  for (const at of [...arrivals].sort((a, b) => a - b)) {
    const current = Math.max(tat, at);
    if (current > at + tolerance + 2e-3) over++;
    else tat = current + interval;
  }
  return over;
}
