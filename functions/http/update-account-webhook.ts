import { changeAccountWebhook } from '../../shared/accounts/account-webhook.ts';
import { updateAccountWebhookSchema } from '../../shared/accounts/account-webhook-schemas.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.updateAccountWebhook,
  { body: updateAccountWebhookSchema },
  async ({ principal, body }) => ok(await changeAccountWebhook(principal.accountId, body)),
);
