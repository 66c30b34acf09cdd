import { removeProductImage } from '../../shared/catalog/remove-product-image.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.deleteProductImage, {}, async ({ principal, params }) =>
  ok(await removeProductImage(principal, params.id ?? '')),
);
