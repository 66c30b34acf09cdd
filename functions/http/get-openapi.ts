import { httpHandler } from '../../shared/http/handler.ts';
import { ok } from '../../shared/http/responses.ts';
import { publishedDocument } from '../../shared/openapi/published-document.ts';
import * as routes from '../../shared/routes.ts';

// Public and cacheable: tools (code generators, other reference viewers) fetch it cross-origin.
export const handler = httpHandler(routes.getOpenApi, {}, async () =>
  ok(publishedDocument().document, {
    'cache-control': 'public, max-age=300',
    'access-control-allow-origin': '*',
  }),
);
