import { httpHandler } from '../../shared/http/handler.ts';
import { created } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';
import { createPurchase } from '../../shared/transactions/create-purchase.ts';

export const handler = httpHandler(
  routes.createPurchase,
  { jsonBody: true },
  async ({ principal, body, headers: requestHeaders }) => {
    const outcome = await createPurchase(principal, body, requestHeaders['idempotency-key']);
    return created(outcome.body, outcome.replayed ? { 'idempotent-replayed': 'true' } : undefined);
  },
);
