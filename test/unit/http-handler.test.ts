// The middleware stack on hand-built API Gateway events: body parsing, validation and the
// error shapes, without any AWS dependency (these routes need no key).
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { httpHandler } from '../../shared/http/handler.ts';
import { created } from '../../shared/http/responses.ts';
import type { RouteDef } from '../../shared/route-def.ts';

const schema = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1, 'must not be empty')),
  amount: v.optional(v.pipe(v.number(), v.integer('must be an integer'))),
});
const route = (errors: RouteDef['errors']) =>
  ({
    method: 'POST',
    path: '/things',
    handler: 'x.ts',
    auth: 'none',
    errors,
    grants: [],
    responses: {} as RouteDef['responses'],
  }) as const satisfies RouteDef;
const catalogHandler = httpHandler(route('catalog'), { body: schema }, async ({ body }) =>
  created({ echoed: body }),
);
const transactionHandler = httpHandler(route('transaction'), { body: schema }, async ({ body }) =>
  created({ echoed: body }),
);
const failing = httpHandler(route('catalog'), {}, async () => {
  throw new Error('database password=hunter2 unreachable');
});

const context = { awsRequestId: 'aws-req', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

function event(
  body: string | undefined,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /things',
    rawPath: '/things',
    rawQueryString: '',
    headers,
    requestContext: {
      requestId: 'req-123',
      http: { method: 'POST', path: '/things' },
    } as APIGatewayProxyEventV2['requestContext'],
    isBase64Encoded: false,
    ...(body === undefined ? {} : { body }),
  };
}

const parse = (result: { body?: string }) => JSON.parse(result.body ?? 'null');

describe('httpHandler', () => {
  it('parses, validates and answers with x-request-id', async () => {
    const result = await catalogHandler(event('{"name":"Mug","amount":10}'), context);
    expect(result.statusCode).toBe(201);
    expect(result.headers?.['x-request-id']).toBe('req-123');
    expect(parse(result)).toEqual({ echoed: { name: 'Mug', amount: 10 } });
  });

  it("turns malformed JSON into the route's 400 shape, not 422", async () => {
    const catalog = await catalogHandler(event('{"name":'), context);
    expect(catalog.statusCode).toBe(400);
    expect(parse(catalog)).toEqual({ status: 400, error: expect.stringMatching(/^body: /) });
    const transaction = await transactionHandler(event('{"name":'), context);
    expect(transaction.statusCode).toBe(400);
    expect(parse(transaction)).toEqual({
      statusCode: 400,
      message: expect.stringMatching(/^body: /),
      error: 'Bad Request',
    });
    expect(transaction.headers?.['x-request-id']).toBe('req-123');
  });

  it('turns a non-JSON content type and a missing body into 400, not 415', async () => {
    expect(
      (
        await catalogHandler(
          event('name=x', { 'content-type': 'application/x-www-form-urlencoded' }),
          context,
        )
      ).statusCode,
    ).toBe(400);
    expect((await catalogHandler(event(undefined, {}), context)).statusCode).toBe(400);
  });

  it('names each invalid field, unknown fields included', async () => {
    const result = await catalogHandler(event('{"name":"","amount":1.5,"color":"red"}'), context);
    expect(result.statusCode).toBe(400);
    const message: string = parse(result).error;
    expect(message).toContain('name: must not be empty');
    expect(message).toContain('amount: must be an integer');
    expect(message).toContain('color: unknown field');
  });

  it('rejects a body that is not an object', async () => {
    const result = await transactionHandler(event('[1,2]'), context);
    expect(result.statusCode).toBe(400);
    expect(parse(result).message).toMatch(/^body: /);
  });

  it('answers 413 for a JSON body over 256 KB', async () => {
    const result = await catalogHandler(event(JSON.stringify({ name: 'x'.repeat(300 * 1024) })), context);
    expect(result.statusCode).toBe(413);
    expect(parse(result)).toEqual({ status: 413, error: expect.stringContaining('body') });
  });

  it('hides the internals of a fault behind a generic 500', async () => {
    const result = await failing(event(undefined, {}), context);
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('hunter2');
    expect(parse(result)).toEqual({ status: 500, error: 'Internal Server Error' });
  });

  it('takes only its route at a function URL, which hands it every method and path', async () => {
    const atUrl = httpHandler(
      { ...route('transaction'), servedAt: 'function-url' },
      { body: schema },
      async ({ body }) => created({ echoed: body }),
    );
    const at = (method: string, path: string) => ({
      ...event('{"name":"Mug"}'),
      routeKey: '$default',
      rawPath: path,
      requestContext: {
        requestId: 'req-1',
        http: { method, path },
      } as APIGatewayProxyEventV2['requestContext'],
    });
    expect((await atUrl(at('POST', '/things'), context)).statusCode).toBe(201);
    for (const [method, path] of [
      ['POST', '/'],
      ['POST', '/things/more'],
      ['GET', '/things'],
    ] as const) {
      const result = await atUrl(at(method, path), context);
      expect(result.statusCode, `${method} ${path}`).toBe(404);
      expect(parse(result)).toMatchObject({
        statusCode: 404,
        message: expect.stringContaining('this URL takes POST /things'),
      });
    }
    // Behind API Gateway the route was matched already: the same handler does not look.
    expect(
      (await transactionHandler({ ...event('{"name":"Mug"}'), rawPath: '/other' }, context)).statusCode,
    ).toBe(201);
  });
});
