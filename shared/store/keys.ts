// The DynamoDB key layout. Every key in the table is built here and nowhere else.
// Everything that belongs to an account lives under a partition key that starts with the
// account id, so a request can only ever reach its own account's items.

import { workIndexShards } from '../config.ts';
import type { QueueName } from '../queues.ts';

const acc = (accountId: string) => `ACC#${accountId}`;

export type WorkKind = QueueName;

/** FNV-1a over the id: a stable, even spread of transaction ids over the work-index partitions. */
export function workShard(id: string, shards = workIndexShards()): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index += 1) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

/** The sort keys of a transaction's two items under its partition (transaction-items.ts). */
const transactionStateSortKey = 'TX';
const transactionDetailsSortKey = 'TX#DETAILS';

export const keys = {
  /** An API key, found by the SHA-256 of the secret. */
  apiKey: (keyHash: string) => ({ pk: `KEY#${keyHash}`, sk: 'KEY' }),
  /** Lists an account's API keys (for revocation by key id). */
  apiKeyIndex: (accountId: string, keyId: string) => ({ gsi1pk: `${acc(accountId)}#KEYS`, gsi1sk: keyId }),
  apiKeyIndexPartition: (accountId: string) => `${acc(accountId)}#KEYS`,
  account: (accountId: string) => ({ pk: acc(accountId), sk: 'ACCOUNT' }),

  product: (accountId: string, productId: string) => ({
    pk: `${acc(accountId)}#PRD#${productId}`,
    sk: 'PRODUCT',
  }),
  productListing: (accountId: string, createdAt: string, productId: string) => ({
    gsi1pk: `${acc(accountId)}#PRODUCTS`,
    gsi1sk: `${createdAt}#${productId}`,
  }),
  productListingPartition: (accountId: string) => `${acc(accountId)}#PRODUCTS`,
  productExternalId: (accountId: string, externalId: string) => ({
    pk: `${acc(accountId)}#PRDEXT#${externalId}`,
    sk: 'UNIQUE',
  }),

  offer: (accountId: string, offerId: string) => ({ pk: `${acc(accountId)}#OFF#${offerId}`, sk: 'OFFER' }),
  offerListing: (accountId: string, productId: string, createdAt: string, offerId: string) => ({
    gsi1pk: `${acc(accountId)}#PRD#${productId}#OFFERS`,
    gsi1sk: `${createdAt}#${offerId}`,
  }),
  offerListingPartition: (accountId: string, productId: string) =>
    `${acc(accountId)}#PRD#${productId}#OFFERS`,

  /** A transaction's state: what its state changes rewrite (transaction-items.ts). */
  transaction: (accountId: string, transactionId: string) => ({
    pk: `${acc(accountId)}#TX#${transactionId}`,
    sk: transactionStateSortKey,
  }),
  transactionStateSortKey,
  /** A transaction's details, beside its state: written once, with the purchase. */
  transactionDetails: (accountId: string, transactionId: string) => ({
    pk: `${acc(accountId)}#TX#${transactionId}`,
    sk: transactionDetailsSortKey,
  }),
  transactionDetailsSortKey,
  /** Reserves a transaction id across the whole service (ids are drawn, not assigned). */
  transactionIdReservation: (transactionId: string) => ({ pk: `TXID#${transactionId}`, sk: 'UNIQUE' }),
  /** The account's transactions newest first: written with the transaction (and by the backfill). */
  transactionListing: (accountId: string, createdAt: string, transactionId: string) => ({
    gsi1pk: `${acc(accountId)}#TXLIST`,
    gsi1sk: `${createdAt}#${transactionId}`,
  }),
  transactionListingPartition: (accountId: string) => `${acc(accountId)}#TXLIST`,
  /** The account's transactions of one payer e-mail (lower-cased), newest first (gsi3). */
  transactionByPayerEmail: (accountId: string, email: string, createdAt: string, transactionId: string) => ({
    gsi3pk: `${acc(accountId)}#PAYEREMAIL#${email}`,
    gsi3sk: `${createdAt}#${transactionId}`,
  }),
  transactionByPayerEmailPartition: (accountId: string, email: string) =>
    `${acc(accountId)}#PAYEREMAIL#${email}`,
  /**
   * The account's transactions whose payer's name (payer-search.ts normalises it) starts with a
   * bucket's letters, newest first (gsi4); the index carries the whole name for the prefix filter.
   */
  transactionByPayerName: (accountId: string, bucket: string, createdAt: string, transactionId: string) => ({
    gsi4pk: `${acc(accountId)}#PAYERNAME#${bucket}`,
    gsi4sk: `${createdAt}#${transactionId}`,
  }),
  transactionByPayerNamePartition: (accountId: string, bucket: string) =>
    `${acc(accountId)}#PAYERNAME#${bucket}`,
  transactionExternalId: (accountId: string, externalId: string) => ({
    pk: `${acc(accountId)}#TXEXT#${externalId}`,
    sk: 'UNIQUE',
  }),
  /**
   * Sparse work index: an item carries these keys only while background work on it is owed
   * (an instruction to fill, a payment to watch, a webhook to deliver), sorted by when that
   * work is due. The sweeper re-enqueues whatever is overdue, so no lost message loses work.
   * Each kind is spread over `workIndexShards()` partitions by the transaction id.
   */
  pendingWork: (kind: WorkKind, dueAt: string, id: string) => ({
    gsi2pk: `WORK#${kind}#${workShard(id)}`,
    gsi2sk: `${dueAt}#${id}`,
  }),
  pendingWorkPartition: (kind: WorkKind, shard: number) => `WORK#${kind}#${shard}`,
  /** Every partition of a kind starts with this (a partition count change keeps items reachable). */
  pendingWorkPrefix: (kind: WorkKind) => `WORK#${kind}#`,
  idempotency: (accountId: string, idempotencyKey: string) => ({
    pk: `${acc(accountId)}#IDEM#${idempotencyKey}`,
    sk: 'IDEMPOTENCY',
  }),

  /** The transaction's events live beside it; `kind` makes `cashin.paid` unique per transaction. */
  event: (accountId: string, transactionId: string, kind: string) => ({
    pk: `${acc(accountId)}#TX#${transactionId}`,
    sk: `EVENT#${kind}`,
  }),
  eventAttempt: (accountId: string, transactionId: string, kind: string, attempt: number) => ({
    pk: `${acc(accountId)}#TX#${transactionId}`,
    sk: `EVENT#${kind}#ATTEMPT#${String(attempt).padStart(4, '0')}`,
  }),
  /** A refund lives beside its transaction: GET /transactions/{id}/refunds is one Query. */
  refund: (accountId: string, transactionId: string, refundId: string) => ({
    pk: `${acc(accountId)}#TX#${transactionId}`,
    sk: `REFUND#${refundId}`,
  }),
  refundSortKeyPrefix: 'REFUND#',
  /** A payer e-mail of the transaction, beside it; `kind` makes it one per (transaction, kind). */
  email: (accountId: string, transactionId: string, kind: string) => ({
    pk: `${acc(accountId)}#TX#${transactionId}`,
    sk: `EMAIL#${kind}`,
  }),
  emailPrefix: 'EMAIL#',
  /** An address that bounced or complained (by its hash): the service sends it nothing more. */
  emailSuppression: (addressHash: string) => ({ pk: `SUPPRESS#${addressHash}`, sk: 'EMAIL' }),
  transactionItemsPartition: (accountId: string, transactionId: string) =>
    `${acc(accountId)}#TX#${transactionId}`,
  /** The account's events newest first, over all its transactions. */
  eventListing: (accountId: string, createdAt: string, eventId: string) => ({
    gsi1pk: `${acc(accountId)}#EVENTS`,
    gsi1sk: `${createdAt}#${eventId}`,
  }),
  eventListingPartition: (accountId: string) => `${acc(accountId)}#EVENTS`,
  /** Finds an event made before event ids named their transaction (`evt_<uuid>`) by its id. */
  eventById: (accountId: string, eventId: string) => ({
    pk: `${acc(accountId)}#EVT#${eventId}`,
    sk: 'EVENT_REF',
  }),

  /**
   * A checkout session, found by its id alone: the payer's page knows only its token
   * (`<id>.<secret>`), and the item names its account.
   */
  checkoutSession: (sessionId: string) => ({ pk: `CHECKOUT#${sessionId}`, sk: 'SESSION' }),
  /** The account's checkout sessions newest first. */
  checkoutSessionListing: (accountId: string, createdAt: string, sessionId: string) => ({
    gsi1pk: `${acc(accountId)}#CHECKOUTS`,
    gsi1sk: `${createdAt}#${sessionId}`,
  }),
  checkoutSessionListingPartition: (accountId: string) => `${acc(accountId)}#CHECKOUTS`,
  /** A payment link, found by its id alone: the id is in the link's public URL. */
  paymentLink: (linkId: string) => ({ pk: `PLINK#${linkId}`, sk: 'LINK' }),
  /** The account's payment links newest first. */
  paymentLinkListing: (accountId: string, createdAt: string, linkId: string) => ({
    gsi1pk: `${acc(accountId)}#PLINKS`,
    gsi1sk: `${createdAt}#${linkId}`,
  }),
  paymentLinkListingPartition: (accountId: string) => `${acc(accountId)}#PLINKS`,
  /** A subscription: its cycles' charges are transactions of their own (shared/subscriptions/). */
  subscription: (accountId: string, subscriptionId: string) => ({
    pk: `${acc(accountId)}#SUB#${subscriptionId}`,
    sk: 'SUBSCRIPTION',
  }),
  /** The account's subscriptions newest first. */
  subscriptionListing: (accountId: string, createdAt: string, subscriptionId: string) => ({
    gsi1pk: `${acc(accountId)}#SUBS`,
    gsi1sk: `${createdAt}#${subscriptionId}`,
  }),
  subscriptionListingPartition: (accountId: string) => `${acc(accountId)}#SUBS`,
  subscriptionExternalId: (accountId: string, externalId: string) => ({
    pk: `${acc(accountId)}#SUBEXT#${externalId}`,
    sk: 'UNIQUE',
  }),
  /**
   * Sparse index of subscriptions with a cycle step due (a charge to create, a cycle to check),
   * like the work index: on the subscription item only while it bills, sorted by when the step is
   * due, spread over `workIndexShards()` partitions. The cycle job reads what is due: no
   * subscription is looked at between its steps.
   */
  subscriptionDue: (dueAt: string, subscriptionId: string) => ({
    gsi2pk: `SUBDUE#${workShard(subscriptionId)}`,
    gsi2sk: `${dueAt}#${subscriptionId}`,
  }),
  subscriptionDuePartition: (shard: number) => `SUBDUE#${shard}`,
  /** A Pix Automático recurrence (the PSP's idRec) → its subscription: the PSP's notifications name only the idRec. */
  recurrenceReference: (idRec: string) => ({ pk: `RECURRENCE#${idRec}`, sk: 'SUBSCRIPTION' }),

  /** The account's balance in one currency (available, pending, refunded, disputed). */
  balance: (accountId: string, currency: string) => ({
    pk: `${acc(accountId)}#BALANCE`,
    sk: `CUR#${currency}`,
  }),
  balancePartition: (accountId: string) => `${acc(accountId)}#BALANCE`,
  /** A ledger entry: the account's money movements, by time. */
  ledgerEntry: (accountId: string, createdAt: string, entryId: string) => ({
    pk: `${acc(accountId)}#LEDGER`,
    sk: `${createdAt}#${entryId}`,
  }),
  ledgerPartition: (accountId: string) => `${acc(accountId)}#LEDGER`,

  /** Per day and currency counters of the account summary written before hourly ones (read only). */
  dailyCounters: (accountId: string, day: string, currency: string) => ({
    pk: `${acc(accountId)}#SUMMARY`,
    sk: `DAY#${day}#${currency}`,
  }),
  /**
   * Per UTC hour (YYYY-MM-DDTHH) and currency counters of the account summary, updated with each
   * state change: an hour belongs to one day in any whole-hour time zone.
   */
  hourlyCounters: (accountId: string, hour: string, currency: string) => ({
    pk: `${acc(accountId)}#SUMMARY`,
    sk: `HOUR#${hour}#${currency}`,
  }),
  dailyCountersPartition: (accountId: string) => `${acc(accountId)}#SUMMARY`,

  /** Where a resumable maintenance job (e.g. an index backfill) got to. */
  maintenanceProgress: (job: string) => ({ pk: `MAINTENANCE#${job}`, sk: 'PROGRESS' }),

  /**
   * What an account shows payers (display name, colour, logo), apart from the account item so
   * the keyless page functions can read it without reaching the account's secrets.
   */
  branding: (accountId: string) => ({ pk: `BRAND#${accountId}`, sk: 'BRANDING' }),

  /** A hosted payer page, reached by an unguessable token. */
  hostedPage: (token: string) => ({ pk: `PAGE#${token}`, sk: 'PAGE' }),

  /** A rate limiter's token bucket (one per account); see store/rate-limits.ts. */
  rateLimit: (subject: string) => ({ pk: `RATE#${subject}`, sk: 'BUCKET' }),

  /** Read by the health check: proves the table answers without touching real data. */
  healthProbe: () => ({ pk: 'HEALTH', sk: 'PROBE' }),

  /** A rail's own id for a charge (e.g. an API Pix txid) → the account and transaction it serves. */
  railChargeId: (rail: string, chargeId: string) => ({ pk: `RAILID#${rail}#${chargeId}`, sk: 'REF' }),
  /**
   * State a rail provider keeps on its side; the sandbox rails keep it here. Keyed by account
   * and transaction, so no account can ever reach another account's charge.
   */
  railCharge: (rail: string, accountId: string, transactionId: string) => ({
    pk: `RAIL#${rail}#${acc(accountId)}#TX#${transactionId}`,
    sk: 'CHARGE',
  }),
  /**
   * A payment in a sandbox rail's listing (its bank statement), bucketed by the hour it is
   * reported in and sorted by that time, so a window of the listing is one Query per hour.
   */
  railPaymentReport: (
    listing: string,
    reportedAt: string,
    rail: string,
    accountId: string,
    transactionId: string,
  ) => ({
    pk: railPaymentReportPartition(listing, reportedAt),
    sk: `${reportedAt}#${rail}#${acc(accountId)}#TX#${transactionId}`,
  }),
  /** Where the scheduled reading of a rail's listing stands (shared/transactions/reconcile-payments.ts). */
  paymentListingCursor: (listing: string) => ({ pk: `LISTING#${listing}`, sk: 'CURSOR' }),
} as const;

