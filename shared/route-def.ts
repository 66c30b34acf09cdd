// The shape of a route row (shared/routes.ts).

import type { Grant } from './grants.ts';
import type { QuerySchemaName, RequestSchemaName, ResponseSchemaName } from './openapi/schemas.ts';
import type { Permission } from './permissions.ts';

/** Which error body the route answers with: the contract has one per area. */
export type ErrorShape = 'catalog' | 'transaction' | 'page';

/**
 * A response body: a schema of shared/openapi/schemas.ts by name, the route's error shape
 * (`errors`), or a non-JSON media type (`empty`: no body, e.g. a redirect).
 */
export type ResponseBody = ResponseSchemaName | 'error' | 'html' | 'pdf' | 'javascript' | 'csv' | 'empty';

export interface RouteDef {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** API Gateway path template: `{name}` is one path segment. */
  readonly path: string;
  /** Handler module, relative to the repository root; it exports `handler`. */
  readonly handler: string;
  /**
   * `none`: public; `any`: any valid key; otherwise the permission the key must hold (a list:
   * any one of them).
   */
  readonly auth: Permission | readonly Permission[] | 'any' | 'none';
  readonly errors: ErrorShape;
  readonly grants: readonly Grant[];
  /** Only deployed where the stage runs sandbox rails. */
  readonly sandboxOnly?: boolean;
  /**
   * `function-url`: reached at a Lambda function URL of its own (public, any path) instead of
   * the stage's HTTP API: for a caller that is given the URL by the service, not by a person,
   * and whose request only asks for a check (the PSP's notifications). No API Gateway request
   * is billed for it; its reserved concurrency is its throttle (docs/decisions.md).
   */
  readonly servedAt?: 'function-url';
  /** Memory (MB) when the default does not fit, e.g. image upload. */
  readonly memoryMb?: number;
  /** Files (relative to the repository root) deployed beside the function's bundle, read at run time. */
  readonly assets?: readonly string[];
  /** One line for the API reference; default: the row's name in words. */
  readonly summary?: string;
  /** What the route reads besides path parameters, for GET /openapi.json. */
  readonly request?: {
    /** A JSON body by schema name; `purchase`: one of the purchase variants; or a non-JSON body. */
    readonly body?: RequestSchemaName | 'purchase' | 'image' | 'pay-form' | 'checkout-form';
    readonly query?: QuerySchemaName;
    /** Accepts `Idempotency-Key` (replays answer with `Idempotent-Replayed: true`). */
    readonly idempotencyKey?: true;
  };
  /**
   * Every status the route's own code answers with, and the body of each: GET /openapi.json
   * publishes them and the handler's result is typed by them. The statuses of the shared
   * middleware are added from the row (401/403 from `auth`, 400/413 from `request.body`, 429,
   * 500, 404 from `servedAt: 'function-url'`); list them here too when the use case answers them itself.
   */
  readonly responses: Readonly<Record<number, ResponseBody | readonly ResponseBody[]>>;
}

/** The reference page's renderer, shipped with the function that serves it. */
export const redocBundle = 'node_modules/redoc/bundles/redoc.standalone.js';
