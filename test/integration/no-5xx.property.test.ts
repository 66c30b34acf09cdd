// Whatever a client sends, the endpoints answer with a 2xx, a 3xx or the contract's 4xx, never a
// 5xx, and always with an x-request-id. The POST bodies of purchase, products and offers are
// fuzzed in depth; then every row of the route table (so routes added later are covered too)
// with arbitrary path parameters, query strings, Idempotency-Key headers, credentials and
// bodies of its kind: JSON, multipart image uploads, the hosted pages' form.
//
// Each run draws new cases (fast-check prints the seed of a failure to replay it), so the cases
// tried add up across runs; the counts below keep this file's share of the suite bounded as the
// route table grows.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../shared/route-def.ts';
import { routeList } from '../../shared/route-table.ts';
import { type ApiResponse, type CallOptions, call, createKey, pollUntil } from '../support/api.ts';
import { bobBody, boletoBody, copBody } from '../support/purchase-fixtures.ts';

const valid = [boletoBody(), copBody(), bobBody()];
const fieldNames = [
  ...new Set(valid.flatMap((body) => Object.keys(body))),
  'currency',
  'paymentMethod',
  'dueDate',
  'externalId',
  'postbackUrl',
  'boletoAddress',
];

/** A valid body with one field replaced by anything, or removed, or the whole body arbitrary. */
const bodies = fc.oneof(
  fc
    .record({
      base: fc.constantFrom(...valid),
      field: fc.constantFrom(...fieldNames),
      value: fc.option(fc.jsonValue(), { nil: undefined }),
    })
    .map(({ base, field, value }) => ({ ...base, [field]: value })),
  fc.jsonValue(),
  fc.string().map((text) => ({ raw: text })),
);

function expectContractAnswer(
  response: ApiResponse,
  errors: RouteDef['errors'] | string,
  what: string,
): void {
  expect(response.status, what).toBeLessThan(500);
  expect(response.headers.get('x-request-id'), what).toBeTruthy();
  if (response.status < 400) return;
  if (errors === 'catalog')
    expect(response.body, what).toEqual({ status: response.status, error: expect.any(String) });
  else if (errors === 'transaction')
    expect(response.body, what).toEqual({
      statusCode: response.status,
      message: expect.any(String),
      error: expect.any(String),
    });
  else if (errors === 'page') expect(response.headers.get('content-type'), what).toMatch(/^text\/html/);
}

async function send(path: string, body: unknown) {
  if (body && typeof body === 'object' && 'raw' in body && Object.keys(body).length === 1) {
    return call('POST', path, {
      rawBody: String((body as { raw: string }).raw),
      headers: { 'content-type': 'application/json' },
    });
  }
  return call('POST', path, { body });
}

