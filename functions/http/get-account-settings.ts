import { readSaleSettings } from '../../shared/accounts/manage-sale-settings.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getAccountSettings, {}, async ({ principal }) =>
  ok(await readSaleSettings(principal)),
);
