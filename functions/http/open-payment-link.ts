import { visitPaymentLink } from '../../shared/checkout/visit-payment-link.ts';
import { acceptLanguageOf } from '../../shared/hosted-pages/page-response.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.openPaymentLink, {}, async ({ params, event }) =>
  visitPaymentLink(params.id ?? '', acceptLanguageOf(event.headers)),
);
