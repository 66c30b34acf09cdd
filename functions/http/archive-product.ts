import { archiveProduct } from '../../shared/catalog/archive-product.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.archiveProduct, {}, async ({ principal, params }) =>
  ok(await archiveProduct(principal, params.id ?? '')),
);
