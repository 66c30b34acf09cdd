import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';
import { listTransactions } from '../../shared/transactions/list-transactions.ts';
import { listTransactionsQuery } from '../../shared/transactions/list-transactions-query.ts';

export const handler = httpHandler(
  routes.listTransactions,
  { query: listTransactionsQuery },
  async ({ principal, query }) => ok(await listTransactions(principal.accountId, query)),
);
