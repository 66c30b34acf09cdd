// Examples of selling an offer, shown by the API reference: a payment link, a session its visit
// opened, the Pix transaction the payer created there and its `cashin.paid`, and the account's
// sale settings. `tsc` checks each against its schema's type (valibot's `examples` action) and a
// unit test parses it (schema-examples.test.ts), so an example cannot drift from what the API takes
// and answers.
import type { SaleSettings } from '../accounts/sale-settings.ts';
import type { CheckoutSession } from '../checkout/checkout-session.ts';
import type { PaymentLink } from '../checkout/payment-link.ts';
import { methodsOf, type PurchaseMethod } from '../payment-methods.ts';
import type { TransactionView } from '../transactions/transaction.ts';

const base = 'https://api.sandbox.cashin.example';
export const exampleIds = {
  offerId: 'off_5b0e8f3a-7c1d-4e2b-9a6f-0d3c4b5a6e7f',
  productId: 'prd_0c9e2d4b-1a3f-4b5c-8d7e-6f5a4b3c2d1e',
  checkoutSessionId: 'cs_8f362750-a598-4be8-b706-4524d9bde1df',
  paymentLinkId: 'plink_3c9b96cf-98ec-495e-9992-3941f067d21f',
  transactionId: '1795712114673612288',
} as const;

const createdAt = '2026-11-26T16:55:13.902Z';
/** What a BRL offer is sold with when the link names no methods: every BRL method of the catalogue. */
const brlMethods = methodsOf('BRL').map((row) => row.method as PurchaseMethod);

export const createPaymentLinkExample = {
  offerId: exampleIds.offerId,
  paymentMethods: brlMethods,
};

export const paymentLinkExample: PaymentLink = {
  id: exampleIds.paymentLinkId,
  url: `${base}/l/${exampleIds.paymentLinkId}`,
  active: true,
  offerId: exampleIds.offerId,
  productId: exampleIds.productId,
  amount: 4_990,
  currency: 'BRL',
  paymentMethods: brlMethods,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
};

export const createCheckoutSessionExample = {
  offerId: exampleIds.offerId,
  paymentMethods: ['PIX'] as PurchaseMethod[],
  customer: { name: 'Rita Lobo', email: 'rita@example.com', phone: '11987654321', document: null },
  successUrl: 'https://shop.example/orders/1042/thanks',
  cancelUrl: 'https://shop.example/cart',
  expiresIn: 3_600,
  externalId: 'order-1042',
  postbackUrl: 'https://shop.example/webhooks/cashin',
  metadata: { cartId: 'c-88' },
};

/** A session opened by a visit of the link: one payment, now made (COMPLETE). */
export const checkoutSessionExample: CheckoutSession = {
  id: exampleIds.checkoutSessionId,
  url: `${base}/checkout/${exampleIds.checkoutSessionId}.JN0k8-gkQaNWOxr2zsOs-bjuj9kB0ljp`,
  status: 'COMPLETE',
  offerId: exampleIds.offerId,
  productId: exampleIds.productId,
  amount: 4_990,
  currency: 'BRL',
  paymentMethods: brlMethods,
  customer: { name: null, email: null, phone: null, document: null },
  successUrl: null,
  cancelUrl: null,
  externalId: null,
  postbackUrl: null,
  sendEmails: true,
  metadata: {},
  paymentLinkId: exampleIds.paymentLinkId,
  transactionId: exampleIds.transactionId,
  expiresAt: '2026-11-27T16:55:13.902Z',
  createdAt,
};

/** The transaction the session's payer created, as every view shows it (webhooks, listings). */
const soldTransactionSharedView: TransactionView = {
  id: exampleIds.transactionId,
  currency: 'BRL',
  method: 'PIX',
  installments: null,
  externalId: null,
  status: 'PENDING',
  amount: 4_990,
  postbackUrl: 'https://shop.example/webhooks/cashin',
  referrerUrl: null,
  redirectUrl: `${base}/pay/pix/${exampleIds.transactionId}.b3UR61X2fo2mbYqTbEpWaLsOACdJqzuh`,
  qr: '00020101021226650014br.gov.bcb.pix2543pix.sandbox.invalid/cob/1795712114673612288520400005303986540549.905802BR5914Cashin Sandbox6009Sao Paulo62070503***630453E4',
  boletoDigitableLine: null,
  paymentInstruction: null,
  expiresAt: '2026-11-27T16:55:14.673Z',
  createdAt: '2026-11-26T16:55:14.673Z',
  costFee: 49,
  payer: { name: 'Rafael Souza', email: 'rafael@example.com', phone: null, document: '52998224725' },
  offerId: exampleIds.offerId,
  productId: exampleIds.productId,
  checkoutSessionId: exampleIds.checkoutSessionId,
  paymentLinkId: exampleIds.paymentLinkId,
  updatedAt: '2026-11-26T16:55:16.076Z',
  paidAt: null,
  canceledAt: null,
};

/** The same, as GET /transactions/{id} shows it: with its payer e-mails (the Pix code, sent). */
export const soldTransactionExample: TransactionView = {
  ...soldTransactionSharedView,
  emails: [
    { kind: 'instruction', to: 'r**@example.com', status: 'SENT', sentAt: '2026-11-26T16:55:17.204Z' },
  ],
};

const paidAt = '2026-11-26T16:57:02.310Z';

/** `cashin.paid` of that transaction: `data` names the offer, product, session and link. */
export const cashinPaidExample = {
  id: `evt_${exampleIds.transactionId}_paid`,
  type: 'cashin.paid' as const,
  createdAt: paidAt,
  data: { ...soldTransactionSharedView, status: 'PAID' as const, updatedAt: paidAt, paidAt },
};

export const updateSaleSettingsExample = {
  responsibleDocument: '11.222.333/0001-81',
  responsibleExternalId: 'loja-42',
  timeZone: 'America/Sao_Paulo',
};

export const saleSettingsExample: SaleSettings = {
  responsibleDocument: '11222333000181',
  responsibleExternalId: 'loja-42',
  timeZone: 'America/Sao_Paulo',
};
