import { createOffer } from '../../shared/catalog/create-offer.ts';
import { createOfferSchema } from '../../shared/catalog/offer-schemas.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { created } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.createOffer,
  { body: createOfferSchema },
  async ({ principal, body }) => created(await createOffer(principal, body)),
);
