// A local stand-in for API Gateway (HTTP API, payload v2): turns each HTTP request into the
// event API Gateway would send, has the route's function run it (the local stack's function
// host; the handler module in this process when none is given) and writes its
// result back. It also serves the image bucket under /_images/, standing in for CloudFront.
// It refuses what AWS refuses before any function runs: a body over API Gateway's payload
// limit, and an event over Lambda's invocation payload limit (base64 makes binary bodies grow
// by a third). Those refusals carry the route's contract error body and an x-request-id.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { payloadTooLarge } from '../../shared/errors.ts';
import { errorResponse } from '../../shared/http/error-mapper.ts';
import { maskedPath, maskedUnmatchedPath } from '../../shared/http/masked-path.ts';
import { bodyTooLargeMessage } from '../../shared/http/too-large.ts';
import type { RouteDef } from '../../shared/route-def.ts';
import { lambdaContext } from './lambda-context.ts';
import { loadHandler } from './repo-root.ts';
import { compileRoutes } from './route-matcher.ts';

/** API Gateway HTTP API's payload quota ("10 MB", not adjustable). */
export const maxApiPayloadBytes = 10 * 1024 * 1024;
/** Lambda's synchronous invocation request payload: the whole event, as JSON. */
export const maxLambdaEventBytes = 6 * 1024 * 1024;
const handlerTimeoutMs = 29_000;

type Handler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export interface GatewayOptions {
  port: number;
  host?: string;
  routes: ReadonlyArray<RouteDef & { name: string }>;
  /**
   * Runs the route's function (the local stack's function host, one sandbox per function);
   * absent: the handler module is imported into this process.
   */
  invoke?: (
    route: RouteDef & { name: string },
    event: APIGatewayProxyEventV2,
    timeoutMs: number,
  ) => Promise<APIGatewayProxyStructuredResultV2>;
  images?: { s3: S3Client; bucket: string; pathPrefix: string };
  /** Static sites served from memory (the dashboard), standing in for the CDN in front of the bucket. */
  sites?: ReadonlyArray<StaticSite>;
  /** Receives one entry per request, as API Gateway's access log would (paths with tokens masked). */
  accessLog?: (entry: AccessLogEntry) => void;
}

export interface AccessLogEntry {
  time: string;
  requestId: string | undefined;
  sourceIp: string | undefined;
  method: string;
  routeKey: string | undefined;
  path: string;
  status: number;
  durationMs: number;
}

export interface StaticSite {
  /** e.g. `/dashboard`: `/dashboard` redirects to `/dashboard/`, which serves `index.html`. */
  pathPrefix: string;
  files: ReadonlyMap<string, { contents: Uint8Array; contentType: string }>;
  /** Security headers sent with every file (CSP and friends). */
  headers: Readonly<Record<string, string>>;
}

function serveSite(response: ServerResponse, site: StaticSite, pathname: string): void {
  if (pathname === site.pathPrefix) {
    response.writeHead(301, { location: `${site.pathPrefix}/` }).end();
    return;
  }
  const name = pathname.slice(site.pathPrefix.length + 1) || 'index.html';
  const file = site.files.get(name);
  if (!file) {
    json(response, 404, { message: 'Not Found' });
    return;
  }
  response
    .writeHead(200, {
      ...site.headers,
      'content-type': file.contentType,
      'content-length': file.contents.byteLength,
      'cache-control': 'no-cache',
    })
    .end(file.contents);
}

const textTypes = /^(application\/(json|x-www-form-urlencoded|xml|.*\+json)|text\/)/i;

/** Reads the whole body, or only counts it once it is over API Gateway's limit (the client is still sending). */
function readBody(request: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(request.headers['content-length'] ?? 0) > maxApiPayloadBytes;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxApiPayloadBytes) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    request.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** The size Lambda measures: the event serialized as the invoke request's JSON body. */
export function lambdaEventBytes(event: APIGatewayProxyEventV2): number {
  return Buffer.byteLength(JSON.stringify(event));
}

export function toEvent(
  request: IncomingMessage,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string> | undefined,
  requestId: string = newRequestId(),
  /** When the request reached the gateway (API Gateway stamps `timeEpoch` on receipt). */
  receivedAt = new Date(),
): APIGatewayProxyEventV2 {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') cookies.push(...String(value).split(/;\s*/));
    else headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    query[name] = name in query ? `${query[name]},${value}` : value;
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || textTypes.test(contentType);
  const now = receivedAt;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(url.searchParams.size ? { queryStringParameters: query } : {}),
    ...(pathParameters && Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !isText,
  };
}

