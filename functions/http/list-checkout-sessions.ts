import { listCheckoutSessionsQuery } from '../../shared/checkout/checkout-schemas.ts';
import { listCheckoutSessions } from '../../shared/checkout/list-checkout-sessions.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.listCheckoutSessions,
  { query: listCheckoutSessionsQuery },
  async ({ principal, query }) => ok(await listCheckoutSessions(principal.accountId, query)),
);
