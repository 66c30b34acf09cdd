// A transaction's events and their delivery attempts, stored beside the transaction.
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients.ts';
import { tableName } from '../config.ts';
import { type DeliveryAttempt, type DeliveryStatus, type EventRecord, eventKind } from '../events/event.ts';
import { eventIdAddress } from '../events/event-ids.ts';
import type { EventType } from '../events/event-types.ts';
import { withAttempt } from '../events/kept-attempts.ts';
import { transactIf, writeIf } from './conditional-writes.ts';
import { countChange } from './daily-counters.ts';
import { keys } from './keys.ts';
import { withoutKeys } from './records.ts';

export async function getEvent(
  accountId: string,
  transactionId: string,
  /** The event's type, and its subject for a type that has one. */
  which: { type: EventType; subjectId?: string | undefined },
): Promise<EventRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.event(accountId, transactionId, eventKind(which)),
      ConsistentRead: true,
    }),
  );
  return Item ? withoutKeys<EventRecord>(Item) : undefined;
}

/** The event by its public id: read where the id points, or through an older event's lookup item. */
export async function findEventById(accountId: string, eventId: string): Promise<EventRecord | undefined> {
  const address = eventIdAddress(eventId);
  if (!address) return undefined;
  if ('transactionId' in address) {
    const event = await getEvent(accountId, address.transactionId, address);
    return event?.eventId === eventId ? event : undefined;
  }
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.eventById(accountId, address.lookup) }),
  );
  if (!Item) return undefined;
  return getEvent(accountId, Item.transactionId as string, { type: Item.eventKind as EventType });
}

/** The transaction's events, each with its attempts in order. */
export async function listEventsWithAttempts(
  accountId: string,
  transactionId: string,
): Promise<Array<EventRecord & { attempts: DeliveryAttempt[] }>> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.transactionItemsPartition(accountId, transactionId),
          ':prefix': 'EVENT#',
        },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const events = items
    .filter((item) => item.entity === 'event')
    .map((item) => withoutKeys<EventRecord>(item))
    .map((event) => ({ ...event, attempts: [...(event.attempts ?? [])] }));
  // Attempts recorded before they moved onto the event are items of their own.
  for (const item of items.filter((entry) => entry.entity === 'deliveryAttempt')) {
    const { eventKind, attempt } = olderAttemptItem(item);
    const event = events.find((candidate) => candidate.type === eventKind);
    if (event && !event.attempts.some((kept) => kept.number === attempt.number)) event.attempts.push(attempt);
  }
  for (const event of events) event.attempts.sort((a, b) => a.number - b.number);
  return events;
}

/** An attempt recorded before attempts moved onto the event, as an item of its own: its event's type and the attempt. */
export function olderAttemptItem(item: Record<string, unknown>): {
  eventKind: string;
  attempt: DeliveryAttempt;
} {
  const { eventKind, eventId, ...attempt } = withoutKeys<
    DeliveryAttempt & { eventKind: string; eventId: string }
  >(item);
  void eventId;
  return { eventKind, attempt };
}

/**
 * Takes the next attempt for the chain that owns the event (its owner mark, `ownedDueAt`) without
 * moving the event in the work index: the mark is noted as claimed, so a copy of the same job
 * (an SQS duplicate) finds it taken. The caller keeps this for a mark that already outlasts the
 * attempt (the sweeper cannot start another chain meanwhile); a new chain brings a new mark.
 */
export function claimAttempt(event: EventRecord, ownedDueAt: string): Promise<boolean> {
  const owned = keys.pendingWork('deliver-event', ownedDueAt, event.transactionId).gsi2sk;
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.event(event.accountId, event.transactionId, eventKind(event)),
      UpdateExpression: 'SET claimedWorkSk = :owned',
      ConditionExpression:
        'gsi2sk = :owned AND attemptCount = :count AND deliveryStatus = :pending AND (attribute_not_exists(claimedWorkSk) OR claimedWorkSk <> :owned)',
      ExpressionAttributeValues: { ':owned': owned, ':count': event.attemptCount, ':pending': 'PENDING' },
    }),
  );
}

/**
 * Records one attempt on the event, with the event's new state, in one conditional write. The
 * attempt number must be the next one and the event must still carry the owner mark of the
 * chain that made the attempt (`ownedDueAt`), so a duplicate worker or a superseded chain
 * records nothing. The attempt count condition also means the event's attempts are the ones
 * `event` was read with, so the bounded list (`withAttempt`) is written whole. `nextDueAt` keeps the event in the work index (more attempts owed); null
 * takes it out. A run that fails for good is counted in the same transaction.
 */
