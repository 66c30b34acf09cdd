// The account's events newest first (gsi1, `createdAt#eventId`, written with each event), each
// with its last delivery attempt (kept on the event; an older event's is read by key).
import { type DeliveryAttempt, type EventRecord, eventKind } from '../events/event.ts';
import type { CursorKey, CursorShape } from './cursor.ts';
import { olderAttemptItem } from './events.ts';
import { keys } from './keys.ts';
import { itemsOfEntries, queryPage } from './paged-query.ts';
import { withoutKeys } from './records.ts';

export function eventCursorShape(accountId: string): CursorShape {
  const partition = keys.eventListingPartition(accountId);
  return {
    fields: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
    pinned: { gsi1pk: partition },
    // An event lives in its transaction's partition: the table key must stay in this account.
    check: (key) =>
      String(key.pk).startsWith(keys.transactionItemsPartition(accountId, '')) &&
      String(key.sk).startsWith('EVENT#'),
  };
}

export async function listEventRecords(
  accountId: string,
  options: {
    limit: number;
    after?: CursorKey;
    range: { from?: string; to?: string };
    keep: (record: EventRecord) => boolean;
  },
): Promise<{
  records: Array<EventRecord & { lastAttempt: DeliveryAttempt | null }>;
  nextKey: CursorKey | null;
}> {
  const page = await queryPage({
    index: 'gsi1',
    partition: keys.eventListingPartition(accountId),
    limit: options.limit,
    newestFirst: true,
    sortKeyRange: options.range,
    keep: (item) => options.keep(withoutKeys<EventRecord>(item)),
    ...(options.after ? { after: options.after } : {}),
  });
  const records = page.items.map((item) => withoutKeys<EventRecord>(item));
  const attempts = await lastAttempts(records);
  return {
    records: records.map((record) => ({ ...record, lastAttempt: attempts.get(record.eventId) ?? null })),
    nextKey: page.nextKey,
  };
}

async function lastAttempts(records: EventRecord[]): Promise<Map<string, DeliveryAttempt>> {
  const found = new Map<string, DeliveryAttempt>();
  for (const record of records) {
    const last = record.attempts?.at(-1);
    if (last && last.number === record.attemptCount) found.set(record.eventId, last);
  }
  // An event whose last attempt was recorded before attempts moved onto it: read its item.
  const older = records.filter((record) => record.attemptCount > 0 && !found.has(record.eventId));
  const items = await itemsOfEntries(
    older.map((record) =>
      keys.eventAttempt(record.accountId, record.transactionId, eventKind(record), record.attemptCount),
    ),
  );
  items.forEach((item, index) => {
    if (item) found.set(older[index]!.eventId, olderAttemptItem(item).attempt);
  });
  return found;
}
