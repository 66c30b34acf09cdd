import { httpHandler } from '../../shared/http/handler.ts';
import { showReceipt } from '../../shared/receipts/show-receipt.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.showReceiptPage, {}, async ({ params }) =>
  showReceipt(params.token ?? ''),
);
