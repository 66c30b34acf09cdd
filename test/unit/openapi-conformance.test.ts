// The integration client's OpenAPI check: it passes documented answers and names what is
// wrong with the others (status, media type, body, headers).
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../shared/openapi/document.ts';
import { OpenApiConformance } from '../support/openapi-conformance.ts';

const conformance = new OpenApiConformance(buildOpenApiDocument() as Record<string, unknown>);
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: new Headers({ 'content-type': 'application/json', 'x-request-id': 'req-1', ...headers }),
  text: JSON.stringify(body),
});
const product = {
  id: 'prd_8a4f0c59-4d67-4c58-9d6a-0b3f2a1e9c11',
  createdByUserId: 'usr_1',
  name: 'Plan',
  description: null,
  imageUrl: null,
  externalId: null,
  active: true,
  metadata: {},
  deletedAt: null,
  createdAt: '2026-11-25T12:00:00.000Z',
  updatedAt: '2026-11-25T12:00:00.000Z',
};

describe('OpenAPI conformance check', () => {
  it('accepts a documented answer and names the pair it exercised', () => {
    const result = conformance.verify('GET', `/v2/products/${product.id}`, json(200, product));
    expect(result).toEqual({ problems: [], pair: 'GET /v2/products/{id} 200' });
  });

  it('refuses an undocumented status', () => {
    const { problems } = conformance.verify(
      'GET',
      '/v2/products/x',
      json(418, { status: 418, error: 'teapot' }),
    );
    expect(problems).toEqual(['GET /v2/products/{id} 418: status not documented']);
  });

  it('refuses a body that does not fit the schema, naming the field', () => {
    const { problems } = conformance.verify(
      'GET',
      '/v2/products/x',
      json(200, { ...product, active: 'yes' }),
    );
    expect(problems[0]).toMatch(/body\/active must be boolean/);
    const shape = conformance.verify(
      'GET',
      '/v2/products/x',
      json(404, { statusCode: 404, message: 'x', error: 'y' }),
    );
    expect(shape.problems[0]).toMatch(/must have required property 'status'/);
  });

  it('refuses a missing required header and an undocumented media type', () => {
    const answer = json(200, product);
    answer.headers.delete('x-request-id');
    expect(conformance.verify('GET', '/v2/products/x', answer).problems).toEqual([
      'GET /v2/products/{id} 200: header x-request-id is required but absent',
    ]);
    const html = {
      ...json(200, product),
      headers: new Headers({ 'content-type': 'text/html', 'x-request-id': 'r' }),
    };
    expect(conformance.verify('GET', '/v2/products/x', html).problems[0]).toMatch(
      /media type "text\/html" not documented/,
    );
  });

  it("accepts the gateway's own answers where the document lists them, and unknown paths' 404", () => {
    const throttled = {
      ...json(429, { message: 'Too Many Requests' }),
      headers: new Headers({ 'content-type': 'application/json' }),
    };
    expect(conformance.verify('POST', '/transactions/v2/purchase', throttled).problems).toEqual([]);
    const unknown = {
      status: 404,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: '{"message":"Not Found"}',
    };
    expect(conformance.verify('GET', '/nowhere', unknown).problems).toEqual([]);
    expect(conformance.verify('GET', '/nowhere', json(200, {})).problems).toEqual([
      'GET /nowhere: no documented operation',
    ]);
  });
});
