// The middleware stack every HTTP function shares: request id and access log, one error
// mapper, auth, JSON body parsing with a size limit, and valibot validation. A handler file
// only names its route, its schemas and the use case to call.
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as v from 'valibot';
import type { Principal } from '../auth/principal.ts';
import { badRequest, payloadTooLarge } from '../errors.ts';
import { log, withLogContext } from '../log.ts';
import type { RequestSchemasOf, RouteResult } from '../openapi/route-result.ts';
import type { RouteDef } from '../route-def.ts';
import { deadlineOf } from '../time-budget.ts';
import { admit } from './admission.ts';
import { errorResponse } from './error-mapper.ts';
import { jsonShapeViolation } from './json-limits.ts';
import { maskedPath } from './masked-path.ts';
import type { HttpResult } from './responses.ts';
import { parseOrThrow } from './validation.ts';

export const maxJsonBodyBytes = 256 * 1024;

type Schema = v.GenericSchema;
type Out<S> = S extends Schema ? v.InferOutput<S> : unknown;

export interface HttpRequest<R extends RouteDef, B, Q> {
  principal: R['auth'] extends 'none' ? null : Principal;
  body: B;
  query: Q;
  params: Record<string, string>;
  headers: Record<string, string | undefined>;
  event: APIGatewayProxyEventV2;
  requestId: string;
  /** When the function must be done (epoch ms): what bounds the use case's outbound calls. */
  endBy: number;
}

export interface HandlerOptions<B extends Schema | undefined, Q extends Schema | undefined> {
  /** JSON body schema; when set, the body is parsed as JSON and validated. */
  body?: B;
  /** Query-string schema (values are strings). */
  query?: Q;
  /** Parse a JSON object body without a schema: the use case validates it (e.g. per variant). */
  jsonBody?: boolean;
}

export type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

function bodyBytes(event: APIGatewayProxyEventV2): number {
  if (!event.body) return 0;
  return event.isBase64Encoded ? Math.floor((event.body.length * 3) / 4) : Buffer.byteLength(event.body);
}

function serialize(
  result: HttpResult,
  requestId: string,
  rateLimitHeaders: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  const headers: Record<string, string> = {
    ...rateLimitHeaders,
    'x-request-id': requestId,
    ...result.headers,
  };
  if (result.body === undefined) return { statusCode: result.statusCode, headers };
  if (Buffer.isBuffer(result.body)) {
    return {
      statusCode: result.statusCode,
      headers,
      body: result.body.toString('base64'),
      isBase64Encoded: true,
    };
  }
  if (typeof result.body === 'string') return { statusCode: result.statusCode, headers, body: result.body };
  return {
    statusCode: result.statusCode,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(result.body),
  };
}

/** The principal rides on the Lambda context from the auth middleware to the handler. */
type ContextWithPrincipal = Context & {
  principal?: Principal | null;
  startedAt?: number;
  rateLimitHeaders?: Record<string, string>;
};

export function httpHandler<
  R extends RouteDef,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(
  route: R,
  options: HandlerOptions<B, Q> & RequestSchemasOf<R>,
  /** Returns one of the statuses and bodies the route's row declares (see shared/routes.ts). */
  useCase: (request: HttpRequest<R, Out<B>, Out<Q>>) => Promise<RouteResult<R>>,
): HttpHandler {
  const handle = middy<
    APIGatewayProxyEventV2,
    APIGatewayProxyStructuredResultV2,
    Error,
    ContextWithPrincipal
  >();

  // Limits and auth run first so that a caller without a valid key learns nothing about the body rules.
  handle.use({
    before: async (request) => {
      request.context.startedAt = Date.now();
      await admit(route, request.event, request.context);
    },
    onError: (request) => {
      const requestId = requestIdOf(request.event, request.context);
      const { mapped, ...response } = errorResponse(route.errors, request.error, {
        ...request.context.rateLimitHeaders,
        'x-request-id': requestId,
      });
      if (mapped.fault) log.error('request failed', { requestId, route: route.path, error: request.error });
      request.response = response;
      logAccess(request.event, requestId, mapped.status, request.context);
    },
  });

  if (options.body || options.jsonBody) {
    handle.use({
      before: (request) => {
        if (bodyBytes(request.event) > maxJsonBodyBytes)
          throw payloadTooLarge(`body: must be at most ${maxJsonBodyBytes} bytes`);
        // Before the parser and everything after it that walks the body recursively.
        const { body, isBase64Encoded } = request.event;
        const violation = body
          ? jsonShapeViolation(isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body)
          : null;
        if (violation) throw badRequest('validation', `body: ${violation}`);
      },
    });
    handle.use(httpJsonBodyParser());
  }

  return handle.handler((event, context) => {
    const requestId = requestIdOf(event, context);
    return withLogContext({ requestId, accountId: context.principal?.accountId }, async () => {
      const request: HttpRequest<R, Out<B>, Out<Q>> = {
        principal: (context.principal ?? null) as HttpRequest<R, Out<B>, Out<Q>>['principal'],
        body: (options.body
          ? parseOrThrow(options.body, jsonObject(event.body), 'body')
          : options.jsonBody
            ? jsonObject(event.body)
            : undefined) as Out<B>,
        query: (options.query
          ? parseOrThrow(options.query, event.queryStringParameters ?? {}, 'query')
          : undefined) as Out<Q>,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        headers: event.headers ?? {},
        event,
        requestId,
        endBy: deadlineOf(context),
      };
      const result = serialize(await useCase(request), requestId, context.rateLimitHeaders);
      logAccess(event, requestId, result.statusCode ?? 200, context);
      return result;
    });
  }) as unknown as HttpHandler;
}

/** Every JSON body of this API is an object; valibot's object schemas would accept an array. */
function jsonObject(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badRequest('validation', 'body: must be a JSON object');
  return body;
}

function requestIdOf(event: APIGatewayProxyEventV2, context: Context): string {
  return event.requestContext?.requestId ?? context.awsRequestId ?? 'unknown';
}

function logAccess(
  event: APIGatewayProxyEventV2,
  requestId: string,
  status: number,
  context: ContextWithPrincipal,
): void {
  log.info('request', {
    requestId,
    method: event.requestContext?.http?.method,
    path: maskedPath(event.rawPath, event.pathParameters),
    status,
    durationMs: context.startedAt ? Date.now() - context.startedAt : undefined,
    accountId: context.principal?.accountId,
  });
}
