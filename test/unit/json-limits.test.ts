// Hostile JSON is bounded on purpose: nesting, array items and object keys are measured on the
// raw text before anything parses or walks it, and a body over a bound is the route's 400.
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { httpHandler } from '../../shared/http/handler.ts';
import { jsonLimits, jsonShapeViolation } from '../../shared/http/json-limits.ts';
import { created } from '../../shared/http/responses.ts';
import type { RouteDef } from '../../shared/route-def.ts';

const nested = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);
const array = (items: number) => `[${Array.from({ length: items }, () => '0').join(',')}]`;
const object = (keys: number) => `{${Array.from({ length: keys }, (_, i) => `"k${i}":${i}`).join(',')}}`;

describe('jsonShapeViolation', () => {
  it('accepts bodies at every bound', () => {
    expect(jsonShapeViolation(nested(jsonLimits.maxDepth))).toBeNull();
    expect(jsonShapeViolation(array(jsonLimits.maxArrayItems))).toBeNull();
    expect(jsonShapeViolation(object(jsonLimits.maxObjectKeys))).toBeNull();
    expect(jsonShapeViolation('{"a":{"b":[1,{"c":"d"},[]]},"e":"f"}')).toBeNull();
    expect(jsonShapeViolation('[]')).toBeNull();
    expect(jsonShapeViolation('{}')).toBeNull();
  });

  it('names the bound a body breaks, however deep or wide', () => {
    expect(jsonShapeViolation(nested(jsonLimits.maxDepth + 1))).toMatch(/nesting is deeper than 64 levels/);
    expect(jsonShapeViolation(`{"cpf":${nested(100_000)}}`)).toMatch(/nesting/);
    expect(jsonShapeViolation(array(jsonLimits.maxArrayItems + 1))).toMatch(/more than 10000 items/);
    expect(jsonShapeViolation(object(jsonLimits.maxObjectKeys + 1))).toMatch(/more than 1000 keys/);
    expect(jsonShapeViolation(`{"a":[${array(jsonLimits.maxArrayItems + 1)}]}`)).toMatch(/items/);
  });

  it('does not count brackets, commas or quotes inside strings', () => {
    const tricky = JSON.stringify({ text: `${'['.repeat(100)}${',{'.repeat(20_000)}"\\` });
    expect(jsonShapeViolation(tricky)).toBeNull();
    expect(jsonShapeViolation(JSON.stringify(['a"[', 'b\\', '{{'.repeat(50)]))).toBeNull();
  });

  it('scans without recursion: a million levels cost no stack', () => {
    expect(jsonShapeViolation(nested(1_000_000))).toMatch(/nesting/);
  });
});

const schema = v.looseObject({ name: v.string() });
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
const context = { awsRequestId: 'aws-req', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
const event = (body: string): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: 'POST /things',
    rawPath: '/things',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    requestContext: { requestId: 'req-1', http: { method: 'POST', path: '/things' } },
    isBase64Encoded: false,
    body,
  }) as unknown as APIGatewayProxyEventV2;

describe('the HTTP stack refuses a body over a bound with the route’s 400', () => {
  const transaction = httpHandler(route('transaction'), { body: schema }, async () => created({}));
  const catalog = httpHandler(route('catalog'), { jsonBody: true }, async () => created({}));

  it('2,000 levels of nesting in a field the route ignores', async () => {
    const result = await transaction(event(`{"name":"x","cpf":${nested(2000)}}`), context);
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body ?? '')).toEqual({
      statusCode: 400,
      message: 'body: nesting is deeper than 64 levels of objects and arrays',
      error: 'Bad Request',
    });
  });

  it('a wide array and a wide object', async () => {
    const wide = await catalog(event(`{"name":"x","metadata":{"list":${array(20_000)}}}`), context);
    expect(wide.statusCode).toBe(400);
    expect(JSON.parse(wide.body ?? '')).toEqual({
      status: 400,
      error: expect.stringMatching(/^body: .*items/),
    });
    const keys = await catalog(event(`{"name":"x","metadata":${object(1001)}}`), context);
    expect(JSON.parse(keys.body ?? '')).toEqual({ status: 400, error: expect.stringMatching(/keys/) });
  });

  it('a body inside every bound reaches the use case', async () => {
    const result = await transaction(event(`{"name":"x","deep":${nested(30)}}`), context);
    expect(result.statusCode).toBe(201);
  });
});