/** The hour bucket of a sandbox listing that holds payments reported at `reportedAt` (ISO). */
export function railPaymentReportPartition(listing: string, reportedAt: string): string {
  return `RAILREPORT#${listing}#${reportedAt.slice(0, 13)}`;
}

/**
 * Partition-key patterns (IAM `dynamodb:LeadingKeys`, `*` any run of characters) of the items a
 * function reached without an API key may touch. A hosted page reads the transaction it shows
 * (found through its id reservation, or the page entry of a page made before pages were
 * addressed by transaction id), never key hashes, accounts or webhook secrets: `ACC#*#TX#*`
 * cannot match an account item (`ACC#<id>`) or an API key (`KEY#…`).
 */
export const keyScopes = {
  'hosted-pages': ['TXID#*', 'PAGE#*', 'ACC#*#TX#*', 'BRAND#*'],
  /** A receipt: the hosted pages' reads, plus the checkout session's snapshot of what it sold. */
  receipts: ['TXID#*', 'PAGE#*', 'ACC#*#TX#*', 'BRAND#*', 'CHECKOUT#*'],
  health: ['HEALTH'],
  /** SES feedback: the suppressed addresses (by hash) only. */
  'email-suppression': ['SUPPRESS#*'],
  'rail-charges': ['RAIL#*', 'RAILREPORT#*'],
  /**
   * A rail's own charge ids → account and transaction (the PSP notification's only read): the
   * transaction ids' reservations, which our txids start with, and older charges' reference items.
   */
  'rail-references': ['TXID#*', 'RAILID#*'],
  'rate-limits': ['RATE#*'],
  'api-keys': ['KEY#*'],
  /** A payment link's visit opens a checkout session (keyed by its id alone). */
  'checkout-sessions': ['CHECKOUT#*'],
  /** The hosted checkout: its session, the transaction a completed one created, the branding. */
  'checkout-pages': ['CHECKOUT#*', 'ACC#*#TX#*', 'BRAND#*'],
  /**
   * The checkout's form post: what a purchase writes (the transaction, its id's reservation, its
   * externalId, the day's counters) and the session it completes in the same write.
   */
  'checkout-sales': [
    'CHECKOUT#*',
    'ACC#*#TX#*',
    'TXID#*',
    'ACC#*#TXEXT#*',
    'ACC#*#SUMMARY',
    // A recurring offer's form subscribes the payer: the subscription and its externalId, and
    // for Pix Automático the way back from its recurrence (the PSP's notifications name it).
    'ACC#*#SUB#*',
    'ACC#*#SUBEXT#*',
    'RECURRENCE#*',
  ],
  /**
   * The PSP's Pix Automático notifications: the idRec's reference to its subscription, the
   * subscription and its cycles' charges as the reading moves them (their ids' reservations, the
   * day's counters), and the events those changes write. Never an account, a key or a bucket.
   */
  'subscription-notifications': [
    'RECURRENCE#*',
    'ACC#*#SUB#*',
    'ACC#*#SUBEXT#*',
    'ACC#*#TX#*',
    'TXID#*',
    'ACC#*#SUMMARY',
  ],
  /** A payment link's visit: the link, its offer and product (is it on sale?), the branding. */
  'payment-links': ['PLINK#*', 'ACC#*#OFF#*', 'ACC#*#PRD#*', 'BRAND#*'],
} as const;

/** The one attribute (besides the key) a request may change on an API key item while noting its use. */
export const keyUsageAttributes = ['pk', 'sk', 'lastUsedOn'] as const;

export type KeyScope = keyof typeof keyScopes;
