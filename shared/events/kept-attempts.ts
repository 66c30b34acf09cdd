// An event keeps its delivery attempts on its own item, which DynamoDB caps at 400 KB and bills
// by size on every write: redeliveries must not grow it without end. It keeps the first attempt
// (when delivery started) and the latest ones (a whole run of the default schedule), and counts
// every attempt in `attemptCount`; the numbers of the kept ones show where attempts were left out.
import type { DeliveryAttempt } from './event.ts';

/** The latest attempts an event keeps besides its first: a whole run of the default retry schedule. */
export const keptLatestAttempts = 10;

/** The event's kept attempts once `next` is recorded. */
export function withAttempt(kept: readonly DeliveryAttempt[], next: DeliveryAttempt): DeliveryAttempt[] {
  const all = [...kept, next];
  if (all.length <= 1 + keptLatestAttempts) return all;
  return [all[0]!, ...all.slice(-keptLatestAttempts)];
}
