// What a route's use case may return, derived from its row's `responses`: each listed status
// with the body its schema describes. A handler returning anything else does not compile, so
// the published document and the code cannot drift apart.
import type * as v from 'valibot';
import type { HttpResult } from '../http/responses.ts';
import type { ResponseBody, RouteDef } from '../route-def.ts';
import type { querySchemas, ResponseSchemaName, requestSchemas, responseSchemas } from './schemas.ts';

type BodyOf<B> = B extends ResponseSchemaName
  ? v.InferOutput<(typeof responseSchemas)[B]>
  : B extends 'html' | 'javascript' | 'csv'
    ? string
    : B extends 'pdf'
      ? Buffer
      : never;

type BodiesOf<E> = E extends readonly ResponseBody[] ? BodyOf<E[number]> : BodyOf<E>;

// Error statuses are thrown (AppError), not returned: the error mapper writes their bodies.
type Results<Rs> = {
  [S in keyof Rs & number]: Rs[S] extends 'error'
    ? never
    : Rs[S] extends 'empty'
      ? { statusCode: S; body?: undefined; headers?: Record<string, string> }
      : { statusCode: S; body: BodiesOf<Rs[S]>; headers?: Record<string, string> };
}[keyof Rs & number];

/**
 * The union of `{statusCode, body}` a route declares. Hosted pages (whose bodies are HTML
 * rendered elsewhere) and rows without literal statuses (tests) keep the loose `HttpResult`.
 */
export type RouteResult<R extends RouteDef> = number extends keyof R['responses']
  ? HttpResult
  : R['errors'] extends 'page'
    ? HttpResult
    : Results<R['responses']>;

type Named<N, Registry> = N extends keyof Registry ? Registry[N] : unknown;

/**
 * The schemas a handler must pass for its row's named `request.body` and `request.query`, so
 * the document describes the very schema that validates the request.
 */
export type RequestSchemasOf<R extends RouteDef> = R extends { request: infer Request }
  ? {
      body?: Request extends { body: infer N } ? Named<N, typeof requestSchemas> : undefined;
      query?: Request extends { query: infer N } ? Named<N, typeof querySchemas> : undefined;
    }
  : unknown;
