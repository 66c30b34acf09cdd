import { httpHandler } from '../../shared/http/handler.ts';
import { accepted } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';
import { paySandboxTransactionById } from '../../shared/transactions/sandbox-pay.ts';
import { sandboxPayQuery } from '../../shared/transactions/transaction-queries.ts';

export const handler = httpHandler(
  routes.sandboxPayTransaction,
  { query: sandboxPayQuery },
  async ({ principal, params, query }) =>
    accepted(await paySandboxTransactionById(principal.accountId, params.id ?? '', query)),
);
