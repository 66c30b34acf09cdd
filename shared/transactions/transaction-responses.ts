// Response bodies of the transaction routes, as schemas (the OpenAPI document is built from
// them); the assertions at the end keep them equal to the domain types.

import * as v from 'valibot';
import { disputeSchema } from '../disputes/dispute-schemas.ts';
import { emailKinds, emailStatuses } from '../emails/email-kinds.ts';
import type { PageResponse } from '../http/pagination.ts';
import { nullableTimestamp, pageOf, timestamp } from '../http/response-fields.ts';
import { cashinPaidExample, soldTransactionExample } from '../openapi/checkout-examples.ts';
import type { Assert, Matches } from '../openapi/same-type.ts';
import { purchaseCurrencies, purchaseMethods } from '../payment-methods.ts';
import type { ExportFileView } from './export/export-transactions.ts';
import type { SandboxPayment } from './sandbox-pay.ts';
import { type TransactionView, transactionStatuses } from './transaction.ts';

export const boletoPaymentInstructionSchema = v.pipe(
  v.object({
    type: v.literal('BOLETO'),
    dueDate: v.pipe(
      timestamp,
      v.description('The due day at `T00:00:00.000Z`; payable until the end of that day in São Paulo.'),
    ),
    boletoUrl: v.pipe(
      v.nullable(v.string()),
      v.description('The hosted boleto page; null until the instruction is filled.'),
    ),
    boletoBarcode: v.pipe(v.string(), v.description('44 digits; empty until the instruction is filled.')),
    boletoDigitableLine: v.pipe(
      v.string(),
      v.description('47 digits in groups; empty until the instruction is filled.'),
    ),
  }),
  v.title('BoletoPaymentInstruction'),
);

export const payerSchema = v.pipe(
  v.object({
    name: v.string(),
    email: v.string(),
    phone: v.pipe(
      v.nullable(v.string()),
      v.description('Null where the method makes it optional (PIX) and none was sent.'),
    ),
    document: v.pipe(
      v.string(),
      v.description(
        "The payer's document (BRL: `cpf`; COP and BOB: `responsibleDocument`). Whole on `GET /transactions/{id}` and a cancel's answer for a key with `createTransaction`, and in webhooks; otherwise (listings, exports, event listings, a key with only `manageAccount`) every letter and digit but the last 4 is `*`.",
      ),
    ),
  }),
  v.title('Payer'),
  v.description('Who pays, as the purchase (or the hosted checkout form) named them.'),
);

const transactionEntries = {
  id: v.pipe(v.string(), v.regex(/^\d+$/), v.description('Numeric string, time-ordered.')),
  currency: v.picklist(purchaseCurrencies),
  method: v.picklist(purchaseMethods),
  installments: v.null(),
  externalId: v.nullable(v.string()),
  status: v.picklist(transactionStatuses),
  amount: v.pipe(v.number(), v.integer(), v.description('Cents of the currency.')),
  postbackUrl: v.pipe(
    v.nullable(v.string()),
    v.description(
      "The webhook URL in effect for this transaction, where its events go: the purchase's own, else the account's global URL as it is now (a read follows a change of it), else null (no URL: its events are kept UNDELIVERABLE).",
    ),
  ),
  referrerUrl: v.null(),
  redirectUrl: v.pipe(
    v.nullable(v.string()),
    v.description('COP: the hosted checkout; PIX: the hosted Pix page, once filled.'),
  ),
  qr: v.pipe(
    v.nullable(v.string()),
    v.description('BOB: the EMVCo QR payload; PIX: the BR Code (Pix copia e cola), once filled.'),
  ),
  boletoDigitableLine: v.pipe(
    v.nullable(v.string()),
    v.description('BOLETO: the digitable line, once filled.'),
  ),
  paymentInstruction: v.pipe(
    v.nullable(boletoPaymentInstructionSchema),
    v.description('BOLETO only; null for the other methods.'),
  ),
  expiresAt: v.pipe(nullableTimestamp, v.description('Set from the rail when the instruction arrives.')),
  createdAt: timestamp,
  costFee: v.pipe(v.number(), v.integer(), v.description('Cents of the transaction currency.')),
  payer: v.pipe(
    v.optional(payerSchema),
    v.description("Shown by reads, listings and webhooks; the creation response keeps the contract's keys."),
  ),
  updatedAt: v.optional(timestamp),
  paidAt: v.optional(nullableTimestamp),
  instructionFailure: v.pipe(
    v.optional(v.string()),
    v.description(
      'Only when the rail refused the charge for good: why (the transaction gets no instruction).',
    ),
  ),
  failureReason: v.pipe(
    v.optional(v.nullable(v.string())),
    v.description('Only on FAILED transactions: why background work gave up (an operator is alerted).'),
  ),
  canceledAt: v.pipe(
    v.optional(nullableTimestamp),
    v.description('Set when canceled (POST /transactions/{id}/cancel).'),
  ),
  offerId: v.pipe(
    v.optional(v.string()),
    v.description("Only on what a checkout sold or a subscription's cycle charged: the offer."),
  ),
  productId: v.pipe(
    v.optional(v.string()),
    v.description("Only on what a checkout sold or a subscription's cycle charged: the offer's product."),
  ),
  checkoutSessionId: v.pipe(
    v.optional(v.string()),
    v.description('Only on what a checkout sold: the session that created it.'),
  ),
  paymentLinkId: v.pipe(
    v.optional(v.nullable(v.string())),
    v.description('Only on what a checkout sold: the payment link whose visit opened the session, or null.'),
  ),
  subscriptionId: v.pipe(
    v.optional(v.string()),
    v.description("Only on a subscription cycle's charge: the subscription (sub_…)."),
  ),
  cycle: v.pipe(
    v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    v.description("Only on a subscription cycle's charge: the cycle it charges (1-based)."),
  ),
  refundedAmount: v.pipe(
    v.optional(v.pipe(v.number(), v.integer())),
    v.description(
      'Once paid: cents of its refunds PENDING or SUCCEEDED (a FAILED refund gives its amount back). Equal to `amount` less what disputes took when the status is REFUNDED.',
    ),
  ),
  disputes: v.pipe(
    v.optional(v.array(disputeSchema)),
    v.description(
      "Once paid: money the payer's side took back without a refund (Pix: MED devoluções), oldest first. Refunds can give back only what neither refunds nor disputes took.",
    ),
  ),
};

