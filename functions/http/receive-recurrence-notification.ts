import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';
import { recNotificationSchema } from '../../shared/subscriptions/recurrence-notification-schemas.ts';
import { receiveRecNotification } from '../../shared/subscriptions/recurrence-notifications.ts';

export const handler = httpHandler(
  routes.receiveRecurrenceNotification,
  { body: recNotificationSchema },
  async ({ body }) => ok(await receiveRecNotification(body)),
);
