// The sparse work index (gsi2): what background work is owed, and when it is due. Each kind of
// work is spread over several partitions (keys.pendingWork); the sweeper reads them all.
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import { type EmailKind, isEmailKind } from '../emails/email-kinds.ts';
import { eventKind } from '../events/event.ts';
import { type EventType, isEventType } from '../events/event-types.ts';
import { writeIf } from './conditional-writes.ts';
import { keys, type WorkKind } from './keys.ts';
import { table } from './table.ts';

/** Which piece of work: the transaction's instruction or payment watch, or one of its events' delivery. */
export type WorkItem =
  | { kind: 'fill-instruction' | 'watch-payment'; accountId: string; transactionId: string }
  | {
      kind: 'deliver-event';
      accountId: string;
      transactionId: string;
      eventType: EventType;
      /** The event's subject (a refund's id), for a type that has one. */
      subjectId?: string;
    }
  | { kind: 'settle-refund'; accountId: string; transactionId: string; refundId: string }
  | { kind: 'send-email'; accountId: string; transactionId: string; emailKind: EmailKind };

export type PendingWork = WorkItem & {
  dueAt: string;
  /** Sweeps in a row that found this work where the previous sweep left it (no job made progress). */
  sweepsWithoutProgress: number;
  /** Delivery work only: attempts the event has had so far. */
  attemptCount?: number;
};

export type WorkPageKey = Record<string, unknown>;

/** The item that carries the work in the index: the transaction, or the event being delivered. */
function itemKey(work: WorkItem): { pk: string; sk: string } {
  if (work.kind === 'settle-refund') return keys.refund(work.accountId, work.transactionId, work.refundId);
  if (work.kind === 'deliver-event')
    return keys.event(
      work.accountId,
      work.transactionId,
      eventKind({ type: work.eventType, subjectId: work.subjectId }),
    );
  if (work.kind === 'send-email') return keys.email(work.accountId, work.transactionId, work.emailKind);
  return keys.transaction(work.accountId, work.transactionId);
}

/** The id the work index sorts and shards the work by: the refund's for a refund, else the transaction's. */
function workId(work: WorkItem): string {
  return work.kind === 'settle-refund' ? work.refundId : work.transactionId;
}

const { gsi2 } = table.indexes;

/** The subject an event's item key names after its type (`EVENT#<type>#<subject>`), if any. */
function subjectOfEventKey(sortKey: string, type: string): { subjectId?: string } {
  const prefix = `EVENT#${type}#`;
  return sortKey.startsWith(prefix) ? { subjectId: sortKey.slice(prefix.length) } : {};
}

/** One page of the work in one partition that was due before `dueBefore`, oldest first. */
export async function listOverdueWork(
  kind: WorkKind,
  shard: number,
  dueBefore: string,
  limit: number,
  startKey?: WorkPageKey,
): Promise<{ work: PendingWork[]; nextKey: WorkPageKey | undefined }> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: '#pk = :pk AND #sk < :before',
      ExpressionAttributeNames: {
        '#pk': gsi2.partitionKey,
        '#sk': gsi2.sortKey,
        '#txid':
          kind === 'deliver-event' || kind === 'settle-refund' || kind === 'send-email'
            ? 'transactionId'
            : 'id',
        '#type': 'type',
        ...(kind === 'deliver-event' ? { '#itemSk': table.sortKey } : {}),
      },
      ExpressionAttributeValues: { ':pk': keys.pendingWorkPartition(kind, shard), ':before': dueBefore },
      // An event's subject is read from its item key (the index projects the table's keys).
      ProjectionExpression: `accountId, #txid, #type, #sk, workSweeps, sweptWorkSk, attemptCount${kind === 'settle-refund' ? ', id' : ''}${kind === 'deliver-event' ? ', #itemSk' : ''}`,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  const work = (page.Items ?? []).flatMap((item): PendingWork[] => {
    const accountId = item.accountId as string;
    const sortKey = String(item[gsi2.sortKey]);
    const dueAt = sortKey.split('#')[0] as string;
    // The count only holds while the item is where the last sweep put it; any move is progress.
    const sweepsWithoutProgress = item.sweptWorkSk === sortKey ? Number(item.workSweeps ?? 0) : 0;
    if (kind === 'settle-refund')
      return [
        {
          kind,
          accountId,
          transactionId: item.transactionId as string,
          refundId: item.id as string,
          dueAt,
          sweepsWithoutProgress,
        },
      ];
    if (kind === 'send-email')
      return isEmailKind(item.type)
        ? [
            {
              kind,
              accountId,
              transactionId: item.transactionId as string,
              emailKind: item.type,
              dueAt,
              sweepsWithoutProgress,
            },
          ]
        : [];
    if (kind !== 'deliver-event')
      return [{ kind, accountId, transactionId: item.id as string, dueAt, sweepsWithoutProgress }];
    if (!isEventType(item.type)) return [];
    return [
      {
        kind,
        accountId,
        transactionId: item.transactionId as string,
        eventType: item.type,
        ...subjectOfEventKey(String(item[table.sortKey]), item.type),
        dueAt,
        sweepsWithoutProgress,
        attemptCount: Number(item.attemptCount ?? 0),
      },
    ];
  });
  return { work, nextKey: page.LastEvaluatedKey };
}

