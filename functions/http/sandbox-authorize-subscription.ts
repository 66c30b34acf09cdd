import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';
import { sandboxAuthorize } from '../../shared/subscriptions/sandbox-authorize.ts';

export const handler = httpHandler(routes.sandboxAuthorizeSubscription, {}, async ({ principal, params }) =>
  ok(await sandboxAuthorize(principal.accountId, params.id ?? '')),
);
