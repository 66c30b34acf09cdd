import { postCheckoutForm } from '../../shared/checkout/hosted-checkout.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.submitCheckoutSession, {}, async ({ params, event }) =>
  postCheckoutForm(params.token ?? '', event),
);
