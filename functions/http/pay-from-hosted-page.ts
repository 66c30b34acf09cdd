import { payFromHostedPage } from '../../shared/hosted-pages/pay-from-hosted-page.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.payFromHostedPage, {}, async ({ params, event }) =>
  payFromHostedPage(params.token ?? '', event),
);
