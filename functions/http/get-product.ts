import { getProduct } from '../../shared/catalog/get-product.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getProduct, {}, async ({ principal, params }) =>
  ok(await getProduct(principal, params.id ?? '')),
);