export function writeResult(
  response: ServerResponse,
  result: APIGatewayProxyStructuredResultV2 | string | undefined,
): void {
  // A handler may return a bare value; API Gateway then wraps it as JSON with status 200.
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result ?? null));
    return;
  }
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body =
    result.body === undefined
      ? undefined
      : result.isBase64Encoded
        ? Buffer.from(result.body, 'base64')
        : result.body;
  response.writeHead(result.statusCode ?? 200, headers).end(body);
}

export function newRequestId(): string {
  return randomBytes(12).toString('base64url');
}

/** The route's own 413, as the function would have answered it. */
function refuseTooLarge(response: ServerResponse, route: RouteDef, requestId: string, message: string): void {
  const { mapped: _mapped, ...refusal } = errorResponse(route.errors, payloadTooLarge(message), {
    'x-request-id': requestId,
  });
  writeResult(response, refusal);
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function serveImage(
  response: ServerResponse,
  images: NonNullable<GatewayOptions['images']>,
  key: string,
): Promise<void> {
  try {
    const object = await images.s3.send(new GetObjectCommand({ Bucket: images.bucket, Key: key }));
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    response
      .writeHead(200, {
        'content-type': object.ContentType ?? 'application/octet-stream',
        'cache-control': 'public, max-age=31536000, immutable',
        'content-length': bytes.length,
      })
      .end(bytes);
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey') json(response, 404, { message: 'Not Found' });
    else json(response, 502, { message: 'Bad Gateway' });
  }
}

export async function startGateway(
  options: GatewayOptions,
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const match = compileRoutes(options.routes);
  const server = createServer(async (request, response) => {
    const startedAt = Date.now();
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    let logged: Pick<AccessLogEntry, 'requestId' | 'routeKey' | 'path'> = {
      requestId: undefined,
      routeKey: undefined,
      path: maskedUnmatchedPath(url.pathname),
    };
    if (options.accessLog) {
      const write = options.accessLog;
      response.once('finish', () =>
        write({
          time: new Date(startedAt).toISOString(),
          ...logged,
          sourceIp: request.socket.remoteAddress,
          method,
          status: response.statusCode,
          durationMs: Date.now() - startedAt,
        }),
      );
    }
    try {
      if (options.images && method === 'GET' && url.pathname.startsWith(`${options.images.pathPrefix}/`)) {
        await serveImage(
          response,
          options.images,
          decodeURIComponent(url.pathname.slice(options.images.pathPrefix.length + 1)),
        );
        return;
      }
      const site = options.sites?.find(
        (candidate) =>
          url.pathname === candidate.pathPrefix || url.pathname.startsWith(`${candidate.pathPrefix}/`),
      );
      if (site && (method === 'GET' || method === 'HEAD')) {
        serveSite(response, site, url.pathname);
        return;
      }
      const matched = match(method, url.pathname);
      if (!matched) {
        json(response, 404, { message: 'Not Found' });
        return;
      }
      const { route } = matched;
      const requestId = newRequestId();
      logged = {
        requestId,
        routeKey: `${route.method} ${route.path}`,
        path: maskedPath(url.pathname, matched.pathParameters),
      };
      const body = await readBody(request);
      if (body === 'too-large') {
        refuseTooLarge(response, route, requestId, bodyTooLargeMessage(route));
        return;
      }
      const event = toEvent(
        request,
        body,
        `${route.method} ${route.path}`,
        matched.pathParameters,
        requestId,
        new Date(startedAt),
      );
      if (lambdaEventBytes(event) > maxLambdaEventBytes) {
        refuseTooLarge(response, route, requestId, bodyTooLargeMessage(route));
        return;
      }
      const result = options.invoke
        ? await options.invoke(route, event, handlerTimeoutMs)
        : await (await loadHandler<Handler>(route.handler))(
            event,
            lambdaContext(route.name, handlerTimeoutMs),
          );
      writeResult(response, result);
    } catch (error) {
      // What API Gateway answers when the integration fails.
      process.stderr.write(`gateway: handler failed: ${(error as Error).stack ?? error}\n`);
      if (!response.headersSent) json(response, 500, { message: 'Internal Server Error' });
      else response.end();
    }
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
