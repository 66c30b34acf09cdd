import * as v from 'valibot';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import { routes } from '../../shared/routes.ts';
import { readTransaction } from '../../shared/transactions/get-transaction.ts';

const query = v.object({
  searchBy: v.optional(v.picklist(['id', 'externalId'], 'must be "id" or "externalId"'), 'id'),
});

export const handler = httpHandler(routes.getTransaction, { query }, async ({ principal, params, query }) =>
  ok(await readTransaction(principal.accountId, params.id ?? '', query.searchBy)),
);
