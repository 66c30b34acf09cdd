import { listAccountApiKeys } from '../../shared/accounts/api-keys.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.listApiKeys, {}, async ({ principal }) =>
  ok(await listAccountApiKeys(principal.accountId)),
);
