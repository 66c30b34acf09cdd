// Generates the typed client's types (test/support/openapi-client/api-types.ts) from the OpenAPI
// document with openapi-typescript. It lives in its own package because openapi-typescript
// needs TypeScript 5's compiler API, which the project's TypeScript 7 does not have.
// `npm run openapi:client` rewrites the file; a unit test fails while it is out of date.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { repoRoot } from '../../../infra/paths.ts';
import { buildOpenApiDocument } from '../../../shared/openapi/document.ts';

export const clientTypesFile = join(repoRoot, 'test/support/openapi-client/api-types.ts');

/** A fixed day: the document's date-dependent parts (examples) do not reach the types anyway. */
const day = new Date('2026-01-01T12:00:00Z');

export async function generateClientTypes(): Promise<string> {
  const document = buildOpenApiDocument({ now: day }) as unknown as OpenAPI3;
  const nodes = await openapiTS(document, { alphabetize: false, exportType: false, rootTypes: false });
  return `${COMMENT_HEADER}// Generated from GET /openapi.json by \`npm run openapi:client\`; do not edit.\n\n${astToString(nodes)}`;
}

if (import.meta.main) {
  writeFileSync(clientTypesFile, await generateClientTypes());
  process.stdout.write(`wrote ${clientTypesFile}\n`);
}
