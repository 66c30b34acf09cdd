// The limits on a stack of this file's own with low values (2 requests per second per account,
// 3 per address, bursts of twice that; low so that a loaded machine cannot spread a burst thin): an account's own setting overrides the stage default, the RateLimit fields
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
    env: { LOG_LEVEL: 'silent', RATE_LIMIT_PER_SECOND: '2', ADDRESS_RATE_LIMIT_PER_SECOND: '3' },
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
  it('uses the stage default (2/s, bursts of 4) and reports it on every answer', async () => {
    const { secretKey } = await issue({ permissions: ['isInvoiceAvailable'] });
    const first = await call('GET', '/v2/account', { key: secretKey, baseUrl: stack.baseUrl });
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"account";q=4;w=2');
    expect(first.headers.get('ratelimit')).toMatch(/^"account";r=3;t=1$/);

    const answers = await burst(30, () =>
      call('GET', '/v2/account', { key: secretKey, baseUrl: stack.baseUrl }),
    );
    const limited = answers.filter((response) => response.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    for (const response of limited) expectRateLimited(response, '"account";q=4;w=2');
  });

  it("an account's own setting overrides the stage default", async () => {
    const { setAccountRateLimit } = await import('../../shared/store/api-keys.ts');
    const { secretKey, accountId } = await issue({ permissions: ['createTransaction'] });
    expect(await setAccountRateLimit(accountId, 1, new Date().toISOString())).toBe(true);
    const answers = await burst(6, () =>
      call('GET', '/transactions/1234567890123456789', { key: secretKey, baseUrl: stack.baseUrl }),
    );
    // Bursts of 2 at 1/s, where the stage default would have let all six through.
    const limited = answers.filter((response) => response.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(1);
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
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expect(answers.filter((response) => response.status === 401).length).toBe(40 - limited.length);
    expectRateLimited(limited[0]!, '"address";q=6;w=2');
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
    const answers = await burst(40, () =>
      call('GET', `/pay/qr/${randomBytes(24).toString('base64url')}`, { key: null, baseUrl: stack.baseUrl }),
    );
    const limited = answers.filter((response) => response.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expectRateLimited(limited[0]!, '"address";q=6;w=2');
    expect(limited[0]!.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(limited[0]!.text).toContain('Too Many Requests');
  });
});