function sortKey(work: WorkItem, dueAt: string): string {
  return keys.pendingWork(work.kind, dueAt, workId(work)).gsi2sk;
}

/**
 * Moves the work's due time and answers the due time it set (the caller's next owner mark), or
 * null when the work is no longer pending or, with `expectedDueAt`, when someone else moved it
 * meanwhile. A job chain carries the due time it set last (its owner mark): if that changed,
 * another chain (the sweeper's, or an SQS duplicate) owns the work and this one stops.
 */
export async function postponeWork(
  work: WorkItem,
  dueAt: string,
  expectedDueAt?: string,
): Promise<string | null> {
  // The due time is the owner mark: a move to the very same time would leave it unchanged, and a
  // duplicate chain holding it would pass too (two jobs planning the same deadline do that).
  const movedDueAt = dueAt === expectedDueAt ? new Date(Date.parse(dueAt) + 1).toISOString() : dueAt;
  const entry = keys.pendingWork(work.kind, movedDueAt, workId(work));
  const moved = await writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: itemKey(work),
      UpdateExpression: 'SET #pk = :pk, #sk = :sk',
      ConditionExpression: expectedDueAt
        ? 'begins_with(#pk, :kind) AND #sk = :expected'
        : 'begins_with(#pk, :kind)',
      ExpressionAttributeNames: { '#pk': gsi2.partitionKey, '#sk': gsi2.sortKey },
      ExpressionAttributeValues: {
        ':kind': keys.pendingWorkPrefix(work.kind),
        ':pk': entry.gsi2pk,
        ':sk': entry.gsi2sk,
        ...(expectedDueAt ? { ':expected': sortKey(work, expectedDueAt) } : {}),
      },
    }),
  );
  return moved ? movedDueAt : null;
}

/**
 * The sweeper takes overdue work found at `work.dueAt`: moves it to `nextDueAt` and counts the
 * sweep. False when a live chain moved it meanwhile (that chain keeps it).
 */
export function claimOverdueWork(work: PendingWork, nextDueAt: string, sweeps: number): Promise<boolean> {
  const entry = keys.pendingWork(work.kind, nextDueAt, workId(work));
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: itemKey(work),
      UpdateExpression: 'SET #pk = :pk, #sk = :sk, workSweeps = :sweeps, sweptWorkSk = :sk',
      ConditionExpression: 'begins_with(#pk, :kind) AND #sk = :expected',
      ExpressionAttributeNames: { '#pk': gsi2.partitionKey, '#sk': gsi2.sortKey },
      ExpressionAttributeValues: {
        ':kind': keys.pendingWorkPrefix(work.kind),
        ':pk': entry.gsi2pk,
        ':sk': entry.gsi2sk,
        ':sweeps': sweeps,
        ':expected': sortKey(work, work.dueAt),
      },
    }),
  );
}