/** A payer e-mail of the transaction, as GET /transactions/{id} lists it. */
export const transactionEmailSchema = v.pipe(
  v.object({
    kind: v.pipe(
      v.picklist(emailKinds),
      v.description('`instruction` (when filled) or `receipt` (when PAID).'),
    ),
    to: v.pipe(v.string(), v.description("The payer's address, masked (`a**@example.com`).")),
    status: v.pipe(
      v.picklist(emailStatuses),
      v.description(
        'QUEUED/SENDING: owed; SENT; SKIPPED: turned off (account, `sendEmails: false`) or the stage sends no e-mail; SUPPRESSED: the address bounced or complained before; FAILED: given up.',
      ),
    ),
    sentAt: nullableTimestamp,
  }),
  v.title('TransactionEmail'),
);

export const transactionSchema = v.pipe(
  v.object({
    ...transactionEntries,
    emails: v.pipe(
      v.optional(v.array(transactionEmailSchema)),
      v.description('Shown by GET /transactions/{id}: the e-mails sent to the payer, one per kind at most.'),
    ),
  }),
  v.title('Transaction'),
  v.description(
    'Every variant has the same keys. `updatedAt`, `paidAt` and `canceledAt` are shown by reads and webhooks, not by the creation response. What a checkout sold (a checkout session, opened directly or by a payment link) also names `offerId`, `productId`, `checkoutSessionId` and `paymentLinkId`.',
  ),
  v.examples([soldTransactionExample]),
);

/** The transaction as a `cashin.paid` webhook carries it: PAID, with its payment time. */
export const paidTransactionSchema = v.pipe(
  v.object({
    ...transactionEntries,
    status: v.pipe(
      v.picklist(['PAID', 'REFUNDED']),
      v.description('REFUNDED when refunds taken before the attempt cover the whole amount.'),
    ),
    updatedAt: timestamp,
    paidAt: timestamp,
  }),
  v.title('PaidTransaction'),
  v.description('The transaction as `GET /transactions/{id}` shows it once paid (at each attempt).'),
  v.examples([cashinPaidExample.data]),
);

/** The transaction as a `cashin.expired` webhook carries it: EXPIRED, as it was when it expired. */
export const expiredTransactionSchema = v.pipe(
  v.object({
    ...transactionEntries,
    status: v.literal('EXPIRED'),
    updatedAt: timestamp,
    paidAt: v.null(),
  }),
  v.title('ExpiredTransaction'),
  v.description('The transaction as `GET /transactions/{id}` showed it when it expired.'),
);

export const sandboxPaymentSchema = v.pipe(
  v.object({
    transactionId: v.string(),
    railStatus: v.literal('PAID'),
    status: v.pipe(
      v.picklist(transactionStatuses),
      v.description("The transaction's status now; the payment watcher moves it to PAID within seconds."),
    ),
  }),
  v.title('SandboxPayment'),
);

export const transactionPageSchema = pageOf(transactionSchema, 'TransactionPage');

export const exportFileSchema = v.pipe(
  v.object({
    url: v.pipe(
      v.string(),
      v.description('A presigned link to the CSV file (GET it, no key needed) until `expiresAt`.'),
    ),
    expiresAt: timestamp,
    rowCount: v.pipe(v.number(), v.integer(), v.description('Transactions in the file.')),
    fileName: v.string(),
  }),
  v.title('ExportFile'),
  v.description(
    'An export too large to answer inline, prepared as a file. Answered with 303 and `Location` (a client that follows redirects gets the file), or with 200 when the request accepts `application/json`.',
  ),
);

export type _TransactionMatches = Assert<Matches<TransactionView, v.InferOutput<typeof transactionSchema>>>;
export type _ExportFileMatches = Assert<Matches<ExportFileView, v.InferOutput<typeof exportFileSchema>>>;
export type _SandboxPaymentMatches = Assert<
  Matches<SandboxPayment, v.InferOutput<typeof sandboxPaymentSchema>>
>;
export type _TransactionPageMatches = Assert<
  Matches<PageResponse<TransactionView>, v.InferOutput<typeof transactionPageSchema>>
>;
