import { updateOfferSchema } from '../../shared/catalog/offer-schemas.ts';
import { updateOffer } from '../../shared/catalog/update-offer.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.updateOffer,
  { body: updateOfferSchema },
  async ({ principal, params, body }) => ok(await updateOffer(principal, params.id ?? '', body)),
);
