// The typed client of this API: openapi-fetch over the types generated from GET /openapi.json
// (api-types.ts). Paths, parameters, bodies and answers are checked by the compiler.
import createClient from 'openapi-fetch';
import type { paths } from './api-types.ts';

export type { components, paths } from './api-types.ts';

export interface ApiClientOptions {
  /** The stage's base URL, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** A secret key (`sk_test_…`); omit it for the public routes only. */
  secretKey?: string;
  /** Another fetch (tests, keep-alive agents). */
  fetch?: typeof globalThis.fetch;
}

export function createApiClient(options: ApiClientOptions) {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    headers: options.secretKey
      ? { authorization: `Basic ${Buffer.from(`secret:${options.secretKey}`).toString('base64')}` }
      : {},
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
