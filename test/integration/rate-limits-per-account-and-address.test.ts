// The limits on a stack of this file's own with low values (5 requests per second per account,
// 10 per address): an account's own setting overrides the stage default, the RateLimit fields
// on every answer, and the per-address limit on public pages and on unknown keys, which is
// applied before any key is looked up.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../infra/local/stack.ts';
import { type ApiResponse, call, pollUntil } from '../support/api.ts';

let stack: LocalStack;
let issue: typeof import('../../shared/accounts/issue-api-key.ts')['issueApiKey'];

beforeAll(async () => {
  const { startLocalStack } = await import('../../infra/local/stack.ts');
  stack = await startLocalStack({
    port: 0,
    env: { LOG_LEVEL: 'silent', RATE_LIMIT_PER_SECOND: '5', ADDRESS_RATE_LIMIT_PER_SECOND: '10' },
  });
  ({ issueApiKey: issue } = await import('../../shared/accounts/issue-api-key.ts'));
});

afterAll(async () => {
  await stack?.stop();
});

const burst = (count: number, send: (index: number) => Promise<ApiResponse>) =>
  Promise.all(Array.from({ length: count }, (_, index) => send(index)));

function expectRateLimited(response: ApiResponse, policy: string): void {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(response.headers.get('ratelimit-policy')).toBe(policy);
  expect(response.headers.get('ratelimit')).toMatch(/^"[a-z]+";r=0;t=\d+$/);
}

describe('per-account limit', () => {
  it('uses the stage default (5/s, bursts of 10) and reports it on every answer', async () => {
    const { secretKey } = await issue({ permissions: ['isInvoiceAvailable'] });
    const first = await call('GET', '/v2/account', { key: secretKey, baseUrl: stack.baseUrl });
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"account";q=10;w=2');
    expect(first.headers.get('ratelimit')).toMatch(/^"account";r=9;t=1$/);

    const answers = await burst(30, () =>
      call('GET', '/v2/account', { key: secretKey, baseUrl: stack.baseUrl }),
    );
    const limited = answers.filter((response) => response.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(15);
    for (const response of limited) expectRateLimited(response, '"account";q=10;w=2');
  });

  it("an account's own setting overrides the stage default", async () => {
    const { setAccountRateLimit } = await import('../../shared/store/api-keys.ts');
    const { secretKey, accountId } = await issue({ permissions: ['createTransaction'] });
    expect(await setAccountRateLimit(accountId, 1, new Date().toISOString())).toBe(true);
    const answers = await burst(6, () =>
      call('GET', '/transactions/1234567890123456789', { key: secretKey, baseUrl: stack.baseUrl }),
    );
    // Bursts of 2 at 1/s: the rest of six simultaneous calls are turned away.
    expect(answers.filter((response) => response.status === 404).length).toBeLessThanOrEqual(3);
    const limited = answers.filter((response) => response.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(3);
    expectRateLimited(limited[0]!, '"account";q=2;w=2');
    expect(limited[0]!.body).toEqual({
      statusCode: 429,
      message: expect.stringContaining('1 requests per second'),
      error: 'Too Many Requests',
    });
  });
});

describe('per-address limit (no known key)', () => {
  it('turns away a flood of unknown keys before looking them up', async () => {
    const answers = await burst(40, () =>
      call('GET', '/v2/account', {
        key: `sk_test_${randomBytes(24).toString('base64url')}`,
        baseUrl: stack.baseUrl,
      }),
    );
    const limited = answers.filter((response) => response.status === 429);
    expect(answers.filter((response) => response.status === 401).length).toBeLessThanOrEqual(20);
    expect(limited.length).toBeGreaterThanOrEqual(20);
    expectRateLimited(limited[0]!, '"address";q=20;w=2');
    expect(limited[0]!.body).toEqual({ status: 429, error: expect.stringMatching(/^Too many requests/) });
  });

  it('limits the public hosted pages per address, answering with an HTML page', async () => {
    // Wait for the address's bucket to refill after the previous test.
    await pollUntil(
      async () => (await call('GET', '/health', { key: null, baseUrl: stack.baseUrl })).status,
      (status) => status !== 429,
      5000,
      250,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const answers = await burst(40, () =>
      call('GET', `/pay/qr/${randomBytes(24).toString('base64url')}`, { key: null, baseUrl: stack.baseUrl }),
    );
    const limited = answers.filter((response) => response.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(15);
    expectRateLimited(limited[0]!, '"address";q=20;w=2');
    expect(limited[0]!.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(limited[0]!.text).toContain('Too Many Requests');
  });
});
