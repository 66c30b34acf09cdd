import { getOffer } from '../../shared/catalog/get-offer.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getOffer, {}, async ({ principal, params }) =>
  ok(await getOffer(principal, params.id ?? '')),
);
