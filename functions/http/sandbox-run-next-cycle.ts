import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';
import { runNextCycle } from '../../shared/subscriptions/run-next-cycle.ts';

export const handler = httpHandler(routes.sandboxRunNextCycle, {}, async ({ principal, params }) =>
  ok(await runNextCycle(principal.accountId, params.id ?? '')),
);
