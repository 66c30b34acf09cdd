// GET /transactions query parameters.
import * as v from 'valibot';
import { createdRangeRule, instantParam } from '../http/date-range.ts';
import { cursorParam, limitParam } from '../http/pagination.ts';
import { purchaseMethods as methods, purchaseCurrencies } from '../payment-methods.ts';
import { transactionStatuses } from './transaction.ts';

export const listTransactionsQuery = v.pipe(
  v.strictObject({
    limit: v.optional(limitParam),
    cursor: v.optional(cursorParam),
    status: v.optional(v.picklist(transactionStatuses, `must be one of ${transactionStatuses.join(', ')}`)),
    currency: v.optional(v.picklist(purchaseCurrencies, `must be one of ${purchaseCurrencies.join(', ')}`)),
    method: v.optional(v.picklist(methods, `must be one of ${methods.join(', ')}`)),
    createdFrom: v.optional(v.pipe(instantParam, v.description('Inclusive lower bound of createdAt.'))),
    createdTo: v.optional(
      v.pipe(instantParam, v.description('Inclusive upper bound of createdAt; not before createdFrom.')),
    ),
  }),
  v.forward(
    v.partialCheck([['createdFrom'], ['createdTo']], createdRangeRule.holds, createdRangeRule.message),
    ['createdTo'],
  ),
);

export type ListTransactionsQuery = v.InferOutput<typeof listTransactionsQuery>;
