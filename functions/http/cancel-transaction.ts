import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';
import { cancelTransaction } from '../../shared/transactions/cancel-transaction.ts';
import { singleReadDocumentAccess } from '../../shared/transactions/payer.ts';

export const handler = httpHandler(routes.cancelTransaction, {}, async ({ principal, params, endBy }) =>
  ok(
    await cancelTransaction(
      principal.accountId,
      params.id ?? '',
      endBy,
      singleReadDocumentAccess(principal.permissions),
    ),
  ),
);
