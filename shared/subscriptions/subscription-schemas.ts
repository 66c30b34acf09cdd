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

const payerBankAccount = v.pipe(
  v.strictObject(
    {
      ispbParticipante: v.pipe(
        v.string('must be a string'),
        v.regex(/^[0-9]{8}$/, 'must be 8 digits (the ISPB of the payer’s bank)'),
      ),
      agencia: v.nullish(
        v.pipe(v.string('must be a string'), v.regex(/^[0-9]{1,4}$/, 'must be 1 to 4 digits')),
      ),
      conta: v.pipe(v.string('must be a string'), v.regex(/^[0-9]{1,20}$/, 'must be 1 to 20 digits')),
    },
    'must be an object with ispbParticipante and conta',
  ),
  v.description(
    "PIX_AUTOMATICO only: the payer's bank account. Given (and cycle 1 due in 2 days or more), the authorization request goes to the payer's bank app (journey 1) instead of a QR.",
  ),
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
              description: `YYYY-MM-DD (São Paulo), today up to ${maxStartDays} days ahead: cycle 1's due date. Default: today plus the charge window (PIX_AUTOMATICO: today, so the authorization QR pays cycle 1).`,
            },
          ),
        ),
        payerBankAccount: v.nullish(payerBankAccount),
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
      v.nullable(v.object({ qr: v.nullable(v.string()), url: v.nullable(v.string()) })),
      v.description(
        'Pix Automático while PENDING_AUTHORIZATION: the QR the payer scans in their bank app (null when the request went to their bank account) and, when cycle 1 is paid with it, its payer page; null otherwise.',
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
