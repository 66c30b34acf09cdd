import { listEvents } from '../../shared/events/list-events.ts';
import { listEventsQuery } from '../../shared/events/list-events-query.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(
  routes.listEvents,
  { query: listEventsQuery },
  async ({ principal, query }) => ok(await listEvents(principal.accountId, query)),
);
