import { readBranding } from '../../shared/accounts/branding.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getBranding, {}, async ({ principal }) =>
  ok(await readBranding(principal.accountId)),
);
