import { listProducts } from '../../shared/catalog/list-products.ts';
import { listProductsQuery } from '../../shared/catalog/product-schemas.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.listProducts,
  { query: listProductsQuery },
  async ({ principal, query }) => ok(await listProducts(principal, query)),
);