describe('no client input yields a 5xx', () => {
  it('POST /transactions/v2/purchase', async () => {
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const response = await send('/transactions/v2/purchase', body);
        expectContractAnswer(response, 'transaction', JSON.stringify(body).slice(0, 300));
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('POST /v2/products and POST /v2/offers', async () => {
    const catalogBodies = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          name: fc.jsonValue(),
          description: fc.jsonValue(),
          externalId: fc.jsonValue(),
          metadata: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(catalogBodies, fc.constantFrom('/v2/products', '/v2/offers'), async (body, path) => {
        const response = await send(path, body);
        expectContractAnswer(response, 'catalog', JSON.stringify(body).slice(0, 300));
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

// ---- every route ----

interface Known {
  secretKey: string;
  /** Real values for path parameters, so requests also reach the code behind the lookups. */
  ids: string[];
  tokens: string[];
}
const known: Known = { secretKey: '', ids: [], tokens: [] };

beforeAll(async () => {
  // Its own account: archiving, paying and redelivering here touch nothing another file reads.
  const key = await createKey(['isInvoiceAvailable', 'createTransaction']);
  known.secretKey = key.secretKey;
  const as: CallOptions = { key: key.secretKey };
  const product = await call('POST', '/v2/products', { ...as, body: { name: 'Fuzzed' } });
  const offer = await call('POST', '/v2/offers', {
    ...as,
    body: { productId: product.body.id, name: 'Monthly', amount: 1000, billingCycle: 'MONTHLY' },
  });
  const purchases = await Promise.all(
    [boletoBody(), copBody(), bobBody()].map((body) =>
      call('POST', '/transactions/v2/purchase', { ...as, body }),
    ),
  );
  const filled = await Promise.all(
    purchases.map((created) =>
      pollUntil(
        async () => (await call('GET', `/transactions/${created.body.id}`, as)).body,
        (tx) => Boolean(tx.paymentInstruction?.boletoUrl ?? tx.redirectUrl ?? tx.qr),
        15_000,
        50,
      ),
    ),
  );
  await call('POST', `/sandbox/transactions/${filled[2].id}/pay`, as);
  const [event] = await pollUntil(
    async () => (await call('GET', `/transactions/${filled[2].id}/events`, as)).body.data ?? [],
    (list) => list.length > 0,
    15_000,
    100,
  );
  known.ids = [product.body.id, offer.body.id, ...filled.map((tx) => tx.id), event?.id].filter(Boolean);
  known.tokens = [filled[0].paymentInstruction.boletoUrl, filled[1].redirectUrl]
    .filter(Boolean)
    .map((url: string) => new URL(url).pathname.split('/')[3]!);
}, 60_000);

/** One path segment: a real id or token, or anything (encoded; never a dot segment, which the URL would remove). */
const pathParameter = fc
  .oneof(
    { weight: 2, arbitrary: fc.constant('known') },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }) },
    { weight: 1, arbitrary: fc.constantFrom('%zz', '%E0%A4%A', '%00', 'a'.repeat(2000), '-1', '0', 'null') },
  )
  .filter((segment) => !/^(\.|%2e){1,2}$/i.test(segment));

const queryNames = ['limit', 'cursor', 'active', 'archived', 'productId', 'searchBy', 'result', 'status'];
const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...queryNames), fc.string({ maxLength: 10 })),
      fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('0', '1', '100', '101', '-1', 'true', 'false', 'externalId', 'x'.repeat(5000)),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => new URLSearchParams(pairs).toString());

/** Header values fetch can send: Latin-1 without controls or DEL, no surrounding spaces. */
const headerValue = fc
  .string({
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
      .map((code) => String.fromCharCode(code)),
    minLength: 1,
    maxLength: 300,
  })
  .map((text) => text.trim())
  .filter((text) => text.length > 0);

const credentials = fc.oneof(
  { weight: 4, arbitrary: fc.constant<'known' | null | string>('known') },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((text) => `sk_test_${text}`) },
);

const pngStart = Buffer.from('89504e470d0a1a0a', 'hex');
const multipartBody = fc
  .record({
    part: fc.oneof(fc.constantFrom('image', 'file'), fc.string({ maxLength: 20 })),
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 2000 }),
      fc.uint8Array({ maxLength: 500 }).map((rest) => new Uint8Array([...pngStart, ...rest])),
    ),
    filename: fc.string({ maxLength: 40 }),
    type: fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', ''),
    extra: fc.option(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 40 }))),
  })
  .map(({ part, bytes, filename, type, extra }) => {
    const form = new FormData();
    form.append(part, new Blob([bytes], { type }), filename || 'x');
    if (extra) form.append(extra[0], extra[1]);
    return { rawBody: form } as Pick<CallOptions, 'rawBody' | 'headers'>;
  });

const jsonBody = fc.oneof(
  bodies.map((body) =>
    body && typeof body === 'object' && 'raw' in body
      ? { rawBody: String(body.raw), headers: { 'content-type': 'application/json' } }
      : { body },
  ),
  fc.record({ name: fc.jsonValue(), active: fc.jsonValue() }, { requiredKeys: [] }).map((body) => ({ body })),
  fc
    .tuple(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data'),
    )
    .map(([text, type]) => ({ rawBody: text, headers: { 'content-type': type } })),
);

