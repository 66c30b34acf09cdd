// The transaction as stored and as the API shows it. The stored record keeps the payer data
// the rails need; the view is exactly the contract's Transaction object (plus updatedAt and
// paidAt on reads), with a stable set of keys for every variant.

import type { DisputeView } from '../disputes/dispute.ts';
import type { PurchaseCurrency, PurchaseMethod, RailName } from '../payment-methods.ts';
import type { BoletoAddress, PurchaseRequest } from '../purchase/purchase-request.ts';
import { type PayerView, payerOf } from './payer.ts';

/**
 * FAILED: background work gave up on it (see failureReason); an operator is alerted. REFUNDED:
 * paid, then refunds (pending or succeeded) cover the whole amount (less what disputes took); a
 * failed refund makes it PAID again.
 */
export const transactionStatuses = ['PENDING', 'PAID', 'EXPIRED', 'CANCELED', 'FAILED', 'REFUNDED'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/** States a rail can still turn into PAID: money that arrives late is never silent. */
export const payableStatuses: readonly TransactionStatus[] = ['PENDING', 'EXPIRED', 'CANCELED', 'FAILED'];

/** States that took the money: a listing filtered by PAID shows both (a refund does not hide a payment). */
export const paidStatuses: readonly TransactionStatus[] = ['PAID', 'REFUNDED'];

/** States a merchant can cancel; canceling a FAILED transaction closes the charge its given-up work left. */
export const cancelableStatuses: readonly TransactionStatus[] = ['PENDING', 'FAILED'];

/** States whose charge is closed (or being closed) and gets one last look at the rail. */
export const lastLookStatuses: readonly TransactionStatus[] = ['EXPIRED', 'CANCELED', 'FAILED'];

/** The reason a transaction in a last-look state gives the rail when its charge is closed. */
export function closeReasonOf(status: TransactionStatus): 'expired' | 'canceled' | 'failed' {
  if (status === 'EXPIRED') return 'expired';
  if (status === 'CANCELED') return 'canceled';
  return 'failed';
}

export interface TransactionRecord {
  id: string;
  accountId: string;
  currency: PurchaseCurrency;
  method: PurchaseMethod;
  status: TransactionStatus;
  amount: number;
  costFee: number;
  description: string;
  externalId: string | null;
  /** What the merchant sent; null means "the account's global URL" at delivery time. */
  requestedPostbackUrl: string | null;
  /**
   * The URL in effect when the transaction was created (the creation response). Reads show the
   * URL in effect now instead (postbackUrlInEffect): the account's URL may have changed since.
   */
  postbackUrl: string | null;
  payer: {
    name: string;
    email: string;
    /** Null where the method makes it optional (PIX) and it was not sent. */
    phone: string | null;
    document: string;
    responsibleExternalId: string;
  };
  boleto?: {
    dueDate: string;
    payerDocument: string;
    address: BoletoAddress;
  };
  pix?: {
    payerDocument: string;
    /** Seconds the charge can be paid, from its creation on the rail. */
    expiresIn: number;
  };
  /** The rail that serves the charge, fixed at purchase (the stage's choice for the method then). */
  rail?: RailName;
  /** Why the rail refused the charge for good (no instruction will come); absent otherwise. */
  instructionFailure?: string;
  /** Filled by the instruction worker. */
  redirectUrl: string | null;
  qr: string | null;
  boletoBarcode: string | null;
  boletoDigitableLine: string | null;
  boletoUrl: string | null;
  instructionFilledAt: string | null;
  /** The unguessable token of the hosted payer page (boleto, checkout or QR page). */
  pageToken: string;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  /** The rail's id of the payment (Pix: its endToEndId), when the rail gives one; a refund names it. */
  railPaymentId?: string;
  /** False: the payer gets no e-mail for this transaction (the purchase's or the session's `sendEmails`). */
  sendEmails?: boolean;
  /** Why background work gave up on the transaction (status FAILED); absent otherwise. */
  failureReason?: string | null;
  /** Set by POST /transactions/:id/cancel (absent on records written before cancel existed). */
  canceledAt?: string | null;
  /** When it became EXPIRED or CANCELED: the day the summary counted the close (not shown). */
  closedAt?: string;
  /** Cents of the refunds PENDING or SUCCEEDED (absent: none); never above `amount − disputedAmount`. */
  refundedAmount?: number;
  /** How many refunds were made (bounds GET /transactions/{id}/refunds). */
  refundCount?: number;
  /** What the payer's side took back without us (Pix MED), oldest first; absent: none. */
  disputes?: DisputeView[];
  /** Cents of `disputes` (absent: none): no refund can give these back again. */
  disputedAmount?: number;
  /** What the transaction sold, when a checkout session (of a payment link, or not) created it. */
  sale?: TransactionSale;
  /** The subscription cycle this transaction charges, when a subscription's cycle job created it. */
  subscription?: TransactionSubscription;
  /** Where the paid page sends the payer back to the store: the session's `successUrl` (not shown by the API). */
  payerReturnUrl?: string;
}

export interface TransactionSale {
  offerId: string;
  productId: string;
  checkoutSessionId: string;
  paymentLinkId: string | null;
}

export interface TransactionSubscription {
  subscriptionId: string;
  /** 1-based. */
  cycle: number;
  offerId: string;
  productId: string;
}

export interface TransactionView {
  id: string;
  currency: PurchaseCurrency;
  method: PurchaseMethod;
  installments: null;
  externalId: string | null;
  status: TransactionStatus;
  amount: number;
  postbackUrl: string | null;
  referrerUrl: null;
  redirectUrl: string | null;
  qr: string | null;
  boletoDigitableLine: string | null;
  paymentInstruction: BoletoPaymentInstruction | null;
  expiresAt: string | null;
  createdAt: string;
  costFee: number;
  /** Who pays: as the purchase named them (the document may be masked: payer.ts); not in the creation response. */
  payer?: PayerView;
  updatedAt?: string;
  paidAt?: string | null;
  failureReason?: string | null;
  /** Only when the rail refused the charge for good. */
  instructionFailure?: string;
  canceledAt?: string | null;
  /** Only on transactions a checkout session created. */
  offerId?: string;
  productId?: string;
  checkoutSessionId?: string;
  paymentLinkId?: string | null;
  /** Only on the charge of a subscription's cycle (1-based). */
  subscriptionId?: string;
  cycle?: number;
  refundedAmount?: number;
  disputes?: DisputeView[];
  /** Only on reads of one transaction: its payer e-mails. */
  emails?: TransactionEmailView[];
}

/**
 * What only GET /transactions/{id} adds to the view (a detail read with its own query): listings,
 * the cancel answer and webhook payloads carry the rest of the view, key for key.
 */
export const singleReadDetails = ['emails'] as const satisfies ReadonlyArray<keyof TransactionView>;

export interface TransactionEmailView {
  kind: 'instruction' | 'receipt';
  to: string;
  status: 'QUEUED' | 'SENDING' | 'SENT' | 'SKIPPED' | 'SUPPRESSED' | 'FAILED';
  sentAt: string | null;
}

export interface BoletoPaymentInstruction {
  type: 'BOLETO';
  /** The due day as an ISO 8601 UTC timestamp at midnight of that calendar day. */
  dueDate: string;
  boletoUrl: string | null;
  boletoBarcode: string;
  boletoDigitableLine: string;
}

export function newTransactionRecord(input: {
  id: string;
  pageToken: string;
  accountId: string;
  request: PurchaseRequest;
  costFee: number;
  accountPostbackUrl: string | null;
  rail?: RailName;
  sale?: TransactionSale;
  subscription?: TransactionSubscription;
  now: Date;
}): TransactionRecord {
  const { request, now } = input;
  const createdAt = now.toISOString();
  return {
    id: input.id,
    accountId: input.accountId,
    currency: request.currency,
    method: request.method,
    status: 'PENDING',
    amount: request.amount,
    costFee: input.costFee,
    description: request.description,
    externalId: request.externalId,
    requestedPostbackUrl: request.postbackUrl,
    postbackUrl: request.postbackUrl ?? input.accountPostbackUrl,
    payer: {
      name: request.name,
      email: request.email,
      phone: request.phone,
      document: request.responsibleDocument,
      responsibleExternalId: request.responsibleExternalId,
    },
    ...(request.method === 'BOLETO'
      ? { boleto: { dueDate: request.dueDate, payerDocument: request.cpf, address: request.boletoAddress } }
      : {}),
    ...(request.method === 'PIX'
      ? { pix: { payerDocument: request.cpf, expiresIn: request.expiresIn } }
      : {}),
    ...(input.rail ? { rail: input.rail } : {}),
    ...(input.sale ? { sale: input.sale } : {}),
    ...(input.subscription ? { subscription: input.subscription } : {}),
    ...(request.sendEmails ? {} : { sendEmails: false }),
    redirectUrl: null,
    qr: null,
    boletoBarcode: null,
    boletoDigitableLine: null,
    boletoUrl: null,
    instructionFilledAt: null,
    pageToken: input.pageToken,
    expiresAt: null,
    createdAt,
    updatedAt: createdAt,
    paidAt: null,
    canceledAt: null,
  };
}

/** The contract's creation response. */
export function creationView(record: TransactionRecord): TransactionView {
  return {
    id: record.id,
    currency: record.currency,
    method: record.method,
    installments: null,
    externalId: record.externalId,
    status: record.status,
    amount: record.amount,
    postbackUrl: record.postbackUrl,
    referrerUrl: null,
    redirectUrl: record.redirectUrl,
    qr: record.qr,
    boletoDigitableLine: record.boletoDigitableLine,
    paymentInstruction: record.boleto
      ? {
          type: 'BOLETO',
          dueDate: `${record.boleto.dueDate}T00:00:00.000Z`,
          boletoUrl: record.boletoUrl,
          boletoBarcode: record.boletoBarcode ?? '',
          boletoDigitableLine: record.boletoDigitableLine ?? '',
        }
      : null,
    expiresAt: record.expiresAt,
    createdAt: record.createdAt,
    costFee: record.costFee,
    // Only on what a checkout sold, so a purchase's object keeps the contract's keys.
    ...(record.sale ?? {}),
    ...(record.subscription ?? {}),
  };
}

/**
 * The contract's "webhook URL in effect for this transaction": where its events go now, the
 * purchase's own URL, else the account's global URL as it is now; null when there is none.
 */
export function postbackUrlInEffect(
  record: Pick<TransactionRecord, 'requestedPostbackUrl'>,
  accountWebhookUrl: string | null | undefined,
): string | null {
  return record.requestedPostbackUrl ?? accountWebhookUrl ?? null;
}

/**
 * What GET /transactions/:id and the webhook's `data` show; `accountWebhookUrl` is the account's
 * global URL as delivery reads it (its settings), for `postbackUrl`.
 */
export function transactionView(
  record: TransactionRecord,
  accountWebhookUrl: string | null | undefined,
): TransactionView {
  const view: TransactionView = {
    ...creationView(record),
    payer: payerOf(record),
    postbackUrl: postbackUrlInEffect(record, accountWebhookUrl),
    updatedAt: record.updatedAt,
    paidAt: record.paidAt,
    ...(record.instructionFailure ? { instructionFailure: record.instructionFailure } : {}),
    canceledAt: record.canceledAt ?? null,
    ...(record.paidAt ? { refundedAmount: record.refundedAmount ?? 0, disputes: record.disputes ?? [] } : {}),
  };
  // Shown only when something went wrong, so the usual object keeps the contract's keys.
  if (record.failureReason) view.failureReason = record.failureReason;
  return view;
}
