import { httpHandler } from '../../shared/http/handler.ts';
import { created } from '../../shared/http/responses.ts';
import { createRefund } from '../../shared/refunds/create-refund.ts';
import { createRefundSchema } from '../../shared/refunds/refund-schemas.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.createRefund,
  { body: createRefundSchema },
  async ({ principal, params, body, headers }) => {
    const outcome = await createRefund(principal, params.id ?? '', body, headers['idempotency-key']);
    return created(outcome.body, outcome.replayed ? { 'idempotent-replayed': 'true' } : undefined);
  },
);
