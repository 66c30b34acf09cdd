import { describe, expect, it } from 'vitest';
import { compileRoutes } from '../../infra/local/route-matcher.ts';
import { routeList } from '../../shared/route-table.ts';

describe('route matcher', () => {
  const match = compileRoutes(routeList());

  it('matches literal segments before parameters', () => {
    expect(match('POST', '/transactions/v2/purchase')?.route.name).toBe('createPurchase');
    expect(match('GET', '/transactions/123')?.route.name).toBe('getTransaction');
    expect(match('GET', '/transactions/123')?.pathParameters).toEqual({ id: '123' });
    expect(match('GET', '/transactions/123/events')?.route.name).toBe('listTransactionEvents');
  });

  it('decodes parameters and rejects unknown paths and methods', () => {
    expect(match('GET', '/transactions/a%2Fb')?.pathParameters).toEqual({ id: 'a/b' });
    expect(match('GET', '/transactions/%E0%A4%A')).toBeUndefined();
    expect(match('PUT', '/v2/products')).toBeUndefined();
    expect(match('GET', '/v2/products/x/y/z')).toBeUndefined();
  });

  it('has one route per method and path', () => {
    const keys = routeList().map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
