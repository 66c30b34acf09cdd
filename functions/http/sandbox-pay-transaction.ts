import { httpHandler } from '../../shared/http/handler.ts';
import { accepted } from '../../shared/http/responses.ts';
import { routes } from '../../shared/routes.ts';
import { paySandboxTransactionById } from '../../shared/transactions/sandbox-pay.ts';

export const handler = httpHandler(routes.sandboxPayTransaction, {}, async ({ principal, params }) =>
  accepted(await paySandboxTransactionById(principal.accountId, params.id ?? '')),
);
