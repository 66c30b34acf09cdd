import { updatePaymentLinkSchema } from '../../shared/checkout/checkout-schemas.ts';
import { updatePaymentLink } from '../../shared/checkout/manage-payment-links.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.updatePaymentLink,
  { body: updatePaymentLinkSchema },
  async ({ principal, params, body }) =>
    ok(await updatePaymentLink(principal.accountId, params.id ?? '', body)),
);