export function recordAttempt(
  event: EventRecord,
  attempt: DeliveryAttempt,
  next: {
    deliveryStatus: DeliveryStatus;
    runAttempts: number;
    nextDueAt: string | null;
    lastError: string | null;
  },
  ownedDueAt: string,
  /** The transaction's currency and amount, counted when the run fails for good. */
  money: { currency: string; amount: number },
): Promise<boolean> {
  const workIndex = next.nextDueAt
    ? keys.pendingWork('deliver-event', next.nextDueAt, event.transactionId)
    : undefined;
  const assignments = [
    'attempts = :attempts',
    'attemptCount = :number',
    'runAttempts = :runAttempts',
    'lastAttemptAt = :at',
    'deliveryStatus = :status',
    'lastError = :lastError',
    'nextAttemptAt = :nextAttemptAt',
    ...(next.deliveryStatus === 'DELIVERED' ? ['deliveredAt = :at'] : []),
    ...(workIndex ? ['gsi2pk = :workPk', 'gsi2sk = :workSk'] : []),
  ];
  // Out of the work index once no attempt is owed.
  const removals = workIndex ? '' : ' REMOVE gsi2pk, gsi2sk';
  const owned = keys.pendingWork('deliver-event', ownedDueAt, event.transactionId);
  const update = {
    TableName: tableName(),
    Key: keys.event(event.accountId, event.transactionId, eventKind(event)),
    UpdateExpression: `SET ${assignments.join(', ')}${removals}`,
    ConditionExpression: 'attemptCount = :previous AND gsi2sk = :owned',
    ExpressionAttributeValues: {
      ':owned': owned.gsi2sk,
      ':number': attempt.number,
      ':previous': attempt.number - 1,
      ':runAttempts': next.runAttempts,
      ':at': attempt.at,
      ':status': next.deliveryStatus,
      ':lastError': next.lastError,
      ':nextAttemptAt': next.deliveryStatus === 'PENDING' ? next.nextDueAt : null,
      ':attempts': withAttempt(event.attempts ?? [], attempt),
      ...(workIndex ? { ':workPk': workIndex.gsi2pk, ':workSk': workIndex.gsi2sk } : {}),
    },
  };
  if (next.deliveryStatus !== 'FAILED') return writeIf(new UpdateCommand(update));
  return transactIf([
    { Update: update },
    countChange('deliveryFailed', {
      accountId: event.accountId,
      currency: money.currency,
      amount: money.amount,
      at: attempt.at,
    }),
  ]);
}

/** Marks an event that has nowhere to go (no postback URL at all); it stays listed, not lost. */
export function markUndeliverable(event: EventRecord, reason: string, now: Date): Promise<boolean> {
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.event(event.accountId, event.transactionId, eventKind(event)),
      UpdateExpression:
        'SET deliveryStatus = :undeliverable, lastError = :reason, lastAttemptAt = :now REMOVE gsi2pk, gsi2sk',
      ConditionExpression: 'deliveryStatus = :pending',
      ExpressionAttributeValues: {
        ':undeliverable': 'UNDELIVERABLE',
        ':pending': 'PENDING',
        ':reason': reason,
        ':now': now.toISOString(),
      },
    }),
  );
}

/**
 * Starts a new delivery run for an event whose last run ended, or that waits for a retry (its
 * new mark supersedes the waiting chain, whose job then finds the event no longer its own).
 * False while an attempt is being made.
 */
export function restartDelivery(event: EventRecord, dueAt: string): Promise<boolean> {
  const workIndex = keys.pendingWork('deliver-event', dueAt, event.transactionId);
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.event(event.accountId, event.transactionId, eventKind(event)),
      UpdateExpression:
        'SET deliveryStatus = :pending, runAttempts = :zero, gsi2pk = :workPk, gsi2sk = :workSk REMOVE nextAttemptAt',
      ConditionExpression:
        'deliveryStatus <> :pending OR (runAttempts > :zero AND (attribute_not_exists(claimedWorkSk) OR claimedWorkSk <> gsi2sk))',
      ExpressionAttributeValues: {
        ':pending': 'PENDING',
        ':zero': 0,
        ':workPk': workIndex.gsi2pk,
        ':workSk': workIndex.gsi2sk,
      },
    }),
  );
}
