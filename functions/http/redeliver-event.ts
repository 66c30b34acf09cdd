import { redeliverEvent } from '../../shared/events/redeliver-event.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { accepted } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.redeliverEvent, {}, async ({ principal, params }) =>
  accepted(await redeliverEvent(principal.accountId, params.id ?? '')),
);
