// The port every payment rail implements. The workers talk only to this interface, so a real
// provider (a boleto registry, a PSE/Nequi/Bre-B acquirer, a Bolivian QR issuer) replaces a
// sandbox adapter without touching handlers or workers.
import type { TransactionRecord } from '../transactions/transaction.ts';

export type RailInstruction =
  | { type: 'BOLETO'; barcode: string; digitableLine: string; boletoUrl: string }
  | { type: 'REDIRECT'; redirectUrl: string }
  /** `pageUrl`: a hosted page the API object links as `redirectUrl` (the Pix page). */
  | { type: 'QR'; qr: string; pageUrl?: string };

export type InstructionResult =
  | { ready: false /** The provider's hint of when to ask again. */; retryAfterMs?: number }
  | { ready: true; instruction: RailInstruction; expiresAt: string | null };

/** What the rail says about a charge. `CLOSED`: closed on the rail's side, nothing can be paid. */
export type RailPaymentStatus =
  | { status: 'PENDING' }
  | ({ status: 'PAID'; disputes?: RailDispute[] } & PaidOnRail)
  | { status: 'CLOSED' };

/**
 * Money the payer's side took back from a paid charge without our asking (Pix: a MED devolução);
 * `railId` is the rail's own id of it. Refunds we asked for are never reported as disputes.
 * OPEN: being taken back; LOST: taken; WON: not carried out (nothing taken).
 */
export interface RailDispute {
  railId: string;
  amount: number;
  reason: string;
  status: 'OPEN' | 'LOST' | 'WON';
}

/**
 * A payment as the rail recorded it. `paymentId`: the rail's own id of the payment (Pix: its
 * endToEndId), kept on the transaction because a refund on that rail names it.
 */
export interface PaidOnRail {
  paidAt: string;
  paymentId?: string;
}

/**
 * How a charge is addressed: always by account and transaction, never by the id alone, so no
 * account can ever reach another account's charge (ids are also unique service-wide).
 */
export interface ChargeRef {
  accountId: string;
  transactionId: string;
}

/** The answer to a conditional close: either the rail closed it, or it had already been paid. */
export type CloseResult = { outcome: 'closed' } | ({ outcome: 'paid' } & PaidOnRail);

/** Why we close it: its deadline passed, the merchant canceled, or its work was given up (FAILED). */
export type CloseReason = 'expired' | 'canceled' | 'failed';

/**
 * How a rail tells of payments besides being asked about one charge: `push` (it notifies us,
 * and the charge is checked at once), `listing` (it lists the payments it received in a time
 * window, read by a scheduled job). A rail with neither is watched by polling each charge.
 */
export type PaymentReport = 'push' | 'listing';

/** A payment as a rail's listing reports it: which charge, when it was paid, how much (cents). */
export interface ReportedPayment extends PaidOnRail {
  charge: ChargeRef;
  amount: number;
  /** Money the payer's side took back from it, as the listing shows (a rail that reports disputes). */
  disputes?: RailDispute[];
}

/** A window of a rail's listing: payments reported from `from` to `to` (ISO), from page `page` on. */
export interface ListingWindow {
  from: string;
  to: string;
  /** The rail's own page token; null for the first page. */
  page: string | null;
}

export interface ListingPage {
  payments: ReportedPayment[];
  /** Payments on the page the adapter left out because the reader had handled them (see `handled`). */
  leftOutAsHandled?: number;
  /** The next page of the same window, or null when this was the last. */
  nextPage: string | null;
}

/** A rail's listing of received payments (e.g. API Pix `GET /pix`, a bank's statement). */
export interface PaymentListing {
  readonly name: string;
  /**
   * `handled`: transaction ids the caller has handled already (a window's overlap lists them
   * again); an adapter that can tell a payment's transaction before any lookup leaves them out.
   */
  listPayments(
    window: ListingWindow,
    now: Date,
    answerBy: number,
    handled?: ReadonlySet<string>,
  ): Promise<ListingPage>;
}

/** The provider refused the charge for good (e.g. an RFC 7807 4xx): no instruction will come. */
export class RailRejectedError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = 'RailRejectedError';
    this.reason = reason;
  }
}

/** Money to give back on a paid charge; `refundId` is the rail's idempotency key (a retry is the same refund). */
export interface RefundRequest {
  charge: ChargeRef;
  refundId: string;
  /** The rail's id of the payment being refunded (`PaidOnRail.paymentId`); null when not recorded. */
  paymentId: string | null;
  /** Cents of the charge's currency. */
  amount: number;
  reason: string | null;
}

/** What the rail says about a refund: still processing, sent back, or refused (with its reason). */
export type RailRefundStatus =
  | { status: 'PENDING' }
  | { status: 'SUCCEEDED' }
  | { status: 'FAILED'; reason: string };

export interface ChargeRequest {
  transaction: TransactionRecord;
  /** Our hosted payer page for this transaction (where the payer lands or sees the slip/QR). */
  pageUrl: string;
}

export function chargeRefOf(transaction: Pick<TransactionRecord, 'accountId' | 'id'>): ChargeRef {
  return { accountId: transaction.accountId, transactionId: transaction.id };
}

/**
 * Charges are addressed by a ChargeRef (sent to the provider as its reference); an adapter that
 * gets its own charge id back keeps the mapping on its side, keyed by the whole ref.
 *
 * `answerBy` (epoch ms, here and in `PaymentListing`): when the caller needs the answer, its
 * function's deadline less the time it needs to record it (shared/time-budget.ts). An adapter
 * that calls out bounds each call by it, and starts none that could not end by then
 * (`OutOfTimeError`): the caller's retry picks the work up instead of Lambda's timeout.
 */
export interface Rail {
  readonly name: string;
  /** How the rail reports payments beyond a per-charge status (empty: polling only). */
  readonly reports: readonly PaymentReport[];
  /**
   * The status of a paid charge can name disputes (`RailPaymentStatus.disputes`): a notification
   * of a paid charge is then checked with the rail. Absent: the rail has none to report.
   */
  readonly reportsDisputes?: boolean;
  /**
   * Registers the charge with the provider; idempotent per charge. Answers the instruction when
   * the provider's answer to the registration carries it (API Pix: the created `cob`), so the
   * caller does not ask for it again; undefined otherwise.
   */
  registerCharge(request: ChargeRequest, now: Date, answerBy: number): Promise<InstructionResult | undefined>;
  fetchInstruction(charge: ChargeRef, now: Date, answerBy: number): Promise<InstructionResult>;
  fetchPaymentStatus(charge: ChargeRef, now: Date, answerBy: number): Promise<RailPaymentStatus>;
  /**
   * Closes the charge on the rail's side so it can no longer be paid, conditionally: answers
   * `closed` (also when it was closed already) or `paid` when a payment got there first.
   */
  closeCharge(charge: ChargeRef, reason: CloseReason, now: Date, answerBy: number): Promise<CloseResult>;
  /**
   * Gives money back on a paid charge, or tells how a refund asked before stands; idempotent per
   * `refundId`. Absent: the rail cannot refund (POST /transactions/{id}/refunds → 422).
   */
  refund?(request: RefundRequest, now: Date, answerBy: number): Promise<RailRefundStatus>;
}
