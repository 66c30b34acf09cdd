import { readAccountWebhook } from '../../shared/accounts/account-webhook.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getAccountWebhook, {}, async ({ principal }) =>
  ok(await readAccountWebhook(principal.accountId)),
);
