// Transaction record → the view model of its hosted page. Pure: the time and whether the
// sandbox Pay button may show are passed in.

import { type CheckoutBody, type CheckoutMethod, methodOf } from '../payment-methods.ts';
import { receiptPath } from '../receipts/receipt-model.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { sandboxBankTransfer, sandboxBrebInstructions } from './cop-instructions.ts';
import type { HostedPageKind } from './hosted-page-url.ts';
import { hostedPageTtl } from './page-expiry.ts';
import type {
  BoletoPageModel,
  CheckoutPageModel,
  CommonPageModel,
  PageStatus,
  PixPageModel,
  QrPageModel,
} from './render/view-models.ts';

export type HostedPage =
  | { kind: 'boleto'; model: BoletoPageModel }
  | { kind: 'checkout'; model: CheckoutPageModel }
  | { kind: 'qr'; model: QrPageModel }
  | { kind: 'pix'; model: PixPageModel };

export interface PageContext {
  now: Date;
  /** Sandbox rails are on: the page says so and offers the Pay button. */
  sandbox: boolean;
  /** The merchant's branding; without it the page shows a generic header. */
  branding?: { displayName: string | null; brandColor: string | null; logoUrl: string | null };
}

/** The page's token, as newPageToken() makes it: the transaction id, a dot, 24 random bytes in base64url. */
const PAGE_TOKEN = /^(\d{1,32})\.[A-Za-z0-9_-]{32}$/;
/** A page made before tokens carried the transaction id: found through its page entry. */
const ENTRY_PAGE_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** Where a token leads: its transaction's id, or (an older page) its page entry; null when no page can have it. */
export function pageTokenAddress(token: string): { transactionId: string } | { entry: string } | null {
  const addressed = PAGE_TOKEN.exec(token);
  if (addressed) return { transactionId: addressed[1]! };
  return ENTRY_PAGE_TOKEN.test(token) ? { entry: token } : null;
}

/**
 * A page is served (as "expired" once its transaction is) until a week after its transaction
 * expires; then the link is unknown, as an older page's entry is removed by its TTL then.
 */
export function pageStillServed(record: Pick<TransactionRecord, 'expiresAt'>, now: Date): boolean {
  const ttl = hostedPageTtl(record.expiresAt);
  return ttl === undefined || now.getTime() < ttl * 1000;
}

export function hostedPagePath(kind: HostedPageKind, token: string): string {
  return `/pay/${kind}/${token}`;
}

export function payActionPath(token: string): string {
  return `/pay/${token}/sandbox-pay`;
}

export function statusPath(token: string): string {
  return `/pay/${token}/status`;
}

export function boletoPdfPath(token: string): string {
  return `/pay/boleto/${token}/pdf`;
}

/**
 * What the payer is told: a PENDING transaction past its expiry is already EXPIRED for them,
 * even before the sweeper records it, so the page never offers a payment the rail would refuse.
 */
export function pageStatus(record: Pick<TransactionRecord, 'status' | 'expiresAt'>, now: Date): PageStatus {
  if (record.status === 'PENDING' && record.expiresAt && Date.parse(record.expiresAt) <= now.getTime())
    return 'EXPIRED';
  // Work on it was given up (an operator is alerted): the payer is not invited to pay it.
  if (record.status === 'FAILED') return 'EXPIRED';
  // The payer paid: a refund is the merchant's business with them, not the page's.
  if (record.status === 'REFUNDED') return 'PAID';
  return record.status;
}

/** What a checkout body shows besides the common facts: the instructions the sandbox derives. */
const checkoutInstructions: Record<
  CheckoutBody,
  (record: TransactionRecord) => Pick<CheckoutPageModel, 'breb' | 'bankAccount'>
> = {
  'bank-choice': () => ({}),
  'wallet-request': () => ({}),
  'key-and-qr': (record) => ({ breb: sandboxBrebInstructions(record) }),
  'bank-account': (record) => ({ bankAccount: sandboxBankTransfer(record) }),
};

/** What every page of a transaction shows, whatever its kind. */
export function commonPageModel(record: TransactionRecord, context: PageContext): CommonPageModel {
  const status = pageStatus(record, context.now);
  return {
    currency: record.currency,
    transactionId: record.id,
    status,
    amountCents: record.amount,
    payerName: record.payer.name,
    description: record.description,
    merchantName: context.branding?.displayName ?? null,
    brand: context.branding
      ? { color: context.branding.brandColor, logoUrl: context.branding.logoUrl }
      : null,
    expiresAt: record.expiresAt,
    paidAt: record.paidAt,
    sandbox: context.sandbox,
    payActionUrl: context.sandbox ? payActionPath(record.pageToken) : null,
    statusUrl: statusPath(record.pageToken),
    storeUrl: record.payerReturnUrl ?? null,
    receiptUrl: status === 'PAID' ? receiptPath(record.pageToken) : null,
  };
}

/** Null until the instruction is on the record (the page shows nothing before that). */
export function toPageModel(record: TransactionRecord, context: PageContext): HostedPage | null {
  if (!record.instructionFilledAt) return null;
  const { currency: _currency, ...common } = commonPageModel(record, context);
  const page = methodOf(record).page;
  const kind = page.kind;
  if (kind === 'boleto') {
    if (!record.boleto || !record.boletoBarcode || !record.boletoDigitableLine) return null;
    return {
      kind,
      model: {
        ...common,
        currency: 'BRL',
        dueDate: record.boleto.dueDate,
        digitableLine: record.boletoDigitableLine,
        barcode: record.boletoBarcode,
        pdfUrl: boletoPdfPath(record.pageToken),
      },
    };
  }
  if (kind === 'qr') {
    if (!record.qr) return null;
    return { kind, model: { ...common, currency: 'BOB', qrPayload: record.qr } };
  }
  if (kind === 'pix') {
    if (!record.qr) return null;
    return { kind, model: { ...common, currency: 'BRL', brCode: record.qr } };
  }
  return {
    kind,
    model: {
      ...common,
      currency: 'COP',
      // A checkout row's method (its page says so).
      method: record.method as CheckoutMethod,
      payerPhone: record.payer.phone ?? '',
      ...checkoutInstructions[page.body](record),
    },
  };
}
