// Per-account limits through `npm start` (defaults RATE_LIMIT_PER_SECOND=100, bursts of 200; an
// account's own setting from `npm run keys -- rate-limit`): one account's burst is cut off with
// 429 while another account keeps being served, and the access log never shows a hosted-page token.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/local/repo-root.ts';
import { type ApiResponse, call, pollUntil } from '../support/api.ts';
import { npmStart, type StartedService } from '../support/npm-start.ts';
import { copBody } from '../support/purchase-fixtures.ts';

const run = promisify(execFile);
let service: StartedService;
let otherKey: string;

beforeAll(async () => {
  service = await npmStart({ SANDBOX_INSTRUCTION_DELAY_MS: '100' });
  const created = await run(
    process.execPath,
    ['infra/cli/keys.ts', 'create', '--permissions', 'isInvoiceAvailable,createTransaction'],
    { cwd: repoRoot, env: service.env },
  );
  otherKey = created.stdout.trim().split('\n').at(-1)!;
}, 90_000);

afterAll(async () => {
  await service?.stop();
});

/** `npm run keys -- …`: its output lines. */
async function keysCli(...args: string[]): Promise<string[]> {
  const { stdout } = await run(process.execPath, ['infra/cli/keys.ts', ...args], {
    cwd: repoRoot,
    env: service.env,
  });
  return stdout.trim().split('\n');
}

describe('npm start: per-account rate limit (defaults)', () => {
  it('a burst from one account gets 429 with Retry-After while another account is still served', async () => {
    const { baseUrl } = service;
    // A request counts when its function decides it (shared/limits/leasing-limiter.ts), and locally
    // one process decides them one after another: the burst account gets a policy of its own
    // (5/s, bursts of 10) so that its burst outruns any machine; the other keeps the defaults.
    const created = await keysCli('create', '--permissions', 'isInvoiceAvailable,createTransaction');
    const accountId = created[0]!.replace(/^account: /, '');
    const secretKey = created.at(-1)!;
    await keysCli('rate-limit', '--account', accountId, '--per-second', '5');
    const burst = Array.from({ length: 200 }, (_, index) =>
      index % 2 === 0
        ? call('GET', '/v2/account', { key: secretKey, baseUrl })
        : call('GET', '/transactions/1234567890123456789', { key: secretKey, baseUrl }),
    );
    const others = Array.from({ length: 20 }, () => call('GET', '/v2/account', { key: otherKey, baseUrl }));
    const [mine, theirs] = await Promise.all([Promise.all(burst), Promise.all(others)]);

    expect(theirs.map((response) => response.status)).toEqual(theirs.map(() => 200));
    expect(theirs[0]!.headers.get('ratelimit-policy')).toBe('"account";q=200;w=2');
    const limited = mine.filter((response) => response.status === 429);
    const served = mine.filter((response) => response.status !== 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(served.length).toBeGreaterThanOrEqual(10);
    for (const response of limited) expectRateLimited(response);

    const catalog = limited.find((response) => 'status' in response.body)!;
    expect(catalog.body).toEqual({ status: 429, error: expect.stringMatching(/^Too many requests/) });
    const transaction = limited.find((response) => 'statusCode' in response.body)!;
    expect(transaction.body).toEqual({
      statusCode: 429,
      message: expect.stringMatching(/^Too many requests/),
      error: 'Too Many Requests',
    });
    // A served call (a 200, or the unknown transaction's 404) carries the policy and what is left of it.
    for (const response of served) {
      expect(response.headers.get('ratelimit-policy')).toBe('"account";q=10;w=2');
      expect(response.headers.get('ratelimit')).toMatch(/^"account";r=\d+;t=\d+$/);
    }
  }, 60_000);

  it("a key's forbidden requests never spend its account's budget", async () => {
    const { baseUrl } = service;
    const keys = (...args: string[]) => keysCli('create', ...args);
    const payments = await keys('--permissions', 'createTransaction');
    const accountId = payments[0]!.replace(/^account: /, '');
    const catalogOnly = (await keys('--permissions', 'isInvoiceAvailable', '--account', accountId)).at(-1)!;
    // Half again the account's whole burst (200), all refused for want of the permission.
    const forbidden = await Promise.all(
      Array.from({ length: 300 }, () =>
        call('POST', '/transactions/v2/purchase', { key: catalogOnly, baseUrl, body: copBody() }),
      ),
    );
    expect(forbidden.every((response) => [403, 429].includes(response.status))).toBe(true);
    expect(forbidden.filter((response) => response.status === 403).length).toBeGreaterThan(0);
    // Each was metered by its address, none by the account's bucket.
    for (const response of forbidden)
      expect(response.headers.get('ratelimit-policy') ?? '').not.toMatch(/^"account"/);
    const purchase = await call('POST', '/transactions/v2/purchase', {
      key: payments.at(-1)!,
      baseUrl,
      body: copBody(),
    });
    expect(purchase.status).toBe(201);
    expect(purchase.headers.get('ratelimit-policy')).toBe('"account";q=200;w=2');
  });

  it('keeps hosted-page tokens out of the access log', async () => {
    const { baseUrl } = service;
    const created = await call('POST', '/transactions/v2/purchase', {
      key: otherKey,
      baseUrl,
      body: copBody(),
    });
    expect(created.status, created.text).toBe(201);
    const tx = await pollUntil(
      async () => (await call('GET', `/transactions/${created.body.id}`, { key: otherKey, baseUrl })).body,
      (body) => typeof body.redirectUrl === 'string',
    );
    const pageUrl = new URL(tx.redirectUrl);
    const token = pageUrl.pathname.split('/').at(-1)!;
    expect(token.length).toBeGreaterThanOrEqual(16);
    const page = await call('GET', pageUrl.pathname, { key: null, baseUrl });
    expect(page.status).toBe(200);
    await call('GET', `/pay/boleto/${token}/pdf`, { key: null, baseUrl });
    await call('POST', `/pay/${token}/sandbox-pay`, { key: null, baseUrl });

    const accessLog = await pollUntil(
      async () => service.output(),
      (output) => output.includes('"/pay/checkout/{token}"') && output.includes('"/pay/{token}/sandbox-pay"'),
    );
    expect(accessLog).toContain('"routeKey":"GET /pay/checkout/{token}"');
    expect(accessLog).not.toContain(token);
  });
});

function expectRateLimited(response: ApiResponse): void {
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(response.headers.get('ratelimit-policy')).toMatch(/^"(account|address)";q=\d+;w=\d+$/);
  expect(response.headers.get('ratelimit')).toMatch(/^"(account|address)";r=0;t=\d+$/);
}
