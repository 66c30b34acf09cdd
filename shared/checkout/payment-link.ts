// A payment link: a lasting URL for one offer that many payers can use; each visit opens a
// checkout session of its own. Its sale terms are fixed when it is made (or changed).
import { serviceConfig } from '../config.ts';
import type { PurchaseCurrency, SaleMethod } from '../payment-methods.ts';
import type { SaleTerms } from './checkout-session.ts';

export interface PaymentLinkRecord {
  id: string;
  accountId: string;
  offerId: string;
  productId: string;
  amount: number;
  currency: PurchaseCurrency;
  /** The methods the merchant chose; null: every method that can collect the offer when visited. */
  requestedMethods: SaleMethod[] | null;
  active: boolean;
  terms: SaleTerms;
  createdAt: string;
  updatedAt: string;
}

export interface PaymentLink {
  id: string;
  url: string;
  active: boolean;
  offerId: string;
  productId: string;
  amount: number;
  currency: PurchaseCurrency;
  paymentMethods: SaleMethod[] | null;
  createdAt: string;
  updatedAt: string;
}

export const paymentLinkUrl = (linkId: string) => `${serviceConfig().publicBaseUrl}/l/${linkId}`;

export function toPaymentLink(record: PaymentLinkRecord): PaymentLink {
  return {
    id: record.id,
    url: paymentLinkUrl(record.id),
    active: record.active,
    offerId: record.offerId,
    productId: record.productId,
    amount: record.amount,
    currency: record.currency,
    paymentMethods: record.requestedMethods,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

const linkIdPattern = /^plink_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isPaymentLinkId = (value: string) => linkIdPattern.test(value);
