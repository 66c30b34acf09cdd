import { createApiKeySchema } from '../../shared/accounts/api-key-schemas.ts';
import { createAccountApiKey } from '../../shared/accounts/api-keys.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { created } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.createApiKey,
  { body: createApiKeySchema },
  async ({ principal, body }) =>
    created(
      await createAccountApiKey(
        principal.accountId,
        { ...body, userId: principal.userId },
        principal.permissions,
      ),
    ),
);
