import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getAccount, {}, async ({ principal }) =>
  ok({
    accountId: principal.accountId,
    userId: principal.userId,
    keyId: principal.keyId,
    permissions: principal.permissions,
  }),
);
