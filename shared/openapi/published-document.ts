// The document GET /openapi.json serves: built once per warm function (cold start) for the
// stage it runs in: its public base URL, and without sandbox-only routes where they are absent.
import { serviceConfig } from '../config.ts';
import { routeList } from '../route-table.ts';
import { buildOpenApiDocument } from './document.ts';
import type { OpenApiDocument } from './document-schema.ts';

let published: { text: string; document: OpenApiDocument } | undefined;

export function publishedDocument(): { text: string; document: OpenApiDocument } {
  if (!published) {
    const config = serviceConfig();
    const document = buildOpenApiDocument({
      serverUrl: config.publicBaseUrl,
      routes: routeList().filter((route) => !route.sandboxOnly || config.sandboxRails),
    }) as OpenApiDocument;
    published = { document, text: JSON.stringify(document) };
  }
  return published;
}
