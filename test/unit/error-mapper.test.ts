import { describe, expect, it } from 'vitest';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../shared/errors.ts';
import { errorResponse, mapError } from '../../shared/http/error-mapper.ts';

describe('error mapper', () => {
  it('uses {status, error} for catalog routes', () => {
    const response = errorResponse('catalog', badRequest('validation', 'name: is required'));
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body as string)).toEqual({ status: 400, error: 'name: is required' });
    expect(response.headers?.['content-type']).toBe('application/json');
  });

  it('uses {statusCode, message, error} for transaction routes, error being the reason phrase', () => {
    expect(
      JSON.parse(errorResponse('transaction', badRequest('validation', 'amount: too small')).body as string),
    ).toEqual({ statusCode: 400, message: 'amount: too small', error: 'Bad Request' });
    expect(JSON.parse(errorResponse('transaction', unauthorized()).body as string)).toEqual({
      statusCode: 401,
      message: 'Unauthorized',
      error: 'Unauthorized',
    });
    expect(JSON.parse(errorResponse('transaction', forbidden()).body as string)).toEqual({
      statusCode: 403,
      message: 'Forbidden',
      error: 'Forbidden',
    });
    expect(
      JSON.parse(
        errorResponse('transaction', notFound('tx.not_found', 'transaction 1 not found')).body as string,
      ),
    ).toEqual({ statusCode: 404, message: 'transaction 1 not found', error: 'Not Found' });
    expect(
      JSON.parse(
        errorResponse('transaction', conflict('externalId.taken', 'externalId: already used')).body as string,
      ),
    ).toEqual({ statusCode: 409, message: 'externalId: already used', error: 'Conflict' });
  });

  it("maps the JSON parser's 415 and 422 to the contract's 400", () => {
    for (const statusCode of [415, 422]) {
      const mapped = mapError(
        Object.assign(new Error('Unsupported Media Type'), { statusCode, expose: true }),
      );
      expect(mapped.status).toBe(400);
      expect(mapped.message).toMatch(/^body: /);
    }
  });

  it('never shows internals of unexpected errors', () => {
    const response = errorResponse('catalog', new Error('connect ECONNREFUSED 10.0.0.1:8000 secret=abc'));
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe(JSON.stringify({ status: 500, error: 'Internal Server Error' }));
    expect(response.mapped.fault).toBe(true);
  });

  it('renders an HTML page for hosted pages, escaping the message', () => {
    const response = errorResponse('page', notFound('page.not_found', '<b>gone</b>'));
    expect(response.statusCode).toBe(404);
    expect(response.headers?.['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('&lt;b&gt;gone&lt;/b&gt;');
  });
});
