// View models for the hosted payer pages. Handlers build these from the transaction record;
// renderers only read them, so everything here is already decided (status, masking, URLs).
import type { CheckoutMethod, PurchaseCurrency } from '../../payment-methods.ts';
import type { TransactionStatus } from '../../transactions/transaction.ts';

export type { CheckoutMethod } from '../../payment-methods.ts';

/** What the payer is told: a FAILED transaction reads as expired (nobody is invited to pay it). */
export type PageStatus = Exclude<TransactionStatus, 'FAILED' | 'REFUNDED'>;
export type PageCurrency = PurchaseCurrency;
/** Page language. By default a page speaks the payer's language, derived from the currency. */
export type PageLang = 'en' | 'pt-BR' | 'es-CO' | 'es-BO';

export interface RenderedPage {
  html: string;
  /** Value for the Content-Security-Policy response header; carries this render's nonce. */
  csp: string;
}

export interface RenderOptions {
  /** Overrides the language picked from the currency. */
  lang?: PageLang;
}

export interface PageBrand {
  color: string | null;
  logoUrl: string | null;
}

export interface CommonPageModel {
  transactionId: string;
  status: PageStatus;
  amountCents: number;
  currency: PageCurrency;
  payerName: string;
  description: string;
  merchantName?: string | null;
  /** The merchant's colour (`#rrggbb`) and logo URL, when the account set them. */
  brand?: PageBrand | null;
  /** ISO 8601 instant. */
  expiresAt: string | null;
  /** ISO 8601 instant. */
  paidAt: string | null;
  sandbox: boolean;
  /** Relative URL the sandbox Pay button POSTs to; the button shows only in sandbox while PENDING. */
  payActionUrl: string | null;
  /** Relative URL the page's script asks for the status while PENDING, to show the payment by itself. */
  statusUrl?: string | null;
  /** Relative URL of the receipt, linked from the paid state (set once PAID). */
  receiptUrl?: string | null;
  /** "Back to the store" once paid: the checkout session's `successUrl`, when it had one. */
  storeUrl?: string | null;
}

export interface BoletoPageModel extends CommonPageModel {
  currency: 'BRL';
  /** YYYY-MM-DD (a calendar date, no time zone). */
  dueDate: string;
  /** 47 digits, grouped with dots and spaces as printed on a boleto. */
  digitableLine: string;
  /** 44 digits, the content of the Interleaved 2 of 5 barcode. */
  barcode: string;
  /** https or relative URL of a PDF copy. */
  pdfUrl?: string | null;
}

export interface PseBank {
  /** Value posted as `bank` with the PSE Pay form. */
  code: string;
  name: string;
}

export interface BrebInstructions {
  /** The Bre-B key (llave) the payer sends to. */
  key: string;
  /** Payload encoded in the Bre-B QR. */
  qrPayload: string;
}

export interface BankAccountDetails {
  bank: string;
  accountType: string;
  accountNumber: string;
  holder: string;
  nit: string;
  reference: string;
}

export interface CheckoutPageModel extends CommonPageModel {
  currency: 'COP';
  method: CheckoutMethod;
  /** Payer's phone; the page shows only its last 4 digits whatever is passed. */
  payerPhone: string;
  /** PSE bank list; defaults to DEFAULT_PSE_BANKS. */
  banks?: readonly PseBank[] | null;
  /** Required by the `key-and-qr` body; while missing the page says the instructions are being prepared. */
  breb?: BrebInstructions | null;
  /** Required by the `bank-account` body; while missing the page says the instructions are being prepared. */
  bankAccount?: BankAccountDetails | null;
}

export interface QrPageModel extends CommonPageModel {
  currency: 'BOB';
  /** EMVCo merchant-presented payload, shown as a QR image and as copyable text. */
  qrPayload: string;
}

export interface PixPageModel extends CommonPageModel {
  currency: 'BRL';
  /** The dynamic BR Code ("Pix copia e cola"), shown as a QR image and as copyable text. */
  brCode: string;
}
