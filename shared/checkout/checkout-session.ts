// A checkout session: one payment of one offer, on our hosted checkout page. It is OPEN until a
// transaction is created from it (COMPLETE) or its time runs out (EXPIRED, derived on read).
import type { BillingCycle } from '../catalog/offer.ts';
import { serviceConfig } from '../config.ts';
import type { MethodKey, PurchaseCurrency, SaleMethod } from '../payment-methods.ts';
import type { FeeRule } from '../purchase/fees.ts';

export const checkoutSessionStatuses = ['OPEN', 'COMPLETE', 'EXPIRED'] as const;
export type CheckoutSessionStatus = (typeof checkoutSessionStatuses)[number];

export interface CheckoutCustomer {
  name: string | null;
  email: string | null;
  phone: string | null;
  document: string | null;
}

/** What the sale takes from the account, fixed when the session is created. */
export interface SaleTerms {
  /** The merchant's CPF/CNPJ (BRL methods name the merchant as the responsible party). */
  responsibleDocument: string | null;
  responsibleExternalId: string;
  /** The account's fee overrides for the session's methods. */
  fees: Partial<Record<MethodKey, FeeRule>>;
}

/** What the hosted checkout shows of the sale, as it was when the session was made. */
export interface SaleDisplay {
  productName: string;
  productDescription: string | null;
  /** The product's image on the image CDN, or null. */
  imageUrl: string | null;
  offerName: string;
}

export interface CheckoutSessionRecord {
  id: string;
  accountId: string;
  /** The unguessable half of the page's token (`<id>.<secret>`). */
  secret: string;
  offerId: string;
  productId: string;
  /** The receipt line: the product's name and the offer's. */
  description: string;
  /** Absent on sessions made before the page showed the product: the page shows `description`. */
  display?: SaleDisplay;
  amount: number;
  currency: PurchaseCurrency;
  paymentMethods: SaleMethod[];
  /** The offer's billing cycle when it is recurring: the form's submit subscribes the payer. */
  billingCycle?: BillingCycle;
  customer: CheckoutCustomer;
  successUrl: string | null;
  cancelUrl: string | null;
  externalId: string | null;
  postbackUrl: string | null;
  /** Present (false) only when the session's payer gets no e-mail. */
  sendEmails?: false;
  metadata: Record<string, unknown>;
  terms: SaleTerms;
  paymentLinkId: string | null;
  transactionId: string | null;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
}

/** What the API shows of a session: its record without the secret, terms and page snapshot. */
export type CheckoutSession = Pick<
  CheckoutSessionRecord,
  | 'id'
  | 'offerId'
  | 'productId'
  | 'amount'
  | 'currency'
  | 'paymentMethods'
  | 'customer'
  | 'successUrl'
  | 'cancelUrl'
  | 'externalId'
  | 'postbackUrl'
  | 'metadata'
  | 'paymentLinkId'
  | 'transactionId'
  | 'expiresAt'
  | 'createdAt'
> & { url: string; status: CheckoutSessionStatus; sendEmails: boolean };

export function checkoutSessionStatus(
  record: Pick<CheckoutSessionRecord, 'transactionId' | 'expiresAt'>,
  now: Date,
): CheckoutSessionStatus {
  if (record.transactionId !== null) return 'COMPLETE';
  return now.getTime() >= Date.parse(record.expiresAt) ? 'EXPIRED' : 'OPEN';
}

export const checkoutPageToken = (record: Pick<CheckoutSessionRecord, 'id' | 'secret'>) =>
  `${record.id}.${record.secret}`;

export const checkoutUrl = (record: Pick<CheckoutSessionRecord, 'id' | 'secret'>) =>
  `${serviceConfig().publicBaseUrl}/checkout/${checkoutPageToken(record)}`;

export function toCheckoutSession(record: CheckoutSessionRecord, now: Date): CheckoutSession {
  return {
    id: record.id,
    url: checkoutUrl(record),
    status: checkoutSessionStatus(record, now),
    offerId: record.offerId,
    productId: record.productId,
    amount: record.amount,
    currency: record.currency,
    paymentMethods: record.paymentMethods,
    customer: record.customer,
    successUrl: record.successUrl,
    cancelUrl: record.cancelUrl,
    externalId: record.externalId,
    postbackUrl: record.postbackUrl,
    sendEmails: record.sendEmails !== false,
    metadata: record.metadata,
    paymentLinkId: record.paymentLinkId,
    transactionId: record.transactionId,
    expiresAt: record.expiresAt,
    createdAt: record.createdAt,
  };
}

const sessionIdPattern = /^cs_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isCheckoutSessionId = (value: string) => sessionIdPattern.test(value);
