// POST /v2/checkout-sessions, and a payment link's visit: one payment of one offer on our hosted
// checkout page, with the sale's terms fixed now.
import { imageUrlOf } from '../catalog/image-location.ts';
import { newPrefixedId, newToken } from '../ids.ts';
import type { SaleMethod } from '../payment-methods.ts';
import { getAccount } from '../store/api-keys.ts';
import { insertCheckoutSession } from '../store/checkout-sessions.ts';
import type { CreateCheckoutSessionInput } from './checkout-schemas.ts';
import { maxSessionSeconds } from './checkout-schemas.ts';
import type { CheckoutSessionRecord, SaleTerms } from './checkout-session.ts';
import { saleMethods } from './sale-methods.ts';
import { saleTerms } from './sale-terms.ts';
import { type SellableOffer, sellableOffer } from './sellable-offer.ts';

/** The receipt line: "Product — Offer", within the purchase API's 255 characters. */
export function receiptLine(productName: string, offerName: string): string {
  const line = productName === offerName ? productName : `${productName} — ${offerName}`;
  return [...line].length <= 255 ? line : `${[...line].slice(0, 254).join('')}…`;
}

export interface SessionOrigin {
  sale: SellableOffer;
  methods: SaleMethod[];
  terms: SaleTerms;
  paymentLinkId: string | null;
}

export function newCheckoutSession(
  accountId: string,
  origin: SessionOrigin,
  input: Omit<CreateCheckoutSessionInput, 'offerId' | 'paymentMethods'>,
  now: Date,
): CheckoutSessionRecord {
  const { offer, product, currency } = origin.sale;
  const createdAt = now.toISOString();
  return {
    id: newPrefixedId('cs'),
    accountId,
    secret: newToken(),
    offerId: offer.id,
    productId: product.id,
    description: receiptLine(product.name, offer.name),
    display: {
      productName: product.name,
      productDescription: product.description,
      imageUrl: product.imageKey === null ? null : imageUrlOf(product.imageKey),
      offerName: offer.name,
    },
    amount: offer.amount,
    currency,
    paymentMethods: origin.methods,
    ...(offer.billingCycle ? { billingCycle: offer.billingCycle } : {}),
    customer: {
      name: input.customer?.name ?? null,
      email: input.customer?.email ?? null,
      phone: input.customer?.phone ?? null,
      document: input.customer?.document ?? null,
    },
    successUrl: input.successUrl ?? null,
    cancelUrl: input.cancelUrl ?? null,
    externalId: input.externalId ?? null,
    postbackUrl: input.postbackUrl ?? null,
    ...(input.sendEmails === false ? { sendEmails: false as const } : {}),
    metadata: input.metadata ?? {},
    terms: origin.terms,
    paymentLinkId: origin.paymentLinkId,
    transactionId: null,
    expiresAt: new Date(now.getTime() + (input.expiresIn ?? maxSessionSeconds) * 1000).toISOString(),
    createdAt,
    updatedAt: createdAt,
  };
}

export async function createCheckoutSession(
  accountId: string,
  input: CreateCheckoutSessionInput,
  now = new Date(),
): Promise<CheckoutSessionRecord> {
  const sale = await sellableOffer(accountId, input.offerId);
  const methods = saleMethods(
    { amount: sale.offer.amount, currency: sale.currency, billingCycle: sale.offer.billingCycle },
    input.paymentMethods,
  );
  const terms = saleTerms(await getAccount(accountId, true), accountId, sale.currency, methods);
  const record = newCheckoutSession(accountId, { sale, methods, terms, paymentLinkId: null }, input, now);
  await insertCheckoutSession(record);
  return record;
}
