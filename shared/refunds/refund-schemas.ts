// The refund request and the refund as the API shows it, as schemas (the OpenAPI document is
// built from them); the assertions keep them equal to the domain types.
import * as v from 'valibot';
import { timestamp } from '../http/response-fields.ts';
import type { Assert, Matches } from '../openapi/same-type.ts';
import { purchaseCurrencies } from '../payment-methods.ts';
import { type RefundView, refundStatuses } from './refund.ts';

const centsRule = "must be a positive integer (cents of the transaction's currency)";

export const createRefundSchema = v.strictObject({
  amount: v.pipe(
    v.optional(v.pipe(v.number(centsRule), v.integer(centsRule), v.minValue(1, centsRule))),
    v.description('Cents to give back; absent: all that is not refunded yet.'),
  ),
  reason: v.pipe(
    v.optional(
      v.pipe(
        v.string('must be a string'),
        v.minLength(1, 'must not be empty'),
        v.maxLength(255, 'must be at most 255 characters'),
      ),
    ),
    v.description("The merchant's note, shown back on the refund."),
  ),
});
export type CreateRefundRequest = v.InferOutput<typeof createRefundSchema>;

export const refundSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.regex(/^re_/), v.description('`re_`, the transaction id and a random part.')),
    transactionId: v.string(),
    currency: v.picklist(purchaseCurrencies),
    amount: v.pipe(v.number(), v.integer(), v.description("Cents of the transaction's currency.")),
    reason: v.nullable(v.string()),
    status: v.pipe(
      v.picklist(refundStatuses),
      v.description(
        'PENDING until the rail settles it; SUCCEEDED (money sent back) or FAILED (see failureReason; its amount can be refunded again).',
      ),
    ),
    failureReason: v.pipe(v.nullable(v.string()), v.description('Why the rail refused it (FAILED only).')),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  v.title('Refund'),
);

export const refundListSchema = v.pipe(
  v.object({ data: v.pipe(v.array(refundSchema), v.description('Oldest first; at most 100.')) }),
  v.title('RefundList'),
);

export type _RefundMatches = Assert<Matches<RefundView, v.InferOutput<typeof refundSchema>>>;
export type _RefundListMatches = Assert<
  Matches<{ data: RefundView[] }, v.InferOutput<typeof refundListSchema>>
>;
