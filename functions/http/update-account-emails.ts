import { updateEmailSettingsSchema } from '../../shared/accounts/email-settings.ts';
import { changeEmailSettings } from '../../shared/accounts/manage-email-settings.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.updateAccountEmails,
  { body: updateEmailSettingsSchema },
  async ({ principal, body }) => ok(await changeEmailSettings(principal, body)),
);
