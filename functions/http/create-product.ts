import { createProduct } from '../../shared/catalog/create-product.ts';
import { createProductSchema } from '../../shared/catalog/product-schemas.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { created } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.createProduct,
  { body: createProductSchema },
  async ({ principal, body }) => created(await createProduct(principal, body)),
);
