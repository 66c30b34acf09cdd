// An event's public id names its transaction and type (`evt_<transaction id>_paid`), so the event
// is found by its id without a lookup item of its own. Events made before carry `evt_<uuid>`
// and are found through their lookup item.
import { type EventType, eventTypeNames, eventTypes } from './event-types.ts';

export function eventIdOf(transactionId: string, type: EventType): string {
  return `evt_${transactionId}_${eventTypes[type].idSuffix}`;
}

export type EventIdAddress = { transactionId: string; type: EventType } | { lookup: string };

/** Where an id leads: its transaction and type, or (an older event) its lookup item; null when no event can have it. */
export function eventIdAddress(eventId: string): EventIdAddress | null {
  if (/^evt_[0-9a-f-]{36}$/.test(eventId)) return { lookup: eventId };
  const match = /^evt_(\d{1,32})_([a-z]+)$/.exec(eventId);
  if (!match) return null;
  const type = eventTypeNames.find((name) => eventTypes[name].idSuffix === match[2]);
  return type ? { transactionId: match[1]!, type } : null;
}
