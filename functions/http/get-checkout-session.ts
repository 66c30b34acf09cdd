import { toCheckoutSession } from '../../shared/checkout/checkout-session.ts';
import { findCheckoutSession } from '../../shared/checkout/get-checkout-session.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getCheckoutSession, {}, async ({ principal, params }) =>
  ok(toCheckoutSession(await findCheckoutSession(principal.accountId, params.id ?? ''), new Date())),
);
