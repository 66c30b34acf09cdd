// The one door events enter through: a state change names the event types it emits and writes
// them in its own DynamoDB transaction (`write` spreads `eventWriteItems` into it), so an event
// exists exactly when its state change happened. Opt-in types are written only for an account
// that opted in: the account's choice is read (from the settings cache) before the write and
// asserted inside it, so a choice changed meanwhile fails the write, which is then decided
// again from a consistent read; a write that failed for its own state answers null.
// The first delivery is started after the write (start-delivery.ts).
import type { AccountRecord } from '../accounts/account.ts';
import { accountSettings } from '../accounts/account-settings.ts';
import { serviceConfig } from '../config.ts';
import { getAccount } from '../store/api-keys.ts';
import type { EventWrites } from '../store/event-writes.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { eventTypes, type OptInEventType, type TransactionEventType } from './event-types.ts';
import { type EventSubject, newEvent } from './new-event.ts';

/** The events a state change writes, given the account's opt-in types (pure). */
export function planEventWrites(
  /** The transaction as the state change leaves it. */
  transaction: TransactionRecord,
  types: readonly TransactionEventType[],
  optedIn: readonly string[],
  now: Date,
  deliveryDueAt: string,
  subject?: EventSubject,
): EventWrites {
  const optInTypes = types.filter(
    (type): type is TransactionEventType & OptInEventType => eventTypes[type].optIn,
  );
  const optInChoices = optInTypes.map((type) => ({ type, optedIn: optedIn.includes(type) }));
  const written = types.filter((type) => !eventTypes[type].optIn || optedIn.includes(type));
  return {
    accountId: transaction.accountId,
    events: written.map((type) => newEvent(type, transaction, now, subject)),
    optInChoices,
    deliveryDueAt,
  };
}

const optedInOf = (account: AccountRecord | undefined): readonly string[] => account?.optInEventTypes ?? [];

/**
 * Writes a state change with its events. `write` makes the change with `eventWriteItems(events)`
 * in the same transaction and answers null when its conditions failed. Answers the write's
 * result and the events written, or null when the state change did not happen.
 */
export async function writeWithEvents<T>(
  /** The transaction as the state change leaves it: the events' subject, and their copy of it. */
  transaction: TransactionRecord,
  types: readonly TransactionEventType[],
  now: Date,
  write: (events: EventWrites) => Promise<T | null>,
  /** For a type about a subject of the transaction (a refund): that subject. */
  subject?: EventSubject,
): Promise<{ result: T; events: EventWrites } | null> {
  const deliveryDueAt = new Date(now.getTime() + serviceConfig().sweepAfterMs).toISOString();
  const decides = types.some((type) => eventTypes[type].optIn);
  let optedIn = decides ? optedInOf(await accountSettings(transaction.accountId)) : [];
  // A choice read from the cache may be stale: the first failure reads it consistently. Each
  // retry follows a change of the account's choice, which a merchant makes by hand.
  for (let attempt = 0; attempt < 3; attempt++) {
    const events = planEventWrites(transaction, types, optedIn, now, deliveryDueAt, subject);
    const result = await write(events);
    if (result !== null) return { result, events };
    if (!decides) return null;
    const current = optedInOf(await getAccount(transaction.accountId, true));
    const sameChoices = events.optInChoices.every(({ type, optedIn: was }) => current.includes(type) === was);
    if (sameChoices) return null;
    optedIn = current;
  }
  return null;
}
