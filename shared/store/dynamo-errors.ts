// Reading the outcome of conditional writes and transactions.

export function isConditionFailure(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'ConditionalCheckFailedException';
}

/**
 * For a cancelled TransactWrite, the index of each item whose condition failed. Empty when the
 * error is not a cancellation for condition failures (then it is a fault and must be thrown).
 */
export function failedConditions(error: unknown): number[] {
  if ((error as Error | undefined)?.name !== 'TransactionCanceledException') return [];
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
}

/** Removes the table's key attributes from an item before it becomes a domain record. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const { pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, ttl, entity, ...record } = item;
  void pk;
  void sk;
  void gsi1pk;
  void gsi1sk;
  void gsi2pk;
  void gsi2sk;
  void ttl;
  void entity;
  return record as T;
}
