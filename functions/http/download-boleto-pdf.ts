import { downloadBoletoPdf } from '../../shared/hosted-pages/download-boleto-pdf.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.downloadBoletoPdf, {}, async ({ params }) =>
  downloadBoletoPdf(params.token ?? ''),
);
