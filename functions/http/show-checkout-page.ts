import { renderCheckoutPage } from '../../shared/hosted-pages/render/checkout-page.ts';
import { showHostedPage } from '../../shared/hosted-pages/show-hosted-page.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.showCheckoutPage, {}, async ({ params, event }) =>
  showHostedPage('checkout', renderCheckoutPage, params.token ?? '', event.queryStringParameters ?? {}),
);
