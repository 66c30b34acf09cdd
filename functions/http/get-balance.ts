import { readBalance } from '../../shared/balance/read-balance.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getBalance, {}, async ({ principal }) =>
  ok(await readBalance(principal.accountId)),
);
