import { updateProductSchema } from '../../shared/catalog/product-schemas.ts';
import { updateProduct } from '../../shared/catalog/update-product.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.updateProduct,
  { body: updateProductSchema },
  async ({ principal, params, body }) => ok(await updateProduct(principal, params.id ?? '', body)),
);
