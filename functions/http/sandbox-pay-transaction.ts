import { httpHandler } from '../../shared/http/handler.ts';
import { routes } from '../../shared/routes.ts';
import { paySandboxTransactionById } from '../../shared/transactions/sandbox-pay.ts';

export const handler = httpHandler(routes.sandboxPayTransaction, {}, async ({ principal, params }) => ({
  statusCode: 202,
  body: await paySandboxTransactionById(principal.accountId, params.id ?? ''),
}));
