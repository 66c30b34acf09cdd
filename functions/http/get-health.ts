import { cachedHealth } from '../../shared/health/cached-health.ts';
import { healthResponse } from '../../shared/health/health-response.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getHealth, {}, async () => healthResponse(await cachedHealth()));
