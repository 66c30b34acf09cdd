import { renderQrPage } from '../../shared/hosted-pages/render/qr-page.ts';
import { showHostedPage } from '../../shared/hosted-pages/show-hosted-page.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.showQrPage, {}, async ({ params, event }) =>
  showHostedPage('qr', renderQrPage, params.token ?? '', event.queryStringParameters ?? {}),
);
