// The running service publishes its contract, and answers every route's documented error
// statuses the way the document says (each answer is checked by `call`). Rows are read from
// the route table, so a new route is covered with no change here.
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '../../shared/permissions.ts';
import type { RouteDef } from '../../shared/route-def.ts';
import { type RouteName, routeList } from '../../shared/route-table.ts';
import { call, createKey, sharedStack } from '../support/api.ts';

type Route = RouteDef & { name: RouteName };
const routes = routeList();
const pathOf = (route: Route, value = 'unknown-0') => route.path.replace(/\{\w+\}/g, value);
const jsonBody = (route: Route) => {
  const body = route.request?.body;
  return body !== undefined && body !== 'image' && body !== 'pay-form' && body !== 'checkout-form';
};

describe('GET /openapi.json', () => {
  it('serves a valid OpenAPI 3.1 document for this stage, with every route', async () => {
    const response = await call('GET', '/openapi.json', { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const validator = new Validator();
    const result = await validator.validate(response.body);
    expect(result.errors ?? []).toEqual([]);
    expect(validator.version).toBe('3.1');
    expect(response.body.servers).toEqual([
      { url: expect.stringMatching(/^http:\/\/(localhost|127\.0\.0\.1):\d+$/) },
    ]);
    for (const route of routes)
      expect(response.body.paths[route.path]?.[route.method.toLowerCase()]).toBeDefined();
  });

  it('serves the reference page with a strict CSP and its script from here', async () => {
    const page = await call('GET', '/docs', { key: null });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<redoc spec-url="openapi.json"');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    const script = await call('GET', '/docs/redoc.standalone.js', { key: null });
    expect(script.status).toBe(200);
    expect(script.text.length).toBeGreaterThan(500_000);
  });
});

describe('documented error answers of every route', () => {
  const keyed = routes.filter((route) => route.auth !== 'none');
  // A key holding every permission, so each route gets past auth to the answer under test.
  let key: string;
  beforeAll(async () => {
    key = (await createKey([...permissions])).secretKey;
  });

  it.each(keyed.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: 401 without a key',
    async (_, route) => {
      expect((await call(route.method, pathOf(route), { key: null })).status).toBe(401);
    },
  );

  it('403 with a key that lacks the permission', async () => {
    const onlyCatalog = await createKey(['isInvoiceAvailable']);
    const onlyTransactions = await createKey(['createTransaction']);
    for (const route of keyed.filter((candidate) => candidate.auth !== 'any')) {
      const key = route.auth === 'isInvoiceAvailable' ? onlyTransactions.secretKey : onlyCatalog.secretKey;
      expect((await call(route.method, pathOf(route), { key })).status, route.name).toBe(403);
    }
  });

  it('400 for a body that is not JSON, 413 for one over 256 KB', async () => {
    for (const route of routes.filter(jsonBody)) {
      const broken = await call(route.method, pathOf(route), {
        rawBody: '{"name":',
        headers: { 'content-type': 'application/json' },
        key,
      });
      expect(broken.status, route.name).toBe(400);
      const large = await call(route.method, pathOf(route), {
        body: { name: 'x'.repeat(300 * 1024) },
        key,
      });
      expect(large.status, route.name).toBe(413);
    }
  });

  it('400 for a query string the route refuses', async () => {
    for (const route of routes.filter((candidate) => candidate.request?.query)) {
      const response = await call(route.method, `${pathOf(route)}?searchBy=nothing&limit=0&bogus=1`, {
        key,
      });
      expect(response.status, route.name).toBe(400);
    }
  });

  it('404 for an unknown id or token', async () => {
    const found = routes.filter(
      (route) => 404 in route.responses && route.path.includes('{') && route.request?.body === undefined,
    );
    expect(found.length).toBeGreaterThan(5);
    for (const route of found) {
      expect(
        (await call(route.method, pathOf(route), { key: route.auth === 'none' ? null : key })).status,
        route.name,
      ).toBe(404);
    }
    const patch = await call('PATCH', '/v2/products/prd_00000000-0000-4000-8000-000000000000', {
      body: { name: 'x' },
    });
    expect(patch.status).toBe(404);
  });

  it('the Idempotency-Key headers: 201 replayed, 422 for another body', async () => {
    const body = {
      currency: 'BOB',
      name: 'Ana Mamani',
      email: 'ana@example.bo',
      phone: '+59171234567',
      amount: 10_000,
      description: 'Compra 77',
      responsibleDocument: '4567890 LP',
      responsibleExternalId: 'cli-3',
    };
    const headers = { 'idempotency-key': `contract-${sharedStack().accountId}-${Date.now()}` };
    expect((await call('POST', '/transactions/v2/purchase', { body, headers })).status).toBe(201);
    const replay = await call('POST', '/transactions/v2/purchase', { body, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(
      (await call('POST', '/transactions/v2/purchase', { body: { ...body, amount: 20_000 }, headers }))
        .status,
    ).toBe(422);
  });
});
