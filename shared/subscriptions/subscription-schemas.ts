// Request bodies, queries and responses of the subscription routes, as schemas; the assertion
// keeps the response equal to the domain type.
import * as v from 'valibot';
import { billingCycles } from '../catalog/offer.ts';
import { productMetadata } from '../catalog/product-schemas.ts';
import { cursorParam, limitParam } from '../http/pagination.ts';
import { nullableTimestamp, pageOf, timestamp } from '../http/response-fields.ts';
import type { Assert, Matches } from '../openapi/same-type.ts';
import { subscriptionMethods } from '../payment-methods.ts';
import { parseBrazilianDocument } from '../purchase/documents.ts';
import { checkDueDate } from '../purchase/due-date.ts';
import { parseBoletoPhone } from '../purchase/phone.ts';
import { commonSchemas } from '../purchase/purchase-request.ts';
import { boletoAddressSchema } from '../purchase/requests/boleto-request.ts';
import { fail } from '../validation/checked.ts';
import { checkedString, freeText } from '../validation/fields.ts';
import type { SubscriptionView } from './subscription.ts';
import { cancelReasons, subscriptionStatuses } from './subscription-status.ts';

/** How far ahead a start date may be: the longest a Pix charge can wait (cycle 1 is charged at creation). */
export const maxStartDays = 30;

const exampleOfferId = 'off_5b0e8f3a-7c1d-4e2b-9a6f-0d3c4b5a6e7f';

const customer = v.strictObject(
  {
    name: freeText(255),
    email: commonSchemas.email,
    phone: v.nullish(
      checkedString(parseBoletoPhone, { description: '8 to 12 digits; required for BOLETO.' }),
    ),
    document: checkedString(parseBrazilianDocument, {
      description: "The payer's CPF (11 digits) or CNPJ (14 characters); punctuation is accepted.",
    }),
    address: v.pipe(
      v.nullish(boletoAddressSchema),
      v.description("The payer's address, printed on each boleto: required for BOLETO."),
    ),
  },
  'must be an object with name, email, phone and document',
);

export function createSubscriptionSchema(now: Date) {
  return v.pipe(
    v.strictObject(
      {
        offerId: v.string('must be a string (an offer id)'),
        customer,
        paymentMethod: v.picklist(subscriptionMethods, `must be one of ${subscriptionMethods.join(', ')}`),
        startDate: v.nullish(
          checkedString(
            (input) => {
              const checked = checkDueDate(input, now);
              if (!checked.ok) return checked;
              const last = new Date(now.getTime() + maxStartDays * 86_400_000).toISOString().slice(0, 10);
              return checked.value > last ? fail(`must be at most ${maxStartDays} days ahead`) : checked;
            },
            {
              format: 'date',
              description: `YYYY-MM-DD (São Paulo), today up to ${maxStartDays} days ahead: cycle 1's due date. Default: today plus the charge window.`,
            },
          ),
        ),
        externalId: v.pipe(
          commonSchemas.externalId,
          v.description('Your reference (e.g. the customer contract): unique among your subscriptions.'),
        ),
        postbackUrl: commonSchemas.postbackUrl,
        metadata: v.nullish(productMetadata),
      },
      'must be a JSON object',
    ),
    v.metadata({
      examples: [
        {
          offerId: exampleOfferId,
          customer: {
            name: 'Ana Souza',
            email: 'ana@example.com.br',
            phone: '11987654321',
            document: '123.456.789-09',
          },
          paymentMethod: 'PIX',
          externalId: 'contract-42',
        },
      ],
    }),
  );
}

export type CreateSubscriptionInput = v.InferOutput<ReturnType<typeof createSubscriptionSchema>>;

export const listSubscriptionsQuery = v.strictObject({
  limit: v.optional(limitParam),
  cursor: v.optional(cursorParam),
  status: v.optional(v.picklist(subscriptionStatuses, `must be one of ${subscriptionStatuses.join(', ')}`)),
});

export type ListSubscriptionsQuery = v.InferOutput<typeof listSubscriptionsQuery>;

const calendarDate = v.pipe(v.string(), v.isoDate());

export const subscriptionSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.description('`sub_` and 32 hex digits.')),
    status: v.picklist(subscriptionStatuses),
    offerId: v.string(),
    productId: v.string(),
    amount: v.pipe(
      v.number(),
      v.integer(),
      v.description('Cents charged each cycle (the offer’s price when subscribed).'),
    ),
    currency: v.literal('BRL'),
    billingCycle: v.picklist(billingCycles),
    paymentMethod: v.picklist(subscriptionMethods),
    customer: v.object({
      name: v.string(),
      email: v.string(),
      phone: v.nullable(v.string()),
      document: v.string(),
    }),
    authorization: v.pipe(
      v.nullable(v.object({ qr: v.string(), url: v.string() })),
      v.description(
        'Pix Automático: the QR and page the payer authorizes the recurrence with; null for the methods that charge each cycle anew.',
      ),
    ),
    currentCycle: v.pipe(
      v.number(),
      v.integer(),
      v.description('The last cycle charged (1-based; 0: none yet).'),
    ),
    currentTransactionId: v.pipe(
      v.nullable(v.string()),
      v.description("The last cycle's charge (GET /transactions/{id}); its payer page is there."),
    ),
    nextDueDate: v.pipe(
      v.nullable(calendarDate),
      v.description('Due date of the next cycle; null once ended.'),
    ),
    nextChargeDate: v.pipe(
      v.nullable(calendarDate),
      v.description("The day (São Paulo) the next cycle's charge is created; null once ended."),
    ),
    externalId: v.nullable(v.string()),
    postbackUrl: v.nullable(v.string()),
    metadata: v.nullable(v.record(v.string(), v.unknown())),
    createdAt: timestamp,
    updatedAt: timestamp,
    activatedAt: nullableTimestamp,
    canceledAt: nullableTimestamp,
    cancelReason: v.pipe(
      v.nullable(v.picklist(cancelReasons)),
      v.description(
        '`MERCHANT` (the cancel route), `PAYER` (on the recurrence) or `UNPAID` (cycles in a row unpaid).',
      ),
    ),
  }),
  v.title('Subscription'),
);

export const subscriptionPageSchema = pageOf(subscriptionSchema, 'SubscriptionPage');

export const subscriptionCycleRunSchema = v.pipe(
  v.object({
    subscription: subscriptionSchema,
    transactionId: v.pipe(
      v.nullable(v.string()),
      v.description(
        "The new cycle's charge; null when none was due or its charge failed (tried again later, or given up).",
      ),
    ),
  }),
  v.title('SubscriptionCycleRun'),
);

export type _SubscriptionMatches = Assert<
  Matches<SubscriptionView, v.InferOutput<typeof subscriptionSchema>>
>;
