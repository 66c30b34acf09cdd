import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';
import { listSubscriptions } from '../../shared/subscriptions/get-subscription.ts';
import { listSubscriptionsQuery } from '../../shared/subscriptions/subscription-schemas.ts';

export const handler = httpHandler(
  routes.listSubscriptions,
  { query: listSubscriptionsQuery },
  async ({ principal, query }) => ok(await listSubscriptions(principal.accountId, query)),
);
