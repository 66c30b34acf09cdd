import { accountSettings } from '../../shared/accounts/account-settings.ts';
import { accountSummary, accountSummaryQuery } from '../../shared/accounts/account-summary.ts';
import { saleSettingsOf } from '../../shared/accounts/sale-settings.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.getAccountSummary,
  { query: accountSummaryQuery },
  async ({ principal, query }) => {
    const { timeZone } = saleSettingsOf(await accountSettings(principal.accountId));
    return ok(await accountSummary(principal.accountId, query, timeZone));
  },
);
