import { checkHealth } from '../../shared/health/check-health.ts';
import { healthResponse } from '../../shared/health/health-response.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getDeepHealth, {}, async () => healthResponse(await checkHealth()));
