import { listLedgerEntriesQuery } from '../../shared/balance/balance-schemas.ts';
import { listBalanceEntries } from '../../shared/balance/read-balance.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.listBalanceEntries,
  { query: listLedgerEntriesQuery },
  async ({ principal, query }) => ok(await listBalanceEntries(principal.accountId, query)),
);
