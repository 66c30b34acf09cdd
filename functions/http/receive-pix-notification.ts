import { httpHandler } from '../../shared/http/handler.ts';
import { routes } from '../../shared/routes.ts';
import { receivePixNotification } from '../../shared/transactions/pix-notification.ts';

export const handler = httpHandler(routes.receivePixNotification, { jsonBody: true }, async ({ body }) => ({
  statusCode: 200,
  body: await receivePixNotification(body),
}));
