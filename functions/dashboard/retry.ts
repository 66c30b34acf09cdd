// Whether a dashboard call is tried again, and after how long, so a merchant does not see a page
// fail for a moment's limit or a function starting up:
// - a 429, whatever the method, after its Retry-After (up to 5 s): the service refused it before
//   doing anything, so repeating it cannot do anything twice;
// - a read (GET: safe to repeat) after a 5xx or a dropped connection, after a short back-off;
// at most three attempts in all. A write that failed otherwise shows its error: it may have
// happened, and the merchant decides.

export const maxAttempts = 3;

/** The longest wait a 429's Retry-After may ask for before the page shows the error instead. */
const longestWaitMs = 5_000;

/**
 * Milliseconds to wait before trying attempt `attempt + 1`, or null when the answer stands.
 * `status` 0: no answer (the connection failed).
 */
export function retryDelayMs(
  method: string,
  status: number,
  retryAfter: string | null,
  attempt: number,
): number | null {
  if (attempt >= maxAttempts) return null;
  if (status === 429) {
    const seconds = Number(retryAfter ?? '1');
    const waitMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000;
    return waitMs <= longestWaitMs ? waitMs : null;
  }
  if (method === 'GET' && (status === 0 || status >= 500)) return 500 * attempt;
  return null;
}
