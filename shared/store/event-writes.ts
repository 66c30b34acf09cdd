// The items a state change adds to its own DynamoDB transaction for its events: each event
// (with its work-index entry, so its delivery is owed until made, and its listing entry), and
// for each opt-in type a check that the account's choice is still the one the events were
// decided with. The check makes the decision part of the write: an opt-in (or opt-out) that
// lands between the read and the write fails the write instead of being missed.
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.ts';
import { type EventRecord, eventKind } from '../events/event.ts';
import type { OptInEventType } from '../events/event-types.ts';
import { keys } from './keys.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** An account's choice about one opt-in type, as the events to write were decided with it. */
export interface OptInChoice {
  type: OptInEventType;
  optedIn: boolean;
}

export interface EventWrites {
  accountId: string;
  /** The events to write; opt-in types only where the account opted in. */
  events: readonly EventRecord[];
  /** The account's choices the events were decided with, asserted by the write. */
  optInChoices: readonly OptInChoice[];
  /** When the sweeper starts an event's delivery if no job did (its first owner mark). */
  deliveryDueAt: string;
}

/** The attribute of the account item that lists its opt-in event types. */
export const optInAttribute = 'optInEventTypes';

export function eventWriteItems(writes: EventWrites): TransactItem[] {
  const puts: TransactItem[] = writes.events.map((event) => ({
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.event(event.accountId, event.transactionId, eventKind(event)),
        ...keys.pendingWork('deliver-event', writes.deliveryDueAt, event.transactionId),
        ...keys.eventListing(event.accountId, event.createdAt, event.eventId),
        entity: 'event',
        ...event,
      },
      // One event per transaction and type (and subject).
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }));
  if (!writes.optInChoices.length) return puts;
  const values: Record<string, string> = {};
  const conditions = writes.optInChoices.map(({ type, optedIn }, index) => {
    values[`:optIn${index}`] = type;
    return optedIn
      ? `contains(#optIn, :optIn${index})`
      : `(attribute_not_exists(#optIn) OR NOT contains(#optIn, :optIn${index}))`;
  });
  return [
    ...puts,
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.account(writes.accountId),
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: { '#optIn': optInAttribute },
        ExpressionAttributeValues: values,
      },
    },
  ];
}
