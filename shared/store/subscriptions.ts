// Subscriptions: one item each, listed per account, with an externalId uniqueness item and, while
// a subscription bills, an entry in the sparse due index (`subscriptionDue`) that the cycle job
// reads. Every change is conditional on the state it was decided from: a cycle is charged in the
// same DynamoDB transaction as its charge (`cycleAdvanceItem`), so a cycle is charged once.
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName, workIndexShards } from '../config.ts';
import type { SubscriptionRecord } from '../subscriptions/subscription.ts';
import type { CursorKey, CursorShape } from './cursor.ts';
import { failedConditions, isConditionFailure } from './dynamo-errors.ts';
import { type EventWrites, eventWriteItems } from './event-writes.ts';
import { keys } from './keys.ts';
import { queryPage } from './paged-query.ts';
import { withoutKeys } from './records.ts';
import { table } from './table.ts';
import { isTransactionConflict, retryingConflicts } from './transaction-conflicts.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const toRecord = (item: Record<string, unknown>) => withoutKeys<SubscriptionRecord>(item);

/** Writes a new subscription (due for its first step at `dueAt`) and its externalId's uniqueness. */
export async function insertSubscription(
  record: SubscriptionRecord,
  dueAt: string,
): Promise<'inserted' | 'taken'> {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.subscription(record.accountId, record.id),
          ...keys.subscriptionListing(record.accountId, record.createdAt, record.id),
          ...keys.subscriptionDue(dueAt, record.id),
          entity: 'subscription',
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (record.recurrence)
    items.push({
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.recurrenceReference(record.recurrence.idRec),
          entity: 'recurrenceReference',
          accountId: record.accountId,
          subscriptionId: record.id,
          createdAt: record.createdAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  if (record.externalId !== null)
    items.push({
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.subscriptionExternalId(record.accountId, record.externalId),
          entity: 'subscriptionExternalId',
          subscriptionId: record.id,
          createdAt: record.createdAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  try {
    await retryingConflicts(() => dynamo().send(new TransactWriteCommand({ TransactItems: items })));
    return 'inserted';
  } catch (error) {
    // Its id (one derived from a checkout session, submitted twice) or its externalId.
    if (failedConditions(error).length) return 'taken';
    throw error;
  }
}

/** The subscription a Pix Automático recurrence belongs to, by the PSP's idRec. */
export async function findRecurrenceSubscription(
  idRec: string,
): Promise<{ accountId: string; subscriptionId: string } | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.recurrenceReference(idRec) }),
  );
  return Item
    ? { accountId: String(Item.accountId), subscriptionId: String(Item.subscriptionId) }
    : undefined;
}

export async function getSubscription(
  accountId: string,
  subscriptionId: string,
  consistent = false,
): Promise<SubscriptionRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.subscription(accountId, subscriptionId),
      ConsistentRead: consistent,
    }),
  );
  return Item ? toRecord(Item) : undefined;
}

/**
 * A change of a subscription, conditional on the status and cycle it was decided from. `dueAt`
 * moves its entry in the due index (null: it leaves the index, nothing more is due).
 */
export interface SubscriptionChangeWrite {
  /** The subscription as the change leaves it. */
  after: SubscriptionRecord;
  /** The subscription as it was read: its status, currentCycle and updatedAt must still be these. */
  before: Pick<SubscriptionRecord, 'status' | 'currentCycle' | 'updatedAt'>;
  dueAt: string | null;
}

const changedFields = [
  'status',
  'currentCycle',
  'currentTransactionId',
  'openCycle',
  'unpaidCycles',
  'chargeRetry',
  'updatedAt',
  'activatedAt',
  'canceledAt',
  'cancelReason',
] as const satisfies ReadonlyArray<keyof SubscriptionRecord>;

/** The placeholder the change's SET gives a field (the condition reads the same attributes). */
const nameOf = (field: (typeof changedFields)[number]) => `#f${changedFields.indexOf(field)}`;

