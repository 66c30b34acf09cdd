// The platform end to end over HTTP: health, auth on /v2/account, unknown routes.
import { describe, expect, it } from 'vitest';
import { hashSecretKey } from '../../shared/auth/credentials.ts';
import { revokeApiKey } from '../../shared/store/api-keys.ts';
import { call, createKey, pollUntil, sharedStack } from '../support/api.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('GET /health', () => {
  it('answers without a key and reports the table and every queue', async () => {
    const response = await call('GET', '/health', { key: null });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'ok',
      checks: {
        table: 'ok',
        'queue:fill-instruction': 'ok',
        'queue:watch-payment': 'ok',
        'queue:deliver-event': 'ok',
      },
    });
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers from a short cache: the checks ran once for back-to-back calls', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('GET', '/health', { key: null })));
    const times = new Set(answers.map((response) => response.body.time));
    expect(times.size).toBe(1);
  });

  it('keeps a deep check, run on every call, behind a key', async () => {
    expect((await call('GET', '/health/deep', { key: null })).status).toBe(401);
    const first = await call('GET', '/health/deep');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await call('GET', '/health/deep');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'ok', checks: { table: 'ok' } });
    expect(second.body.time > first.body.time).toBe(true);
  });
});

describe('GET /v2/account', () => {
  it("returns the key's account, user and permissions", async () => {
    const key = await createKey(['isInvoiceAvailable']);
    const response = await call('GET', '/v2/account', { key: key.secretKey });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      accountId: key.accountId,
      userId: key.userId,
      keyId: key.keyId,
      permissions: ['isInvoiceAvailable'],
    });
    expect(response.body.accountId).toMatch(/^acc_/);
    expect(response.body.userId).toMatch(/^usr_/);
  });

  it.each([
    ['no Authorization header', {}],
    ['an unknown key', { authorization: `Basic ${b64('secret:sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')}` }],
    ['a malformed header', { authorization: 'Basic %%%not-base64' }],
    ['a Bearer token', { authorization: 'Bearer sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    ['the key without the secret: user', { authorization: `Basic ${b64(sharedStack().secretKey)}` }],
  ])('answers 401 in the catalog shape for %s', async (_name, headers) => {
    const response = await call('GET', '/v2/account', { key: null, headers });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ status: 401, error: 'Unauthorized' });
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('refuses a revoked key within the cache TTL', async () => {
    const key = await createKey(['createTransaction']);
    expect((await call('GET', '/v2/account', { key: key.secretKey })).status).toBe(200);
    await revokeApiKey(hashSecretKey(key.secretKey), new Date().toISOString());
    // The shared stack's AUTH_CACHE_TTL_MS is short: the deadline leaves room for a busy machine.
    const response = await pollUntil(
      () => call('GET', '/v2/account', { key: key.secretKey }),
      (r) => r.status === 401,
      15_000,
    );
    expect(response.status).toBe(401);
  });
});

describe('routing', () => {
  it('answers 404 for an unknown route or method', async () => {
    expect((await call('GET', '/v3/nothing')).status).toBe(404);
    expect((await call('PUT', '/health')).status).toBe(404);
  });
});
