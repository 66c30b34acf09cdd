import { showHostedPage } from '../../shared/hosted-pages/show-hosted-page.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.showPixPage, {}, async ({ params, event }) =>
  showHostedPage('pix', params.token ?? '', event.queryStringParameters ?? {}),
);
