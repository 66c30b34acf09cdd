// Whatever a client sends, the endpoints answer with a 2xx or the contract's 4xx, never a 5xx.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call } from '../support/api.ts';
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
        expect(response.status, JSON.stringify(body).slice(0, 300)).toBeLessThan(500);
        if (response.status >= 400)
          expect(response.body).toEqual({
            statusCode: response.status,
            message: expect.any(String),
            error: expect.any(String),
          });
      }),
      { numRuns: 150 },
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
        expect(response.status, JSON.stringify(body).slice(0, 300)).toBeLessThan(500);
        if (response.status >= 400)
          expect(response.body).toEqual({ status: response.status, error: expect.any(String) });
      }),
      { numRuns: 150 },
    );
  }, 120_000);
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
      { numRuns: 60 },
    );
  }, 120_000);
});
