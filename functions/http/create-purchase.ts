import { httpHandler } from '../../shared/http/handler.ts';
import { routes } from '../../shared/routes.ts';
import { createPurchase } from '../../shared/transactions/create-purchase.ts';

export const handler = httpHandler(
  routes.createPurchase,
  { jsonBody: true },
  async ({ principal, body, headers: requestHeaders }) => {
    const outcome = await createPurchase(principal, body, requestHeaders['idempotency-key']);
    const headers: Record<string, string> = outcome.replayed ? { 'idempotent-replayed': 'true' } : {};
    return { statusCode: outcome.statusCode, body: outcome.body, headers };
  },
);
