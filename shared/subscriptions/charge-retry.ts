// What a failed attempt to create a cycle's charge leads to (pure): another attempt later, with a
// growing wait, or giving the cycle up. Giving up is bounded twice: by the attempts and by the
// cycle's deadline (a charge created after it could not be paid in time). A cycle given up counts
// as a cycle that ended unpaid (subscription-status.ts: PAST_DUE, or CANCELED when the retries of
// the cycles in a row are spent).

/** The waits after the 1st, 2nd… failed attempt; one more failure after the last gives the cycle up. */
export const chargeRetryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;

/** Attempts at a cycle's charge before it is given up. */
export const maxChargeAttempts = chargeRetryDelaysMs.length + 1;

/** The failed attempts at the charge of `cycle` (the next one) and when the next attempt is due. */
export interface ChargeRetry {
  cycle: number;
  attempts: number;
  /** ISO instant: the cycle job (not the sandbox's next-cycle) waits until then. */
  at: string;
}

export type ChargeFailureOutcome =
  | { kind: 'retry'; retry: ChargeRetry }
  | { kind: 'give-up'; attempts: number; why: 'attempts' | 'deadline' };

/**
 * After an attempt at `cycle`'s charge failed at `now`: the retry to record, or give up.
 * `previous` is the retry recorded before (for another cycle, it does not count).
 */
export function planChargeFailure(
  previous: ChargeRetry | null | undefined,
  cycle: number,
  now: Date,
  deadline: Date,
): ChargeFailureOutcome {
  const attempts = previous?.cycle === cycle ? previous.attempts + 1 : 1;
  if (attempts >= maxChargeAttempts) return { kind: 'give-up', attempts, why: 'attempts' };
  const at = new Date(now.getTime() + chargeRetryDelaysMs[attempts - 1]!);
  if (at >= deadline) return { kind: 'give-up', attempts, why: 'deadline' };
  return { kind: 'retry', retry: { cycle, attempts, at: at.toISOString() } };
}

/** When the charge of `cycle` may be attempted again: the recorded retry's time, if it is for that cycle. */
export function chargeRetryAt(retry: ChargeRetry | null | undefined, cycle: number): Date | null {
  return retry?.cycle === cycle ? new Date(retry.at) : null;
}

/** The subject id of a given-up cycle's event (one per cycle: it names the cycle). */
export const missedCycleSubject = (subscriptionId: string, cycle: number) =>
  `${subscriptionId}_missed${cycle}`;

/** What a failure is called in the logs: its kind and code, never its message (it may quote a document). */
export function failureKind(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.name}:${code}` : error.name;
}
