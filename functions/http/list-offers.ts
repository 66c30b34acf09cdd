import { listOffers } from '../../shared/catalog/list-offers.ts';
import { listOffersQuery } from '../../shared/catalog/offer-schemas.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.listOffers,
  { query: listOffersQuery },
  async ({ principal, query }) => ok(await listOffers(principal, query)),
);
