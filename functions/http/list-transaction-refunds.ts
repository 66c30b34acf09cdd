import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import { listTransactionRefunds } from '../../shared/refunds/read-refunds.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.listTransactionRefunds, {}, async ({ principal, params }) =>
  ok(await listTransactionRefunds(principal.accountId, params.id ?? '')),
);
