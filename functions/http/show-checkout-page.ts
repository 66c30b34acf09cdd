import { showHostedPage } from '../../shared/hosted-pages/show-hosted-page.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.showCheckoutPage, {}, async ({ params, event }) =>
  showHostedPage('checkout', params.token ?? '', event.queryStringParameters ?? {}),
);
