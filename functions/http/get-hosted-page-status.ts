import { hostedPageStatus } from '../../shared/hosted-pages/page-status.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getHostedPageStatus, {}, async ({ params }) =>
  hostedPageStatus(params.token ?? ''),
);
