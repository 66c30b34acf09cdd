import { createPaymentLinkSchema } from '../../shared/checkout/checkout-schemas.ts';
import { createPaymentLink } from '../../shared/checkout/manage-payment-links.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { created } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.createPaymentLink,
  { body: createPaymentLinkSchema },
  async ({ principal, body }) => created(await createPaymentLink(principal.accountId, body)),
);
