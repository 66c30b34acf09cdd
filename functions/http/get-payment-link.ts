import { findPaymentLink } from '../../shared/checkout/manage-payment-links.ts';
import { toPaymentLink } from '../../shared/checkout/payment-link.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getPaymentLink, {}, async ({ principal, params }) =>
  ok(toPaymentLink(await findPaymentLink(principal.accountId, params.id ?? ''))),
);
