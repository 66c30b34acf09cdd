// An event's public id names its transaction and type (`evt_<transaction id>_paid`), and its
// subject when the type has one (`evt_<transaction id>_refundsucceeded_<refund id>`), so the event
// is found by its id without a lookup item of its own. Events made before carry `evt_<uuid>`
// and are found through their lookup item.
import { type EventType, eventTypeNames, eventTypes, hasSubject } from './event-types.ts';

export function eventIdOf(transactionId: string, type: EventType, subjectId?: string): string {
  return `evt_${transactionId}_${eventTypes[type].idSuffix}${subjectId ? `_${subjectId}` : ''}`;
}

export type EventIdAddress =
  | { transactionId: string; type: EventType; subjectId?: string }
  | { lookup: string };

/** Where an id leads: its transaction and type, or (an older event) its lookup item; null when no event can have it. */
export function eventIdAddress(eventId: string): EventIdAddress | null {
  if (/^evt_[0-9a-f-]{36}$/.test(eventId)) return { lookup: eventId };
  const match = /^evt_(\d{1,32})_([a-z]+)(?:_([A-Za-z0-9_]{1,80}))?$/.exec(eventId);
  if (!match) return null;
  const type = eventTypeNames.find((name) => eventTypes[name].idSuffix === match[2]);
  if (!type || hasSubject(type) !== (match[3] !== undefined)) return null;
  return match[3]
    ? { transactionId: match[1]!, type, subjectId: match[3] }
    : { transactionId: match[1]!, type };
}
