import { readEmailSettings } from '../../shared/accounts/manage-email-settings.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getAccountEmails, {}, async ({ principal }) =>
  ok(await readEmailSettings(principal)),
);
