import { listPaymentLinksQuery } from '../../shared/checkout/checkout-schemas.ts';
import { listPaymentLinks } from '../../shared/checkout/manage-payment-links.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.listPaymentLinks,
  { query: listPaymentLinksQuery },
  async ({ principal, query }) => ok(await listPaymentLinks(principal.accountId, query)),
);
