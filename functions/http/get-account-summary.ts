import { accountSummary, accountSummaryQuery } from '../../shared/accounts/account-summary.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.getAccountSummary,
  { query: accountSummaryQuery },
  async ({ principal, query }) => ok(await accountSummary(principal.accountId, query)),
);
