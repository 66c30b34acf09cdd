// Request bodies and queries of checkout sessions and payment links.
import * as v from 'valibot';
import { productMetadata } from '../catalog/product-schemas.ts';
import { cursorParam, limitParam } from '../http/pagination.ts';
import {
  createCheckoutSessionExample,
  createPaymentLinkExample,
  exampleIds,
} from '../openapi/checkout-examples.ts';
import { saleMethodCodes } from '../payment-methods.ts';
import { commonSchemas } from '../purchase/purchase-request.ts';
import {
  checkEmail,
  checkedString,
  checkPostbackUrl,
  freeText,
  identifier,
  maxEmailLength,
  maxUrlLength,
} from '../validation/fields.ts';
import { isPaymentLinkId } from './payment-link.ts';

export const minSessionSeconds = 30 * 60;
export const maxSessionSeconds = 24 * 60 * 60;
const expiresInRule = `must be an integer number of seconds between ${minSessionSeconds} and ${maxSessionSeconds}`;

const methodList = v.pipe(
  v.array(
    v.picklist(saleMethodCodes, `must be one of ${saleMethodCodes.join(', ')}`),
    'must be an array of payment methods',
  ),
  v.minLength(1, 'must name at least one payment method'),
  v.check((methods) => new Set(methods).size === methods.length, 'must not name a method twice'),
  v.description(
    "Narrows the methods offered; default: every method of the offer's currency that can collect it (a recurring offer: those that charge each cycle, led by PIX_AUTOMATICO where this stage collects it).",
  ),
);

const returnUrl = (description: string) =>
  v.nullish(checkedString(checkPostbackUrl, { format: 'uri', maxLength: maxUrlLength, description }));

const customer = v.strictObject(
  {
    name: v.nullish(freeText(255)),
    email: v.nullish(checkedString(checkEmail, { format: 'email', maxLength: maxEmailLength })),
    phone: v.nullish(identifier(32)),
    document: v.nullish(identifier(32)),
  },
  'must be an object with any of name, email, phone and document',
);

export const createCheckoutSessionSchema = v.pipe(
  v.strictObject({
    offerId: v.string('must be a string (an offer id)'),
    paymentMethods: v.optional(methodList),
    customer: v.optional(
      v.pipe(customer, v.description('Pre-fills the payer form; the payer can still change each field.')),
    ),
    successUrl: returnUrl('Where the paid page sends the payer back to your store.'),
    cancelUrl: returnUrl('Where the checkout page sends a payer who leaves without paying.'),
    expiresIn: v.optional(
      v.pipe(
        v.number(expiresInRule),
        v.integer(expiresInRule),
        v.minValue(minSessionSeconds, expiresInRule),
        v.maxValue(maxSessionSeconds, expiresInRule),
        v.description('Seconds the session can be paid from its creation; default 86400.'),
      ),
    ),
    externalId: v.pipe(
      commonSchemas.externalId,
      v.description(
        'Your reference (e.g. the order id); the transaction takes it, so an order is paid once.',
      ),
    ),
    postbackUrl: commonSchemas.postbackUrl,
    sendEmails: commonSchemas.sendEmails,
    metadata: v.optional(productMetadata),
  }),
  v.examples([createCheckoutSessionExample]),
);

export type CreateCheckoutSessionInput = v.InferOutput<typeof createCheckoutSessionSchema>;

export const createPaymentLinkSchema = v.pipe(
  v.strictObject({
    offerId: v.string('must be a string (an offer id)'),
    paymentMethods: v.optional(methodList),
    active: v.optional(
      v.pipe(v.boolean('must be true or false'), v.description('false: made off, to turn on later.')),
    ),
  }),
  v.examples([createPaymentLinkExample]),
);

export type CreatePaymentLinkInput = v.InferOutput<typeof createPaymentLinkSchema>;

export const updatePaymentLinkSchema = v.pipe(
  v.strictObject({
    active: v.pipe(
      v.boolean('must be true or false'),
      v.description('An inactive link shows payers that it is unavailable; turning it on renews its terms.'),
    ),
  }),
  v.examples([{ active: false }]),
);

export type UpdatePaymentLinkInput = v.InferOutput<typeof updatePaymentLinkSchema>;

export const listPaymentLinksQuery = v.strictObject({
  limit: v.optional(limitParam),
  cursor: v.optional(cursorParam),
});

export type ListPaymentLinksQuery = v.InferOutput<typeof listPaymentLinksQuery>;

export const listCheckoutSessionsQuery = v.strictObject({
  limit: v.optional(limitParam),
  cursor: v.optional(cursorParam),
  paymentLinkId: v.optional(
    v.pipe(
      v.string('must be a payment link id (plink_ and a UUID)'),
      v.check(isPaymentLinkId, 'must be a payment link id (plink_ and a UUID)'),
      v.description("Only the sessions this payment link's visits opened."),
      v.examples([exampleIds.paymentLinkId]),
    ),
  ),
});

export type ListCheckoutSessionsQuery = v.InferOutput<typeof listCheckoutSessionsQuery>;
