import { showCheckoutSession } from '../../shared/checkout/hosted-checkout.ts';
import { acceptLanguageOf } from '../../shared/hosted-pages/page-response.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.showCheckoutSession, {}, async ({ params, event }) =>
  showCheckoutSession(params.token ?? '', acceptLanguageOf(event.headers)),
);
