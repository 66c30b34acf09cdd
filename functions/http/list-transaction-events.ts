import { listTransactionEvents } from '../../shared/events/list-transaction-events.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.listTransactionEvents, {}, async ({ principal, params }) =>
  ok(await listTransactionEvents(principal.accountId, params.id ?? '')),
);
