// Helpers for integration tests: talk HTTP to the shared local stack, and issue keys against
// its real table (the same code path as `npm run keys`).
import { inject } from 'vitest';
import { type IssuedApiKey, issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { basicAuthorization } from '../../shared/auth/credentials.ts';
import type { Permission } from '../../shared/permissions.ts';
import { type QueueName, queueUrlEnv } from '../../shared/queues.ts';
import { routeList } from '../../shared/route-table.ts';
import { OpenApiConformance, recordExercised } from './openapi-conformance.ts';

export function sharedStack() {
  return inject('stack');
}

/** Routes served at a function URL of their own: their paths have no parameters (test/cdk/deploy-blockers). */
const atFunctionUrls = routeList().filter((route) => route.servedAt === 'function-url');

/** The origin of the function URL that serves `path`, when a route at a function URL does. */
function functionUrlOf(path: string): string | undefined {
  const route = atFunctionUrls.find((candidate) => candidate.path === path.split('?')[0]);
  return route ? sharedStack().functionUrls[route.name] : undefined;
}

/** Points this test process's store code at the shared stack's DynamoDB (and queues/bucket). */
export function useSharedStore(): void {
  const stack = sharedStack();
  Object.assign(process.env, {
    TABLE_NAME: stack.tableName,
    DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
    SQS_ENDPOINT: stack.sqsEndpoint,
    S3_ENDPOINT: stack.sqsEndpoint,
    IMAGE_BUCKET: stack.bucket,
    EXPORT_BUCKET: stack.exportsBucket,
    LOCAL_SECRETS_KEY: stack.localSecretsKey,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    ...Object.fromEntries(
      Object.entries(stack.queueUrls).map(([name, url]) => [queueUrlEnv(name as QueueName), url]),
    ),
  });
}

export async function createKey(
  permissions: Permission[],
  options: { accountId?: string; postbackUrl?: string } = {},
): Promise<IssuedApiKey> {
  useSharedStore();
  return issueApiKey({ permissions, ...options });
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: string | Buffer | FormData;
  headers?: Record<string, string>;
  baseUrl?: string;
  /** false: skip the OpenAPI check (an answer from something other than the service). */
  conformance?: false;
}

export async function call<T = any>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? sharedStack().secretKey : options.key;
  if (key) headers.authorization = basicAuthorization(key);
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  } else if (options.rawBody !== undefined) {
    body = options.rawBody as BodyInit;
  }
  const response = await fetch(`${options.baseUrl ?? functionUrlOf(path) ?? sharedStack().baseUrl}${path}`, {
    method,
    headers,
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  if (options.conformance !== false)
    await checkConformance(
      method,
      path,
      { status: response.status, headers: response.headers, text },
      options,
    );
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (an HTML page, an image): keep the text.
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

const conformanceByBase = new Map<string, Promise<OpenApiConformance>>();
const loadedConformance = new Map<string, OpenApiConformance>();

/** The document the stack under test publishes, fetched once per test process. */
export function documentOf(baseUrl = sharedStack().baseUrl): Promise<OpenApiConformance> {
  let conformance = conformanceByBase.get(baseUrl);
  if (!conformance) {
    conformance = fetch(`${baseUrl}/openapi.json`)
      .then((response) => response.json())
      .then((document) => {
        const loaded = new OpenApiConformance(document);
        loadedConformance.set(baseUrl, loaded);
        return loaded;
      });
    conformanceByBase.set(baseUrl, conformance);
  }
  return conformance;
}

/** Throws when the answer is not what the published OpenAPI document describes. */
export async function checkConformance(
  method: string,
  path: string,
  answer: { status: number; headers: Headers; text: string },
  options: { baseUrl?: string } = {},
): Promise<void> {
  const conformance = await documentOf(options.baseUrl);
  const { problems, pair } = conformance.verify(method, path, answer);
  if (pair) recordExercised(pair);
  if (problems.length)
    throw new Error(`undocumented response (see GET /openapi.json):\n${problems.join('\n')}`);
}

/**
 * The same check where no await fits (a browser navigation's response); the document must have
 * been loaded with `documentOf()` first.
 */
export function checkConformanceNow(
  method: string,
  url: string,
  answer: { status: number; headers: Headers; text: string },
): void {
  const { origin, pathname } = new URL(url);
  const conformance = loadedConformance.get(origin);
  if (!conformance) throw new Error(`load the OpenAPI document of ${origin} first (documentOf)`);
  const { problems, pair } = conformance.verify(method, pathname, answer);
  if (pair) recordExercised(pair);
  if (problems.length)
    throw new Error(`undocumented response (see GET /openapi.json):\n${problems.join('\n')}`);
}

/** The OpenAPI check for an answer fetched without `call` (a page, a PDF): reads a clone. */
export async function checkFetched(response: Response, method = 'GET'): Promise<void> {
  const url = new URL(response.url);
  const text = await response.clone().text();
  await checkConformance(
    method,
    url.pathname,
    { status: response.status, headers: response.headers, text },
    {
      baseUrl: url.origin,
    },
  );
}

/** Polls `read` until `done` holds or the deadline passes; returns the last value. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    value = await read();
  }
  return value;
}
