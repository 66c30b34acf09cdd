import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';
import { readSubscription } from '../../shared/subscriptions/get-subscription.ts';

export const handler = httpHandler(routes.getSubscription, {}, async ({ principal, params }) =>
  ok(await readSubscription(principal.accountId, params.id ?? '')),
);
