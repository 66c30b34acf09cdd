// The local gateway serves exactly the route table: a new row is routed without any other
// change, and the handler receives a faithful API Gateway HTTP API (v2) event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxApiPayloadBytes, startGateway } from '../../infra/local/gateway.ts';
import type { RouteDef } from '../../shared/route-def.ts';
import { routeList } from '../../shared/route-table.ts';

const extraRow = {
  name: 'echoThing',
  method: 'POST',
  path: '/v2/things/{thingId}/echo',
  handler: 'test/support/echo-handler.ts',
  auth: 'none',
  errors: 'catalog',
  grants: [],
  responses: {} as RouteDef['responses'],
} as const satisfies RouteDef & { name: string };
let gateway: Awaited<ReturnType<typeof startGateway>>;
let base: string;

beforeAll(async () => {
  gateway = await startGateway({ port: 0, routes: [...routeList(), extraRow] });
  base = `http://127.0.0.1:${gateway.port}`;
});
afterAll(async () => {
  await gateway.close();
});

describe('local gateway', () => {
  it('routes a row added to the route table, with path parameters, query and headers', async () => {
    const response = await fetch(`${base}/v2/things/th%20ing/echo?a=1&b=two&a=3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-custom': 'Yes', cookie: 'c1=v1; c2=v2' },
      body: '{"hello":"world"}',
    });
    expect(response.status).toBe(200);
    const event = await response.json();
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /v2/things/{thingId}/echo',
      rawPath: '/v2/things/th%20ing/echo',
      rawQueryString: 'a=1&b=two&a=3',
      pathParameters: { thingId: 'th ing' },
      queryStringParameters: { a: '1,3', b: 'two' },
      cookies: ['c1=v1', 'c2=v2'],
      body: '{"hello":"world"}',
      isBase64Encoded: false,
      requestContext: {
        http: { method: 'POST', path: '/v2/things/th%20ing/echo' },
        routeKey: 'POST /v2/things/{thingId}/echo',
        stage: '$default',
      },
    });
    expect(event.headers['x-custom']).toBe('Yes');
    expect(event.requestContext.requestId).toMatch(/\S{8,}/);
  });

  it('passes binary bodies base64-encoded', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10]);
    const response = await fetch(`${base}/v2/things/x/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    const event = await response.json();
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body, 'base64')).toEqual(bytes);
  });

  it('answers 404 for paths and methods the table does not have', async () => {
    expect((await fetch(`${base}/v2/things/x/echo`)).status).toBe(404);
    expect((await fetch(`${base}/v2/things/x/other`, { method: 'POST' })).status).toBe(404);
  });
});

describe('local gateway: the payload limits AWS enforces before any function runs', () => {
  const mib = 1024 * 1024;
  const binary = (bytes: number) => Buffer.alloc(bytes, 0xab);
  const post = (path: string, body: BodyInit, contentType?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: contentType ? { 'content-type': contentType } : {},
      body,
    });

  it('passes a binary body whose base64 event fits Lambda (4.4 MiB)', async () => {
    const response = await post('/v2/things/x/echo', binary(4.4 * mib), 'application/octet-stream');
    expect(response.status).toBe(200);
    const event = await response.json();
    expect(Buffer.from(event.body, 'base64').length).toBe(Math.floor(4.4 * mib));
  });

  it('refuses a binary body under 6 MB whose base64 event does not fit Lambda, with the contract body', async () => {
    const response = await post('/v2/things/x/echo', binary(4.6 * mib), 'application/octet-stream');
    expect(response.status).toBe(413);
    expect(response.headers.get('x-request-id')).toMatch(/\S{8,}/);
    expect(await response.json()).toEqual({
      status: 413,
      error: 'body: the request is too large',
    });
  });

  it("answers the transaction routes' shape on the purchase route", async () => {
    const response = await post(
      '/transactions/v2/purchase',
      Buffer.from(JSON.stringify({ name: 'x'.repeat(6.5 * mib) })),
      'application/json',
    );
    expect(response.status).toBe(413);
    expect(response.headers.get('x-request-id')).toMatch(/\S{8,}/);
    expect(await response.json()).toEqual({
      statusCode: 413,
      message: 'body: the request is too large',
      error: 'Payload Too Large',
    });
  });

  it("refuses a body over API Gateway's 10 MB with the contract body", async () => {
    const response = await post('/v2/things/x/echo', binary(maxApiPayloadBytes + 1), 'text/plain');
    expect(response.status).toBe(413);
    expect(response.headers.get('x-request-id')).toMatch(/\S{8,}/);
    expect(await response.json()).toEqual({
      status: 413,
      error: 'body: the request is too large',
    });
  });

  it.each([
    ['between the function limit and API Gateway', 8 * mib],
    ['over API Gateway', 12 * mib],
  ])('answers an image upload %s with the contract 413', async (_label, bytes) => {
    const form = new FormData();
    form.append('image', new Blob([binary(bytes)], { type: 'image/png' }), 'big.png');
    const response = await fetch(`${base}/v2/products/prd_any/image`, { method: 'POST', body: form });
    expect(response.status).toBe(413);
    expect(response.headers.get('x-request-id')).toMatch(/\S{8,}/);
    expect(await response.json()).toEqual({ status: 413, error: 'image: the image is over 4 MB' });
  });
});
