import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import { readRefund } from '../../shared/refunds/read-refunds.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getRefund, {}, async ({ principal, params }) =>
  ok(await readRefund(principal.accountId, params.id ?? '')),
);
