// The typed client's committed types are what openapi-typescript makes of today's document:
// a route or schema change without `npm run openapi:client` fails here.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { clientTypesFile, generateClientTypes } from '../support/openapi-typescript/generate.ts';

it('test/support/openapi-client/api-types.ts is up to date with the document (npm run openapi:client)', async () => {
  expect(await generateClientTypes()).toBe(readFileSync(clientTypesFile, 'utf8'));
}, 60_000);
