import { renderPixPage } from '../../shared/hosted-pages/render/pix-page.ts';
import { showHostedPage } from '../../shared/hosted-pages/show-hosted-page.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.showPixPage, {}, async ({ params, event }) =>
  showHostedPage('pix', renderPixPage, params.token ?? '', event.queryStringParameters ?? {}),
);