/** Takes back a sweep that never reached the queue (SQS down): it is no failure of the job. */
export function uncountSweep(work: WorkItem, claimedDueAt: string, sweeps: number): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: itemKey(work),
      UpdateExpression: 'SET workSweeps = :previous',
      ConditionExpression: '#sk = :claimed',
      ExpressionAttributeNames: { '#sk': gsi2.sortKey },
      ExpressionAttributeValues: { ':previous': sweeps - 1, ':claimed': sortKey(work, claimedDueAt) },
    }),
  );
}

/** What giving up did: the item became FAILED, or (a closed transaction's last look) only noted why. */
export type Abandoned = 'failed' | 'noted';

/**
 * Gives the work up: a PENDING transaction (instruction or payment watch) becomes FAILED with
 * its reason, keeping its payment watch for one last look at the rail at `lastLookDueAt` (null:
 * it leaves the index); the event's delivery becomes FAILED and leaves the index. A closed
 * transaction's last look keeps its status, only records the reason and leaves the index. Only
 * from where the sweeper found it, so a chain that came back to life meanwhile wins (null).
 */
export async function abandonWork(
  work: PendingWork,
  reason: string,
  now: Date,
  lastLookDueAt: string | null = null,
): Promise<Abandoned | null> {
  const names = { '#pk': gsi2.partitionKey, '#sk': gsi2.sortKey };
  const update = (expression: string, condition: string, values: Record<string, unknown>) =>
    writeIf(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(work),
        UpdateExpression: expression,
        ConditionExpression: `#sk = :expected AND ${condition}`,
        ExpressionAttributeNames: condition.includes('#status') ? { ...names, '#status': 'status' } : names,
        ExpressionAttributeValues: { ':expected': sortKey(work, work.dueAt), ':reason': reason, ...values },
      }),
    );
  const leaveIndex = 'REMOVE #pk, #sk, workSweeps, sweptWorkSk';
  // The rail is the authority on a refund: it stays PENDING (an operator is alerted and asks it).
  if (work.kind === 'settle-refund')
    return (await update(`SET failureReason = :reason ${leaveIndex}`, '#status = :pending', {
      ':pending': 'PENDING',
    }))
      ? 'noted'
      : null;
  if (work.kind === 'send-email')
    return (await update(
      `SET #status = :failed, reason = :reason ${leaveIndex}`,
      '#status IN (:queued, :sending)',
      { ':failed': 'FAILED', ':queued': 'QUEUED', ':sending': 'SENDING' },
    ))
      ? 'failed'
      : null;
  if (work.kind === 'deliver-event')
    return (await update(
      `SET deliveryStatus = :failed, lastError = :reason ${leaveIndex}`,
      'deliveryStatus = :pending',
      { ':failed': 'FAILED', ':pending': 'PENDING' },
    ))
      ? 'failed'
      : null;
  const at = { ':now': now.toISOString() };
  const lastLook = lastLookDueAt
    ? keys.pendingWork('watch-payment', lastLookDueAt, work.transactionId)
    : null;
  const failed = await update(
    'SET #status = :failed, failureReason = :reason, updatedAt = :now' +
      (lastLook ? ', #pk = :lookPk, #sk = :lookSk REMOVE workSweeps, sweptWorkSk' : ` ${leaveIndex}`),
    '#status = :pending',
    {
      ':failed': 'FAILED',
      ':pending': 'PENDING',
      ...at,
      ...(lastLook ? { ':lookPk': lastLook.gsi2pk, ':lookSk': lastLook.gsi2sk } : {}),
    },
  );
  if (failed) return 'failed';
  return (await update(`SET failureReason = :reason, updatedAt = :now ${leaveIndex}`, '#status <> :pending', {
    ':pending': 'PENDING',
    ...at,
  }))
    ? 'noted'
    : null;
}
