import { createCheckoutSessionSchema } from '../../shared/checkout/checkout-schemas.ts';
import { toCheckoutSession } from '../../shared/checkout/checkout-session.ts';
import { createCheckoutSession } from '../../shared/checkout/create-checkout-session.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { created } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.createCheckoutSession,
  { body: createCheckoutSessionSchema },
  async ({ principal, body }) => {
    const now = new Date();
    return created(toCheckoutSession(await createCheckoutSession(principal.accountId, body, now), now));
  },
);
