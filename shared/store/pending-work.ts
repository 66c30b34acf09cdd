// The sparse work index (gsi2): what background work is owed, and when it is due.
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import { type EventType, isEventType } from '../events/event-types.ts';
import { writeIf } from './conditional-writes.ts';
import { keys, type WorkKind } from './keys.ts';
import { table } from './table.ts';

/** Which piece of work: the transaction's instruction or payment watch, or one of its events' delivery. */
export type WorkItem =
  | { kind: 'fill-instruction' | 'watch-payment'; accountId: string; transactionId: string }
  | { kind: 'deliver-event'; accountId: string; transactionId: string; eventType: EventType };

export type PendingWork = WorkItem & { dueAt: string };

/** The item that carries the work in the index: the transaction, or the event being delivered. */
function itemKey(work: WorkItem): { pk: string; sk: string } {
  return work.kind === 'deliver-event'
    ? keys.event(work.accountId, work.transactionId, work.eventType)
    : keys.transaction(work.accountId, work.transactionId);
}

const { gsi2 } = table.indexes;

/** Items whose work was due before `dueBefore`, oldest first. */
export async function listOverdueWork(
  kind: WorkKind,
  dueBefore: string,
  limit: number,
): Promise<PendingWork[]> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: '#pk = :pk AND #sk < :before',
      ExpressionAttributeNames: {
        '#pk': gsi2.partitionKey,
        '#sk': gsi2.sortKey,
        '#txid': kind === 'deliver-event' ? 'transactionId' : 'id',
        '#type': 'type',
      },
      ExpressionAttributeValues: { ':pk': keys.pendingWorkPartition(kind), ':before': dueBefore },
      ProjectionExpression: 'accountId, #txid, #type, #sk',
      Limit: limit,
    }),
  );
  return Items.flatMap((item): PendingWork[] => {
    const accountId = item.accountId as string;
    const dueAt = String(item[gsi2.sortKey]).split('#')[0] as string;
    if (kind !== 'deliver-event') return [{ kind, accountId, transactionId: item.id as string, dueAt }];
    if (!isEventType(item.type)) return [];
    return [{ kind, accountId, transactionId: item.transactionId as string, eventType: item.type, dueAt }];
  });
}

/**
 * Moves the work's due time; false when the work is no longer pending or, with `expectedDueAt`,
 * when someone else moved it meanwhile. A job chain carries the due time it set last: if that
 * changed, another chain (the sweeper's, or an SQS duplicate) owns the work and this one stops.
 */
export function postponeWork(work: WorkItem, dueAt: string, expectedDueAt?: string): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: itemKey(work),
      UpdateExpression: 'SET #sk = :sk',
      ConditionExpression: expectedDueAt ? '#pk = :pk AND #sk = :expected' : '#pk = :pk',
      ExpressionAttributeNames: { '#pk': gsi2.partitionKey, '#sk': gsi2.sortKey },
      ExpressionAttributeValues: {
        ':pk': keys.pendingWorkPartition(work.kind),
        ':sk': keys.pendingWork(work.kind, dueAt, work.transactionId).gsi2sk,
        ...(expectedDueAt
          ? { ':expected': keys.pendingWork(work.kind, expectedDueAt, work.transactionId).gsi2sk }
          : {}),
      },
    }),
  );
}
