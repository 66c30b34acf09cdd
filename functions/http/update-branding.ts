import { changeBranding } from '../../shared/accounts/branding.ts';
import { updateBrandingSchema } from '../../shared/accounts/branding-schemas.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.updateBranding,
  { body: updateBrandingSchema },
  async ({ principal, body }) => ok(await changeBranding(principal.accountId, body)),
);