/** The change as an item of a DynamoDB transaction (a cycle's charge is written with it). */
export function subscriptionChangeItem(change: SubscriptionChangeWrite): TransactItem {
  const { after, before, dueAt } = change;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {
    ':wasStatus': before.status,
    ':wasCycle': before.currentCycle,
    ':wasUpdatedAt': before.updatedAt,
  };
  const sets = changedFields.map((field, index) => {
    names[`#f${index}`] = field;
    // `chargeRetry` is absent on records written before it existed.
    values[`:v${index}`] = after[field] ?? null;
    return `#f${index} = :v${index}`;
  });
  const due = dueAt === null ? undefined : keys.subscriptionDue(dueAt, after.id);
  if (due) {
    sets.push('gsi2pk = :duePk', 'gsi2sk = :dueSk');
    values[':duePk'] = due.gsi2pk;
    values[':dueSk'] = due.gsi2sk;
  }
  return {
    Update: {
      TableName: tableName(),
      Key: keys.subscription(after.accountId, after.id),
      UpdateExpression: `SET ${sets.join(', ')}${due ? '' : ' REMOVE gsi2pk, gsi2sk'}`,
      // The whole record was decided from this read: any change since (even one that kept the
      // status and cycle, like a paid cycle's) makes the writer read again.
      ConditionExpression: [
        'attribute_exists(pk)',
        `${nameOf('status')} = :wasStatus`,
        `${nameOf('currentCycle')} = :wasCycle`,
        `${nameOf('updatedAt')} = :wasUpdatedAt`,
      ].join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Writes a change with its events (in one DynamoDB transaction when there are any). False when
 * the subscription was no longer as it was read (another step or a cancel got there first).
 */
export async function writeSubscriptionChange(
  change: SubscriptionChangeWrite,
  events?: EventWrites,
): Promise<boolean> {
  const item = subscriptionChangeItem(change);
  try {
    if (!events || events.events.length === 0) {
      await retryingConflicts(() => dynamo().send(new UpdateCommand(item.Update!)));
    } else {
      const items = [item, ...eventWriteItems(events)];
      await retryingConflicts(() => dynamo().send(new TransactWriteCommand({ TransactItems: items })));
    }
    return true;
  } catch (error) {
    if (isConditionFailure(error) || failedConditions(error).length || isTransactionConflict(error))
      return false;
    throw error;
  }
}

/** Moves a subscription's due entry only (a step found nothing to do yet), on the same condition. */
export function moveSubscriptionDue(record: SubscriptionRecord, dueAt: string): Promise<boolean> {
  return writeSubscriptionChange({ after: record, before: record, dueAt });
}

/** The subscriptions whose next step is due at `now`, oldest first, at most `limit` per partition. */
export async function dueSubscriptions(
  now: Date,
  limit: number,
): Promise<Array<{ accountId: string; id: string }>> {
  const { gsi2 } = table.indexes;
  const shards = Array.from({ length: workIndexShards() }, (_, shard) => shard);
  const pages = await Promise.all(
    shards.map((shard) =>
      dynamo().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'gsi2',
          KeyConditionExpression: '#pk = :pk AND #sk <= :now',
          ExpressionAttributeNames: { '#pk': gsi2.partitionKey, '#sk': gsi2.sortKey },
          ExpressionAttributeValues: {
            ':pk': keys.subscriptionDuePartition(shard),
            // `~` sorts after every id: a step due at exactly `now` is included.
            ':now': `${now.toISOString()}#~`,
          },
          Limit: limit,
        }),
      ),
    ),
  );
  return pages.flatMap((page) =>
    (page.Items ?? []).map((item) => ({ accountId: String(item.accountId), id: String(item.id) })),
  );
}

export function subscriptionCursorShape(accountId: string): CursorShape {
  return {
    fields: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
    pinned: {
      gsi1pk: keys.subscriptionListingPartition(accountId),
      sk: keys.subscription(accountId, 'x').sk,
    },
    check: (key) => key.pk === keys.subscription(accountId, String(key.gsi1sk).split('#').at(-1) ?? '').pk,
  };
}

/** The account's subscriptions newest first, optionally one status. */
export async function listSubscriptionRecords(
  accountId: string,
  options: { limit: number; after?: CursorKey; status?: string },
): Promise<{ records: SubscriptionRecord[]; nextKey: CursorKey | null }> {
  const { status } = options;
  const page = await queryPage({
    index: 'gsi1',
    partition: keys.subscriptionListingPartition(accountId),
    limit: options.limit,
    newestFirst: true,
    ...(status ? { keep: (item) => item.status === status } : {}),
    ...(options.after ? { after: options.after } : {}),
  });
  return { records: page.items.map(toRecord), nextKey: page.nextKey };
}
