// Payment links of an account: made for an offer that can be sold now, listed newest first,
// turned off and on. Each visit opens its own checkout session (visit-payment-link.ts).
import { findOffer } from '../catalog/find-offer.ts';
import { currencyOf } from '../catalog/offer.ts';
import { notFound } from '../errors.ts';
import { defaultPageSize, type PageResponse } from '../http/pagination.ts';
import { newPrefixedId } from '../ids.ts';
import { getAccount } from '../store/api-keys.ts';
import { decodeCursor, encodeCursor } from '../store/cursor.ts';
import {
  getPaymentLinkRecord,
  insertPaymentLink,
  listPaymentLinkRecords,
  paymentLinkCursorShape,
  updatePaymentLinkRecord,
} from '../store/payment-links.ts';
import type {
  CreatePaymentLinkInput,
  ListPaymentLinksQuery,
  UpdatePaymentLinkInput,
} from './checkout-schemas.ts';
import { isPaymentLinkId, type PaymentLink, type PaymentLinkRecord, toPaymentLink } from './payment-link.ts';
import { saleMethods } from './sale-methods.ts';
import { saleTerms } from './sale-terms.ts';
import { sellableOffer } from './sellable-offer.ts';

const linkNotFound = () => notFound('payment_link.not_found', 'id: no such payment link in this account');

export async function createPaymentLink(
  accountId: string,
  input: CreatePaymentLinkInput,
  now = new Date(),
): Promise<PaymentLink> {
  const sale = await sellableOffer(accountId, input.offerId);
  const methods = saleMethods(
    { amount: sale.offer.amount, currency: sale.currency, billingCycle: sale.offer.billingCycle },
    input.paymentMethods,
  );
  const createdAt = now.toISOString();
  const record: PaymentLinkRecord = {
    id: newPrefixedId('plink'),
    accountId,
    offerId: sale.offer.id,
    productId: sale.product.id,
    amount: sale.offer.amount,
    currency: sale.currency,
    requestedMethods: input.paymentMethods ? methods : null,
    active: input.active ?? true,
    terms: saleTerms(await getAccount(accountId, true), accountId, sale.currency, methods),
    createdAt,
    updatedAt: createdAt,
  };
  await insertPaymentLink(record);
  return toPaymentLink(record);
}

export async function findPaymentLink(accountId: string, linkId: string): Promise<PaymentLinkRecord> {
  const record = isPaymentLinkId(linkId) ? await getPaymentLinkRecord(linkId) : undefined;
  if (!record || record.accountId !== accountId) throw linkNotFound();
  return record;
}

export async function listPaymentLinks(
  accountId: string,
  query: ListPaymentLinksQuery,
): Promise<PageResponse<PaymentLink>> {
  const after =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, paymentLinkCursorShape(accountId));
  const page = await listPaymentLinkRecords(accountId, {
    limit: query.limit ?? defaultPageSize,
    ...(after ? { after } : {}),
  });
  return {
    data: page.records.map(toPaymentLink),
    nextCursor: page.nextKey ? encodeCursor(page.nextKey) : null,
  };
}

/** Turning a link on renews its terms from the account's current settings and fees. */
export async function updatePaymentLink(
  accountId: string,
  linkId: string,
  input: UpdatePaymentLinkInput,
  now = new Date(),
): Promise<PaymentLink> {
  const current = await findPaymentLink(accountId, linkId);
  let terms = current.terms;
  if (input.active) {
    const offer = await findOffer(accountId, current.offerId, 'offerId');
    const currency = currencyOf(offer);
    const methods = saleMethods(
      { amount: offer.amount, currency, billingCycle: offer.billingCycle },
      current.requestedMethods ?? undefined,
    );
    terms = saleTerms(await getAccount(accountId, true), accountId, currency, methods);
  }
  const updated = await updatePaymentLinkRecord(accountId, linkId, {
    active: input.active,
    terms,
    updatedAt: now.toISOString(),
  });
  if (!updated) throw linkNotFound();
  return toPaymentLink(updated);
}
