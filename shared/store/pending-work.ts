// The sparse work index (gsi2): what background work is owed, and when it is due.
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import { writeIf } from './conditional-writes.ts';
import { keys, type WorkKind } from './keys.ts';
import { table } from './table.ts';

export interface PendingWork {
  kind: WorkKind;
  accountId: string;
  transactionId: string;
  /** The item's own key, to postpone it. */
  key: { pk: string; sk: string };
  dueAt: string;
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
        '#txid': kind === 'delivery' ? 'transactionId' : 'id',
      },
      ExpressionAttributeValues: { ':pk': keys.pendingWorkPartition(kind), ':before': dueBefore },
      ProjectionExpression: 'pk, sk, accountId, #txid, #sk',
      Limit: limit,
    }),
  );
  return Items.map((item) => ({
    kind,
    accountId: item.accountId as string,
    transactionId: (kind === 'delivery' ? item.transactionId : item.id) as string,
    key: { pk: item.pk as string, sk: item.sk as string },
    dueAt: String(item[gsi2.sortKey]).split('#')[0] as string,
  }));
}

/**
 * Moves the work's due time; false when the work is no longer pending or, with `expectedDueAt`,
 * when someone else moved it meanwhile. A job chain carries the due time it set last: if that
 * changed, another chain (the sweeper's, or an SQS duplicate) owns the work and this one stops.
 */
export function postponeWork(
  work: Pick<PendingWork, 'kind' | 'key' | 'transactionId'>,
  dueAt: string,
  expectedDueAt?: string,
): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: work.key,
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
