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

const throttlingErrors = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
]);

/** The table refused the request for its rate (a hot item or partition, or the account's limits). */
export function isThrottling(error: unknown): boolean {
  const candidate = error as { name?: string; $retryable?: { throttling?: boolean } } | undefined;
  return throttlingErrors.has(candidate?.name ?? '') || candidate?.$retryable?.throttling === true;
}
