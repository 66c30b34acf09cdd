// A hosted page lives as long as its transaction can be paid, plus a week in which the link
// still shows "expired" (410) rather than "unknown" (404). An older page's entry carries this
// as its TTL; a newer page (no entry) is refused past it (page-model.ts `pageStillServed`).

export const expiredPageKeptMs = 7 * 24 * 60 * 60 * 1000;

/** The entry's TTL (epoch seconds), or undefined while the transaction has no expiry. */
export function hostedPageTtl(transactionExpiresAt: string | null): number | undefined {
  if (!transactionExpiresAt) return undefined;
  const expires = Date.parse(transactionExpiresAt);
  if (Number.isNaN(expires)) return undefined;
  return Math.ceil((expires + expiredPageKeptMs) / 1000);
}