const formBody = fc
  .oneof(
    fc.string({ maxLength: 200 }),
    fc
      .dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 }))
      .map((fields) => new URLSearchParams(fields).toString()),
  )
  .map((text) => ({ rawBody: text, headers: { 'content-type': 'application/x-www-form-urlencoded' } }));

function bodyFor(route: RouteDef): fc.Arbitrary<Pick<CallOptions, 'body' | 'rawBody' | 'headers'>> {
  // fetch sends no body with GET.
  if (route.method === 'GET') return fc.constant({});
  if (route.method === 'DELETE')
    return fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: jsonBody });
  if (route.path.endsWith('/image'))
    return fc.oneof({ weight: 3, arbitrary: multipartBody }, { weight: 1, arbitrary: jsonBody });
  if (route.auth === 'none' && route.errors === 'page')
    return fc.oneof({ weight: 3, arbitrary: formBody }, { weight: 1, arbitrary: jsonBody });
  return jsonBody;
}

function requestFor(route: RouteDef) {
  const parameters = route.path.match(/\{[^}]+\}/g) ?? [];
  return fc.record({
    segments: fc.tuple(...parameters.map(() => pathParameter)),
    query: queryString,
    credentials,
    idempotencyKey: fc.option(headerValue),
    payload: bodyFor(route),
  });
}

/** About 450 requests over the whole table, and never fewer than 6 a route. */
const runsPerRoute = Math.max(6, Math.round(450 / routeList().length));

describe('no request to any route yields a 5xx', () => {
  for (const route of routeList()) {
    it(`${route.method} ${route.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          requestFor(route),
          async ({ segments, query, credentials, idempotencyKey, payload }) => {
            let index = 0;
            const path = route.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
              const segment = segments[index++]!;
              if (segment !== 'known') return encodeURIComponent(segment);
              const pool = name === 'token' ? known.tokens : known.ids;
              return pool[index % pool.length] ?? 'none';
            });
            const headers: Record<string, string> = { ...payload.headers };
            if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
            const response = await call(route.method, `${path}${query ? `?${query}` : ''}`, {
              ...payload,
              headers,
              key: credentials === 'known' ? known.secretKey : credentials,
            });
            expectContractAnswer(response, route.errors, `${route.method} ${path}?${query}`.slice(0, 300));
          },
        ),
        { numRuns: runsPerRoute },
      );
    }, 120_000);
  }
});

describe('deep and wide bodies are refused by their explicit bound, never by a 5xx', () => {
  it('POST /transactions/v2/purchase and POST /v2/products', async () => {
    const shapes = fc.oneof(
      fc
        .record({ depth: fc.integer({ min: 1, max: 5000 }), open: fc.constantFrom('[', '{"k":') })
        .map(({ depth, open }) => ({
          value: `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`,
          over: depth + 1 > 64 ? 'nesting' : null,
        })),
      fc.integer({ min: 0, max: 15_000 }).map((items) => ({
        value: `[${Array.from({ length: items }, () => '1').join(',')}]`,
        over: items > 10_000 ? 'items' : null,
      })),
      fc.integer({ min: 0, max: 1_500 }).map((keys) => ({
        value: `{${Array.from({ length: keys }, (_, i) => `"k${i}":1`).join(',')}}`,
        over: keys > 1_000 ? 'keys' : null,
      })),
    );
    await fc.assert(
      fc.asyncProperty(shapes, fc.boolean(), async ({ value, over }, purchase) => {
        // The hostile value sits one level down: in the "not used" cpf, or in product metadata.
        const rawBody = purchase
          ? `${JSON.stringify(bobBody()).slice(0, -1)},"cpf":${value}}`
          : `{"name":"Deep","metadata":{"x":${value}}}`;
        const response = await call('POST', purchase ? '/transactions/v2/purchase' : '/v2/products', {
          rawBody,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.status, rawBody.slice(0, 200)).toBeLessThan(500);
        if (over) {
          expect(response.status).toBe(400);
          expect(JSON.stringify(response.body)).toContain(over);
        }
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});
