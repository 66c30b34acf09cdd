import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';
import { cobrNotificationSchema } from '../../shared/subscriptions/recurrence-notification-schemas.ts';
import { receiveCobrNotification } from '../../shared/subscriptions/recurrence-notifications.ts';

export const handler = httpHandler(
  routes.receiveCycleChargeNotification,
  { body: cobrNotificationSchema },
  async ({ body }) => ok(await receiveCobrNotification(body)),
);
