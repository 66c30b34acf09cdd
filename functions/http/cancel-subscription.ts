import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';
import { cancelSubscription } from '../../shared/subscriptions/cancel-subscription.ts';

export const handler = httpHandler(routes.cancelSubscription, {}, async ({ principal, params }) =>
  ok(await cancelSubscription(principal.accountId, params.id ?? '')),
);
