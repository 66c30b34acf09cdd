import { sendTestWebhook } from '../../shared/accounts/account-webhook.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.sendTestWebhook, {}, async ({ principal, endBy }) =>
  ok(await sendTestWebhook(principal.accountId, endBy)),
);
