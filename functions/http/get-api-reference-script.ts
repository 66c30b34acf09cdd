import { httpHandler } from '../../shared/http/handler.ts';
import { referenceScript } from '../../shared/openapi/reference-script.ts';
import * as routes from '../../shared/routes.ts';

export const handler = httpHandler(routes.getApiReferenceScript, {}, async () => referenceScript());
