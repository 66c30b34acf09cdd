// Response bodies of checkout sessions and payment links, as schemas (published in the OpenAPI
// document); the types below must match the domain's, so neither can change alone.
import * as v from 'valibot';
import { pageOf, timestamp } from '../http/response-fields.ts';
import { checkoutSessionExample, paymentLinkExample } from '../openapi/checkout-examples.ts';
import type { Assert, Matches } from '../openapi/same-type.ts';
import { purchaseCurrencies, saleMethodCodes } from '../payment-methods.ts';
import { type CheckoutSession, checkoutSessionStatuses } from './checkout-session.ts';
import type { PaymentLink } from './payment-link.ts';

const methods = v.array(v.picklist(saleMethodCodes));

export const checkoutSessionSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.regex(/^cs_/), v.description('`cs_` and a UUID.')),
    url: v.pipe(v.string(), v.description('The hosted checkout page: send the payer here.')),
    status: v.pipe(
      v.picklist(checkoutSessionStatuses),
      v.description(
        'OPEN until a transaction is created from it (COMPLETE, `transactionId` set) or `expiresAt` passes without one (EXPIRED).',
      ),
    ),
    offerId: v.string(),
    productId: v.string(),
    amount: v.pipe(v.number(), v.integer(), v.description("Cents of `currency`: the offer's price.")),
    currency: v.picklist(purchaseCurrencies),
    paymentMethods: v.pipe(
      methods,
      v.description(
        'The methods the payer can choose from, the first chosen at first (a recurring offer: PIX_AUTOMATICO where this stage collects it).',
      ),
    ),
    customer: v.object({
      name: v.nullable(v.string()),
      email: v.nullable(v.string()),
      phone: v.nullable(v.string()),
      document: v.nullable(v.string()),
    }),
    successUrl: v.nullable(v.string()),
    cancelUrl: v.nullable(v.string()),
    externalId: v.nullable(v.string()),
    postbackUrl: v.nullable(v.string()),
    sendEmails: v.pipe(
      v.boolean(),
      v.description(
        "False when the session was created with `sendEmails: false`: its transaction's payer gets no e-mail (its `emails[]` show SKIPPED).",
      ),
    ),
    metadata: v.record(v.string(), v.unknown()),
    paymentLinkId: v.pipe(v.nullable(v.string()), v.description('The payment link whose visit opened it.')),
    transactionId: v.pipe(v.nullable(v.string()), v.description('The one transaction created from it.')),
    expiresAt: timestamp,
    createdAt: timestamp,
  }),
  v.title('CheckoutSession'),
  v.examples([checkoutSessionExample]),
);

export const paymentLinkSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.regex(/^plink_/), v.description('`plink_` and a UUID.')),
    url: v.pipe(v.string(), v.description('Share it: each visit opens a checkout session of its own.')),
    active: v.boolean(),
    offerId: v.string(),
    productId: v.string(),
    amount: v.pipe(v.number(), v.integer(), v.description("Cents of `currency`: the offer's price.")),
    currency: v.picklist(purchaseCurrencies),
    paymentMethods: v.pipe(
      v.nullable(methods),
      v.description('The methods chosen; null: every method that can collect the offer when visited.'),
    ),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  v.title('PaymentLink'),
  v.examples([paymentLinkExample]),
);

export const checkoutSessionPageSchema = pageOf(checkoutSessionSchema, 'CheckoutSessionPage');

export const paymentLinkPageSchema = pageOf(paymentLinkSchema, 'PaymentLinkPage');

export type _CheckoutSessionMatches = Assert<
  Matches<CheckoutSession, v.InferOutput<typeof checkoutSessionSchema>>
>;
export type _PaymentLinkMatches = Assert<Matches<PaymentLink, v.InferOutput<typeof paymentLinkSchema>>>;
