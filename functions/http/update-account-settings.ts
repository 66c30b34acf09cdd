import { changeSaleSettings } from '../../shared/accounts/manage-sale-settings.ts';
import { updateSaleSettingsSchema } from '../../shared/accounts/sale-settings.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.updateAccountSettings,
  { body: updateSaleSettingsSchema },
  async ({ principal, body }) => ok(await changeSaleSettings(principal, body)),
);
