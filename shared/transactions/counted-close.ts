// The summary counts each transaction once, in its current status. A closed transaction (EXPIRED
// or CANCELED) was counted in that bucket on the day it closed; when the rail later reports it
// paid, the same write that makes it PAID takes it out of that bucket, on that day.
import type { TransactionRecord } from './transaction.ts';

/**
 * The bucket and time a closed transaction was counted at; null while it is not closed. Records
 * closed before `closedAt` was kept fall back to `canceledAt`, then `updatedAt` (the close's own
 * write, unless a later give-up noted its reason).
 */
export function countedClose(
  record: Pick<TransactionRecord, 'status' | 'closedAt' | 'canceledAt' | 'updatedAt'>,
): { change: 'expired' | 'canceled'; at: string } | null {
  if (record.status === 'EXPIRED') return { change: 'expired', at: record.closedAt ?? record.updatedAt };
  if (record.status === 'CANCELED')
    return { change: 'canceled', at: record.closedAt ?? record.canceledAt ?? record.updatedAt };
  return null;
}
