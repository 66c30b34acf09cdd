// GET /l/{id}: a payer opens a payment link. While the link is on and its offer can be sold, each
// visit opens a checkout session of its own (one payment each) and goes to its page; otherwise
// the payer reads that the product is unavailable (410), never a form.
import { brandingView } from '../accounts/branding.ts';
import { serviceConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { pageBranding } from '../hosted-pages/page-branding.ts';
import { invalidLinkResponse, pageResponse, seeOther } from '../hosted-pages/page-response.ts';
import { renderCheckoutClosed } from '../hosted-pages/render/checkout-form-page.ts';
import type { HttpResult } from '../http/responses.ts';
import { insertCheckoutSession } from '../store/checkout-sessions.ts';
import { getPaymentLinkRecord } from '../store/payment-links.ts';
import { checkoutPageToken } from './checkout-session.ts';
import { newCheckoutSession } from './create-checkout-session.ts';
import { isPaymentLinkId, type PaymentLinkRecord } from './payment-link.ts';
import { saleMethods } from './sale-methods.ts';
import { type SellableOffer, sellableOffer } from './sellable-offer.ts';

/** What the link sells now, or null when it sells nothing (off, offer or product off, no method left). */
async function saleOf(link: PaymentLinkRecord) {
  if (!link.active) return null;
  try {
    const sale: SellableOffer = await sellableOffer(link.accountId, link.offerId);
    const methods = saleMethods(
      { amount: sale.offer.amount, currency: sale.currency, billingCycle: sale.offer.billingCycle },
      link.requestedMethods ?? undefined,
    );
    return { sale, methods };
  } catch (error) {
    // Unsellable (400) or gone (404): the payer is told the same.
    if (error instanceof AppError && error.status < 500) return null;
    throw error;
  }
}

export async function visitPaymentLink(
  linkId: string,
  acceptLanguage: string | null = null,
  now = new Date(),
): Promise<HttpResult> {
  const link = isPaymentLinkId(linkId) ? await getPaymentLinkRecord(linkId) : undefined;
  if (!link) return invalidLinkResponse({ acceptLanguage });
  const selling = await saleOf(link);
  if (!selling) {
    const branding = await pageBranding(link.accountId);
    const view = branding ? brandingView(branding) : null;
    return pageResponse(
      410,
      renderCheckoutClosed('unavailable', {
        currency: link.currency,
        merchantName: view?.displayName ?? null,
        brand: view ? { color: view.brandColor, logoUrl: view.logoUrl } : null,
        sandbox: serviceConfig().sandboxRails,
      }),
    );
  }
  const session = newCheckoutSession(
    link.accountId,
    { sale: selling.sale, methods: selling.methods, terms: link.terms, paymentLinkId: link.id },
    {},
    now,
  );
  await insertCheckoutSession(session);
  return seeOther(`/checkout/${checkoutPageToken(session)}`);
}
