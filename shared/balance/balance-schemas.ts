// GET /v2/balance and GET /v2/balance/entries: the query and the answers, as schemas (the
// OpenAPI document is built from them); the assertions keep them equal to the domain types.
import * as v from 'valibot';
import { cursorParam, limitParam, type PageResponse } from '../http/pagination.ts';
import { pageOf, timestamp } from '../http/response-fields.ts';
import type { Assert, Matches } from '../openapi/same-type.ts';
import { purchaseCurrencies } from '../payment-methods.ts';
import { type Balance, type LedgerEntry, ledgerEntryKinds } from './ledger.ts';

const cents = (description: string) => v.pipe(v.number(), v.integer(), v.description(description));

export const balanceSchema = v.pipe(
  v.object({
    currency: v.picklist(purchaseCurrencies),
    available: cents(
      'Cents held for the account: payments, less fees, refunds (pending or done) and disputes (open or lost). The sum of its ledger entries.',
    ),
    pending: cents('Cents of refunds taken that the rail has not settled yet (already out of `available`).'),
    refunded: cents('Cents the rail has sent back to payers, in all.'),
    disputed: cents(
      "Cents disputes took back, open or lost (a won dispute's amount is back in `available`).",
    ),
  }),
  v.title('Balance'),
);

export const balancesSchema = v.pipe(
  v.object({ data: v.pipe(v.array(balanceSchema), v.description('One per currency of the catalogue.')) }),
  v.title('Balances'),
);

export const ledgerEntrySchema = v.pipe(
  v.object({
    id: v.pipe(
      v.string(),
      v.regex(/^le_/),
      v.description('`le_`, the transaction or refund id, and the kind.'),
    ),
    currency: v.picklist(purchaseCurrencies),
    kind: v.pipe(
      v.picklist(ledgerEntryKinds),
      v.description(
        "`payment` (+amount), `fee` (−costFee), `refund` (−amount, when taken), `refund_reversal` (+amount, a refund the rail refused), `dispute` (−amount, the payer's bank took it back), `dispute_reversal` (+amount, a dispute the payer's bank did not carry out: WON).",
      ),
    ),
    amount: cents('Signed cents: what the movement added to `available`.'),
    transactionId: v.string(),
    refundId: v.nullable(v.string()),
    createdAt: timestamp,
  }),
  v.title('LedgerEntry'),
);

export const ledgerEntryPageSchema = pageOf(ledgerEntrySchema, 'LedgerEntryPage');

export const listLedgerEntriesQuery = v.strictObject({
  limit: v.optional(limitParam),
  cursor: v.optional(cursorParam),
});
export type ListLedgerEntriesQuery = v.InferOutput<typeof listLedgerEntriesQuery>;

export type LedgerEntryView = Omit<LedgerEntry, 'accountId'>;

export type _BalancesMatch = Assert<Matches<{ data: Balance[] }, v.InferOutput<typeof balancesSchema>>>;
export type _LedgerPageMatches = Assert<
  Matches<PageResponse<LedgerEntryView>, v.InferOutput<typeof ledgerEntryPageSchema>>
>;
