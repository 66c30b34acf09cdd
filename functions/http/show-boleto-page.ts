import { renderBoletoPage } from '../../shared/hosted-pages/render/boleto-page.ts';
import { showHostedPage } from '../../shared/hosted-pages/show-hosted-page.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.showBoletoPage, {}, async ({ params, event }) =>
  showHostedPage('boleto', renderBoletoPage, params.token ?? '', event.queryStringParameters ?? {}),
);
