import { httpHandler } from '../../shared/http/handler.ts';
import { referencePage } from '../../shared/openapi/reference-page.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.showApiReference, {}, async () => referencePage());
