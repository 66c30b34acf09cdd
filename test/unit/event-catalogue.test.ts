// The event catalogue (shared/events/event-types.ts) drives what a state change writes: which
// types an account must opt in to, and whether `data` is copied at the event or read at delivery.
// Every type a transaction's state change can write is named by one such change, so a row
// without its emitting call fails here (and a row without its OpenAPI entry fails `tsc`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/paths.ts';
import { eventIdAddress } from '../../shared/events/event-ids.ts';
import {
  eventTypeNames,
  eventTypes,
  hasSubject,
  optInEventTypeNames,
  type TransactionEventType,
} from '../../shared/events/event-types.ts';
import type { EventSubject } from '../../shared/events/new-event.ts';
import { planEventWrites } from '../../shared/events/write-with-events.ts';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { newTransactionRecord } from '../../shared/transactions/transaction.ts';
import { bobBody, noon } from '../support/purchase-fixtures.ts';

const transactionEventTypes = eventTypeNames.filter(
  (type): type is TransactionEventType => eventTypes[type].data !== 'test-message',
);
const transaction = {
  ...newTransactionRecord({
    id: '1764082800000123456',
    pageToken: 't'.repeat(32),
    accountId: 'acc_1',
    request: parsePurchaseRequest(bobBody(), noon),
    costFee: 350,
    accountPostbackUrl: null,
    now: noon,
  }),
  status: 'EXPIRED' as const,
};
const dueAt = new Date(noon.getTime() + 60_000).toISOString();
const refundId = `re_${transaction.id}_0123456789abcdef`;
const refund: EventSubject = {
  id: refundId,
  data: {
    id: refundId,
    transactionId: transaction.id,
    currency: 'BOB',
    amount: 100,
    reason: null,
    status: 'SUCCEEDED',
    failureReason: null,
    createdAt: noon.toISOString(),
    updatedAt: noon.toISOString(),
  },
};
/** A type's subject, when it has one (a refund). */
const subjectOf = (type: TransactionEventType) => (hasSubject(type) ? refund : undefined);
const idOf = (type: TransactionEventType) =>
  `evt_${transaction.id}_${eventTypes[type].idSuffix}${hasSubject(type) ? `_${refundId}` : ''}`;

describe('the event catalogue', () => {
  it('has at least one opt-in type, and webhook.test is never a transaction event', () => {
    expect(optInEventTypeNames.length).toBeGreaterThan(0);
    expect(transactionEventTypes).not.toContain('webhook.test');
  });

  it('gives every type an id that leads back to its transaction and type (and subject)', () => {
    for (const type of transactionEventTypes) {
      expect(eventIdAddress(idOf(type)), type).toEqual({
        transactionId: transaction.id,
        type,
        ...(hasSubject(type) ? { subjectId: refundId } : {}),
      });
      // A subject type's id without its subject, or another type's with one, leads nowhere.
      const other = hasSubject(type)
        ? `evt_${transaction.id}_${eventTypes[type].idSuffix}`
        : `${idOf(type)}_${refundId}`;
      expect(eventIdAddress(other), other).toBeNull();
    }
  });

  it('writes a subject type only with its subject, and one event per subject', () => {
    const subjectTypes = transactionEventTypes.filter(hasSubject);
    expect(subjectTypes.length).toBeGreaterThan(0);
    for (const type of subjectTypes) {
      expect(() => planEventWrites(transaction, [type], [type], noon, dueAt)).toThrow(/needs its subject/);
      const [event] = planEventWrites(transaction, [type], [type], noon, dueAt, refund).events;
      expect(event).toMatchObject({ subjectId: refundId, data: refund.data });
    }
    const plain = transactionEventTypes.find((type) => !hasSubject(type))!;
    expect(() => planEventWrites(transaction, [plain], [plain], noon, dueAt, refund)).toThrow(
      /takes no subject/,
    );
  });

  it.each(transactionEventTypes)('%s: written unless it is opt-in and the account did not opt in', (type) => {
    const { optIn } = eventTypes[type];
    const without = planEventWrites(transaction, [type], [], noon, dueAt, subjectOf(type));
    const opted = planEventWrites(transaction, [type], [type], noon, dueAt, subjectOf(type));
    expect(without.events.map((event) => event.type)).toEqual(optIn ? [] : [type]);
    expect(opted.events.map((event) => event.type)).toEqual([type]);
    // The choice an opt-in type was decided with is asserted by the write; others assert nothing.
    expect(without.optInChoices).toEqual(optIn ? [{ type, optedIn: false }] : []);
    expect(opted.optInChoices).toEqual(optIn ? [{ type, optedIn: true }] : []);
    expect(opted).toMatchObject({ accountId: 'acc_1', deliveryDueAt: dueAt });
    expect(opted.events[0]).toMatchObject({
      eventId: idOf(type),
      transactionId: transaction.id,
      deliveryStatus: 'PENDING',
      attemptCount: 0,
    });
  });

  it.each(transactionEventTypes)('%s: data is copied at the event exactly when its row says so', (type) => {
    const [event] = planEventWrites(transaction, [type], [type], noon, dueAt, subjectOf(type)).events;
    if (eventTypes[type].data === 'transaction-at-event')
      expect(event?.data).toMatchObject({ id: transaction.id, status: 'EXPIRED', postbackUrl: null });
    else if (hasSubject(type)) expect(event?.data).toEqual(refund.data);
    else expect(event?.data).toBeUndefined();
  });

  it('decides each opt-in type of a change on its own', () => {
    const paid = transactionEventTypes.find((type) => !eventTypes[type].optIn)!;
    const optIn = optInEventTypeNames[0]!;
    const plan = planEventWrites(transaction, [paid, optIn], ['some.other'], noon, dueAt);
    expect(plan.events.map((event) => event.type)).toEqual([paid]);
    expect(plan.optInChoices).toEqual([{ type: optIn, optedIn: false }]);
  });
});

describe('every transaction event type', () => {
  const sources = readdirSync(join(repoRoot, 'shared'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
  // A state change names the types it emits: `writeWithEvents(subject, [types], …)` or a close's
  // `emits: [types]` (close-transaction.ts passes them on).
  const emittingLists = sources.flatMap((source) =>
    [...source.matchAll(/(?:writeWithEvents\(\s*\w+,\s*|emits:\s*)\[([^\]]*)\]/g)].map((match) => match[1]!),
  );

  const emits = (type: string) => emittingLists.some((list) => list.includes(`'${type}'`));

  it.each(transactionEventTypes)('%s is emitted by a state change', (type) => {
    expect(emits(type), `no state change emits ${type}`).toBe(true);
  });

  it('the scan finds the emitting calls at all', () => {
    expect(emittingLists.length).toBeGreaterThanOrEqual(transactionEventTypes.length);
  });
});
