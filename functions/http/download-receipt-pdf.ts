import { httpHandler } from '../../shared/http/handler.ts';
import { downloadReceiptPdf } from '../../shared/receipts/show-receipt.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.downloadReceiptPdf, {}, async ({ params }) =>
  downloadReceiptPdf(params.token ?? ''),
);
