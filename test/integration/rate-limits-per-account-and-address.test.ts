// The limits on a stack of this file's own with low values (2 requests per second per account,
// 3 per address, bursts of twice that; low so that a loaded machine cannot spread a burst thin): an account's own setting overrides the stage default, the RateLimit fields
// on every answer, a throttled bucket write refused rather than admitted (DynamoDB's own
// throttling errors, injected: DynamoDB Local never throttles), and the per-address limit on
// public pages and on unknown keys, which is applied before any key is looked up.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsAnswer } from '../../infra/local/parity/iam-gateway.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { type ApiResponse, call, pollUntil } from '../support/api.ts';
import { ownStackTable } from '../support/own-stack.ts';

let stack: LocalStack;
let issue: typeof import('../../shared/accounts/issue-api-key.ts')['issueApiKey'];

/** Accounts whose bucket writes DynamoDB throttles, with the error it answers, and how often it did. */
const throttled = new Map<string, { error: string; writes: number }>();

/** DynamoDB's answer to a write on a hot item, as the SDK receives it on AWS. */
function throttlingAnswer(error: string): AwsAnswer {
  return {
    status: 400,
    headers: { 'content-type': 'application/x-amz-json-1.0' },
    body: JSON.stringify({
      __type: `com.amazonaws.dynamodb.v20120810#${error}`,
      message: 'The level of configured provisioned throughput for the table was exceeded.',
    }),
  };
}

beforeAll(async () => {
  const { startLocalStack } = await import('../../infra/local/stack.ts');
  stack = await startLocalStack({
    ...ownStackTable(),
    port: 0,
    env: { LOG_LEVEL: 'silent', RATE_LIMIT_PER_SECOND: '2', ADDRESS_RATE_LIMIT_PER_SECOND: '3' },
    answerAwsRequest: (service, request) => {
      if (service !== 'dynamodb' || !String(request.headers['x-amz-target']).endsWith('.UpdateItem')) return;
      const key = JSON.parse(request.body.toString('utf8')).Key?.pk?.S as string | undefined;
      const throttling = throttled.get(key?.replace(/^RATE#/, '') ?? '');
      if (!throttling) return;
      throttling.writes++;
      return throttlingAnswer(throttling.error);
    },
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

describe('per-account limit when DynamoDB throttles the shared bucket', () => {
  it.each(['ProvisionedThroughputExceededException', 'ThrottlingException'])(
    '%s: the request is refused with 429 and Retry-After, never admitted',
    async (error) => {
      const { secretKey, accountId } = await issue({ permissions: ['createTransaction'] });
      throttled.set(accountId, { error, writes: 0 });
      const refused = await call('GET', '/transactions/1234567890123456789', {
        key: secretKey,
        baseUrl: stack.baseUrl,
      });
      expect(throttled.get(accountId)!.writes).toBeGreaterThanOrEqual(1);
      expectRateLimited(refused, '"account";q=4;w=2');
      expect(refused.body).toEqual({
        statusCode: 429,
        message: expect.stringMatching(/^Too many requests/),
        error: 'Too Many Requests',
      });
      // And so is the next one, whether the instance still backs off or writes and is throttled again.
      const again = await call('GET', '/transactions/1234567890123456789', {
        key: secretKey,
        baseUrl: stack.baseUrl,
      });
      expect(again.status).toBe(429);
    },
  );
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
      15_000,
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
