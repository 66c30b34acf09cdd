import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';
import { readTransaction } from '../../shared/transactions/get-transaction.ts';
import { singleReadDocumentAccess } from '../../shared/transactions/payer.ts';
import { getTransactionQuery } from '../../shared/transactions/transaction-queries.ts';

export const handler = httpHandler(
  routes.getTransaction,
  { query: getTransactionQuery },
  async ({ principal, params, query }) =>
    ok(
      await readTransaction(
        principal.accountId,
        params.id ?? '',
        query.searchBy,
        singleReadDocumentAccess(principal.permissions),
      ),
    ),
);
