// DynamoDB on AWS cancels a transaction that races another one on the same item
// (`TransactionCanceledException` with `TransactionConflict` reasons, or a single write's
// `TransactionConflictException`). DynamoDB Local serialises instead, so only AWS shows it.
// Neither is the caller's fault, and retrying the same write is safe.

/** A write that lost a race with a transaction on the same item (no condition failed). */
export function isTransactionConflict(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  if (name === 'TransactionConflictException') return true;
  if (name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return (
    reasons.some((reason) => reason.Code === 'TransactionConflict') &&
    !reasons.some((reason) => reason.Code === 'ConditionalCheckFailed')
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const maxConflictAttempts = 6;

/** Runs the write again (with jittered backoff) while it loses races; rethrows anything else. */
export async function retryingConflicts<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= maxConflictAttempts) throw error;
      await pause(10 * 2 ** attempt * Math.random());
    }
  }
}
