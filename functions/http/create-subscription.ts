import { httpHandler } from '../../shared/http/handler.ts';
import { created } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';
import { createSubscription } from '../../shared/subscriptions/create-subscription.ts';

export const handler = httpHandler(
  routes.createSubscription,
  { jsonBody: true },
  async ({ principal, body }) => created(await createSubscription(principal.accountId, body)),
);
