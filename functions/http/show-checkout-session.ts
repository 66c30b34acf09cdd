import { showCheckoutSession } from '../../shared/checkout/hosted-checkout.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.showCheckoutSession, {}, async ({ params }) =>
  showCheckoutSession(params.token ?? ''),
);
