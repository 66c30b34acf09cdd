// GET /transactions query parameters.
import * as v from 'valibot';
import { isOfferId } from '../catalog/offer.ts';
import { isCheckoutSessionId } from '../checkout/checkout-session.ts';
import { isPaymentLinkId } from '../checkout/payment-link.ts';
import { createdRangeRule, instantParam } from '../http/date-range.ts';
import { cursorParam, limitParam } from '../http/pagination.ts';
import { exampleIds } from '../openapi/checkout-examples.ts';
import { purchaseMethods as methods, purchaseCurrencies } from '../payment-methods.ts';
import { isSubscriptionId } from '../subscriptions/subscription.ts';
import { exportLocales } from './export/export-format.ts';
import { transactionStatuses } from './transaction.ts';

/** An id filter: a string of the id's own form (a typo is a 400, not an empty listing). */
const idParam = (isId: (value: string) => boolean, rule: string, description: string, example: string) =>
  v.pipe(v.string(rule), v.check(isId, rule), v.description(description), v.examples([example]));

const searchRule = 'must be 1 to 255 characters (an id, an externalId, an e-mail or the start of a name)';

const searchParam = v.pipe(
  v.string(searchRule),
  v.regex(/\S/, searchRule),
  v.maxLength(255, searchRule),
  v.description(
    "Search: a transaction id or externalId (exact), a payer e-mail (exact, any case), or the start of the payer's name (3 letters or more; accents and case ignored). Exact matches come first, on the first page; the other filters and the createdFrom/createdTo range still apply.",
  ),
  v.examples(['maria@example.com']),
);

/** The filters GET /transactions and its export share. */
const filterEntries = {
  q: v.optional(searchParam),
  status: v.optional(v.picklist(transactionStatuses, `must be one of ${transactionStatuses.join(', ')}`)),
  currency: v.optional(v.picklist(purchaseCurrencies, `must be one of ${purchaseCurrencies.join(', ')}`)),
  method: v.optional(v.picklist(methods, `must be one of ${methods.join(', ')}`)),
  createdFrom: v.optional(v.pipe(instantParam, v.description('Inclusive lower bound of createdAt.'))),
  createdTo: v.optional(
    v.pipe(instantParam, v.description('Inclusive upper bound of createdAt; not before createdFrom.')),
  ),
  offerId: v.optional(
    idParam(
      isOfferId,
      'must be an offer id (off_ and a UUID)',
      'Only what checkouts sold of this offer.',
      exampleIds.offerId,
    ),
  ),
  paymentLinkId: v.optional(
    idParam(
      isPaymentLinkId,
      'must be a payment link id (plink_ and a UUID)',
      "Only what this payment link's visits sold.",
      exampleIds.paymentLinkId,
    ),
  ),
  checkoutSessionId: v.optional(
    idParam(
      isCheckoutSessionId,
      'must be a checkout session id (cs_ and a UUID)',
      'Only the transaction this checkout session created (at most one; read directly, never searched for).',
      exampleIds.checkoutSessionId,
    ),
  ),
  subscriptionId: v.optional(
    idParam(
      isSubscriptionId,
      'must be a subscription id (sub_ and 32 hex digits)',
      "Only the charges of this subscription's cycles, newest cycle first (read by key: each page reads at most `limit` + 2 items).",
      'sub_5d1f0c2e9a8b4c7d6e5f4a3b2c1d0e9f',
    ),
  ),
};

const noSearchInSession = {
  holds: (query: { q?: string | undefined; checkoutSessionId?: string | undefined }) =>
    query.q === undefined || query.checkoutSessionId === undefined,
  message: 'cannot be combined with checkoutSessionId (a session names its one transaction)',
};

export const listTransactionsQuery = v.pipe(
  v.strictObject({ limit: v.optional(limitParam), cursor: v.optional(cursorParam), ...filterEntries }),
  // createdFrom ≤ createdTo; q names transactions itself, so it takes no checkoutSessionId.
  v.forward(
    v.partialCheck([['createdFrom'], ['createdTo']], createdRangeRule.holds, createdRangeRule.message),
    ['createdTo'],
  ),
  v.forward(
    v.partialCheck([['q'], ['checkoutSessionId']], noSearchInSession.holds, noSearchInSession.message),
    ['q'],
  ),
);

export type ListTransactionsQuery = v.InferOutput<typeof listTransactionsQuery>;

const localeRule = `must be one of ${exportLocales.join(', ')}`;

export const exportTransactionsQuery = v.pipe(
  v.strictObject({
    ...filterEntries,
    locale: v.optional(
      v.pipe(
        v.picklist(exportLocales, localeRule),
        v.description(
          "How numbers and fields are written: `pt-BR` and `es` use a decimal comma and `;` between fields, `en` a decimal point and `,`. Default: the request's Accept-Language, else `en`.",
        ),
      ),
    ),
  }),
  // createdFrom ≤ createdTo; q names transactions itself, so it takes no checkoutSessionId.
  v.forward(
    v.partialCheck([['createdFrom'], ['createdTo']], createdRangeRule.holds, createdRangeRule.message),
    ['createdTo'],
  ),
  v.forward(
    v.partialCheck([['q'], ['checkoutSessionId']], noSearchInSession.holds, noSearchInSession.message),
    ['q'],
  ),
);

export type ExportTransactionsQuery = v.InferOutput<typeof exportTransactionsQuery>;
