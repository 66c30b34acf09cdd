// Whether a dashboard read (a GET: safe to repeat) is tried again, and after how long: a 429
// after its Retry-After, a 5xx or a dropped connection after a short back-off, at most twice,
// so a merchant does not see a page fail for a moment's limit or a function starting up.

export const maxReadAttempts = 3;

/** The longest wait a 429's Retry-After may ask for before the page shows the error instead. */
const longestWaitMs = 5_000;

/**
 * Milliseconds to wait before trying attempt `attempt + 1`, or null when the answer stands.
 * `status` 0: no answer (the connection failed).
 */
export function readRetryDelayMs(status: number, retryAfter: string | null, attempt: number): number | null {
  if (attempt >= maxReadAttempts) return null;
  if (status === 429) {
    const seconds = Number(retryAfter ?? '1');
    const waitMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000;
    return waitMs <= longestWaitMs ? waitMs : null;
  }
  if (status === 0 || status >= 500) return 500 * attempt;
  return null;
}
