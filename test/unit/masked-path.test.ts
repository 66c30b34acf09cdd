import { describe, expect, it } from 'vitest';
import { maskedPath, maskedUnmatchedPath } from '../../shared/http/masked-path.ts';

const token = 'q3J1bm5pbmctdG9rZW4tMTkyLWJpdHM';

describe('paths in access logs', () => {
  it('replaces a hosted-page token by its parameter name', () => {
    expect(maskedPath(`/pay/boleto/${token}/pdf`, { token })).toBe('/pay/boleto/{token}/pdf');
    expect(maskedPath(`/pay/${token}/sandbox-pay`, { token })).toBe('/pay/{token}/sandbox-pay');
  });

  it('keeps other parameters (ids are not secrets)', () => {
    expect(maskedPath('/v2/products/prd_1', { id: 'prd_1' })).toBe('/v2/products/prd_1');
  });

  it('masks token-like segments of a /pay/ path no route matched', () => {
    expect(maskedUnmatchedPath(`/pay/unknown/${token}/x`)).toBe('/pay/unknown/{token}/x');
    expect(maskedUnmatchedPath('/v2/nothing')).toBe('/v2/nothing');
  });
});
