// An event (one per transaction and type, or per subject for a type that has one) and the
// record of each attempt to deliver it.

import type { DisputeEventData } from '../disputes/dispute-event-data.ts';
import type { RefundView } from '../refunds/refund.ts';
import type { SubscriptionView } from '../subscriptions/subscription.ts';
import { payerOf } from '../transactions/payer.ts';
import {
  postbackUrlInEffect,
  type TransactionRecord,
  type TransactionView,
  transactionView,
} from '../transactions/transaction.ts';
import { type EventType, hasSubject } from './event-types.ts';

export const deliveryStatuses = ['PENDING', 'DELIVERED', 'FAILED', 'UNDELIVERABLE'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export interface EventRecord {
  eventId: string;
  type: EventType;
  accountId: string;
  transactionId: string;
  /** What the event is about within its transaction (a refund's id), for a type that has one. */
  subjectId?: string;
  createdAt: string;
  /**
   * The transaction as GET /transactions/:id showed it when the event happened: kept on a type
   * whose row says `transaction-at-event` (its transaction may change again) and on events
   * recorded before 2026-11-26; a `transaction-at-delivery` event's data is the transaction as
   * it is (eventData).
   */
  data?: EventData;
  deliveryStatus: DeliveryStatus;
  /** Attempts made so far, over every delivery run (redeliveries included). */
  attemptCount: number;
  /** Attempts made in the current run; the retry schedule counts these. */
  runAttempts: number;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
  /** Why the last run ended without delivery (FAILED or UNDELIVERABLE). */
  lastError: string | null;
  /** When a retrying (PENDING) event's next attempt is due; absent or null otherwise. */
  nextAttemptAt?: string | null;
  /**
   * The attempts, in order, kept on the event itself (absent until the first): the first and the
   * latest ten (kept-attempts.ts); `attemptCount` counts them all. An event recorded before
   * attempts moved onto it has its earlier attempts as items of their own.
   */
  attempts?: DeliveryAttempt[];
}

/** What tells an event apart from its transaction's other events: its type, and its subject if any. */
export function eventKind(event: { type: EventType; subjectId?: string | undefined }): string {
  return event.subjectId ? `${event.type}#${event.subjectId}` : event.type;
}

export type EventData = TransactionView | RefundView | DisputeEventData | SubscriptionView;

/**
 * The event's `data`: its subject as the change left it (a refund), its own copy of the
 * transaction (a snapshot type, or an older event), or its transaction. A transaction's
 * `postbackUrl` is the URL the event goes to now (the account's URL may have changed since).
 */
export function eventData(
  event: EventRecord,
  transaction: TransactionRecord | undefined,
  accountWebhookUrl: string | null | undefined,
): EventData {
  if (hasSubject(event.type)) {
    if (!event.data) throw new Error(`event ${event.eventId}: its subject is missing`);
    return event.data;
  }
  if (event.data)
    return transaction
      ? {
          // A snapshot written before transactions showed their payer gets it from the transaction.
          ...(event.data as TransactionView),
          payer: (event.data as Partial<TransactionView>).payer ?? payerOf(transaction),
          postbackUrl: postbackUrlInEffect(transaction, accountWebhookUrl),
        }
      : event.data;
  if (!transaction) throw new Error(`event ${event.eventId}: its transaction is missing`);
  return transactionView(transaction, accountWebhookUrl);
}

/** The money an event is about, counted when its delivery fails for good: a dispute's amount in its transaction's currency. */
export function eventMoney(
  data: EventData,
  transaction: TransactionRecord | undefined,
): { currency: string; amount: number } {
  if (!('dispute' in data)) return data;
  if (!transaction) throw new Error(`dispute ${data.dispute.id}: its transaction is missing`);
  return { currency: transaction.currency, amount: data.dispute.amount };
}

export interface DeliveryAttempt {
  number: number;
  at: string;
  url: string | null;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}
