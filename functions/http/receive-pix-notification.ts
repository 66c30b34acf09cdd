import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';
import { receivePixNotification } from '../../shared/transactions/pix-notification.ts';
import { pixNotificationSchema } from '../../shared/transactions/pix-notification-schemas.ts';

export const handler = httpHandler(
  routes.receivePixNotification,
  { body: pixNotificationSchema },
  async ({ body }) => ok(await receivePixNotification(body)),
);
