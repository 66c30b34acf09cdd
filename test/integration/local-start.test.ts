// `npm start` as a user runs it: prints the base URL and a working key, `npm run keys` finds
// it, a key revoked through the CLI is refused, data persists across restarts (and does not
// with --in-memory), and Ctrl-C (SIGINT) leaves no Java or Node process behind.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/local/repo-root.ts';
import { optInEventTypeNames } from '../../shared/events/event-types.ts';
import { call, pollUntil } from '../support/api.ts';

const run = promisify(execFile);
const dataDirs: string[] = [];
const children = new Set<ChildProcess>();

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cashin-start-'));
  dataDirs.push(dir);
  return dir;
}

/** A clean environment, as in a user's shell: none of the shared test stack's endpoints. */
function userEnv(dataDir: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(TABLE_NAME|DYNAMODB_ENDPOINT|SQS_ENDPOINT|S3_ENDPOINT|QUEUE_URL_|DLQ_URL_|IMAGE_|PUBLIC_BASE_URL|AUTH_CACHE_TTL_MS)/.test(
          name,
        ),
    ),
  );
  // PORT=0: the OS picks a free port and the printed base URL says which. A short key cache (5 s by
  // default): the test waits for a revoked key to be refused.
  return { ...env, PORT: '0', LOCAL_DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_CACHE_TTL_MS: '500' };
}

interface Running {
  child: ChildProcess;
  baseUrl: string;
  secretKey: string;
  output: () => string;
  env: NodeJS.ProcessEnv;
}

async function startService(dataDir: string, args: string[] = []): Promise<Running> {
  const env = userEnv(dataDir);
  const child = spawn(process.execPath, ['infra/local/start.ts', ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const lines = await pollUntil(
    async () => output.split('\n').filter(Boolean),
    (list) => list.some((line) => /^sk_test_/.test(line)) || child.exitCode !== null,
    150_000,
    100,
  );
  const secretKey = lines.find((line) => /^sk_test_/.test(line));
  expect(secretKey, output).toBeDefined();
  const baseUrl = /Base URL:\s+(http:\/\/localhost:\d+)/.exec(output)?.[1];
  expect(baseUrl, output).toMatch(/^http:\/\/localhost:\d+$/);
  return { child, baseUrl: baseUrl!, secretKey: secretKey!, output: () => output, env };
}

async function processesUsing(marker: string): Promise<string[]> {
  const { stdout } = await run('ps', ['-eo', 'pid,args']);
  return stdout.split('\n').filter((line) => line.includes(marker) && !line.includes('ps -eo'));
}

/** Ctrl-C: exits 0 and leaves nothing running that mentions `marker`. */
async function interrupt(running: Running, marker: string): Promise<void> {
  const exited = new Promise<number | null>((resolve) => running.child.once('exit', (code) => resolve(code)));
  running.child.kill('SIGINT');
  expect(await exited).toBe(0);
  children.delete(running.child);
  // The DynamoDB Local watchdog checks every second: give it a deadline, not a fixed wait.
  expect(
    await pollUntil(
      () => processesUsing(marker),
      (list) => list.length === 0,
      10_000,
      200,
    ),
  ).toEqual([]);
}

const createProduct = async (running: Running, name: string) => {
  const response = await call('POST', '/v2/products', {
    key: running.secretKey,
    baseUrl: running.baseUrl,
    body: { name },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string };
};

describe('npm start', () => {
  it('serves the API, issues and revokes keys through the CLI, persists across a restart, stops cleanly on SIGINT', async () => {
    const dataDir = newDataDir();
    const first = await startService(dataDir);
    const { baseUrl, env } = first;
    expect(first.output()).toContain(`Data:            ${dataDir}`);

    const account = await call('GET', '/v2/account', { key: first.secretKey, baseUrl });
    expect(account.status).toBe(200);
    expect(account.body.permissions).toEqual(['isInvoiceAvailable', 'createTransaction']);

    // The keys CLI finds the running stack by itself and prints the key alone on its last line.
    const created = await run(
      process.execPath,
      [
        'infra/cli/keys.ts',
        'create',
        '--permissions',
        'createTransaction',
        '--account',
        account.body.accountId,
      ],
      { cwd: repoRoot, env },
    );
    const cliLines = created.stdout.trim().split('\n');
    expect(cliLines[0]).toBe(`account: ${account.body.accountId}`);
    const cliKey = cliLines.at(-1)!;
    expect(cliKey).toMatch(/^sk_test_[A-Za-z0-9_-]{32}$/);
    const second = await call('GET', '/v2/account', { key: cliKey, baseUrl });
    expect(second.body).toMatchObject({
      accountId: account.body.accountId,
      permissions: ['createTransaction'],
    });

    const webhook = await run(
      process.execPath,
      [
        'infra/cli/keys.ts',
        'webhook',
        '--account',
        account.body.accountId,
        '--url',
        'https://merchant.example/hooks',
        '--opt-in-events',
        optInEventTypeNames.join(','),
        '--rotate-secret',
      ],
      { cwd: repoRoot, env },
    );
    const webhookLines = webhook.stdout.trim().split('\n');
    expect(webhookLines).toContain('webhook url: https://merchant.example/hooks');
    expect(webhookLines).toContain(`opt-in event types: ${optInEventTypeNames.join(', ')}`);
    expect(webhookLines.at(-1)).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);

    const revoked = await run(process.execPath, ['infra/cli/keys.ts', 'revoke', cliKey], {
      cwd: repoRoot,
      env,
    });
    expect(revoked.stdout.trim()).toBe('revoked');
    // docs/operations.md: a revoked key stops working within AUTH_CACHE_TTL_MS (500 ms here, 5 s by default).
    const refused = await pollUntil(
      () => call('GET', '/v2/account', { key: cliKey, baseUrl }),
      (response) => response.status === 401,
      20_000,
      250,
    );
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ status: 401, error: 'Unauthorized' });

    const product = await createProduct(first, 'Kept across restarts');
    expect(await processesUsing(dataDir)).not.toEqual([]);
    await interrupt(first, dataDir);

    // Same data folder: the same sandbox key, the product, and the revocation are all still there.
    const restarted = await startService(dataDir);
    expect(restarted.secretKey).toBe(first.secretKey);
    const again = await call('GET', `/v2/products/${product.id}`, {
      key: restarted.secretKey,
      baseUrl: restarted.baseUrl,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: product.id, name: 'Kept across restarts' });
    expect((await call('GET', '/v2/account', { key: cliKey, baseUrl: restarted.baseUrl })).status).toBe(401);
    await interrupt(restarted, dataDir);
  }, 420_000);

  it('keeps nothing with --in-memory', async () => {
    const dataDir = newDataDir();
    const first = await startService(dataDir, ['--in-memory']);
    expect(first.output()).toContain('Data:            in memory');
    await createProduct(first, 'Forgotten');
    await interrupt(first, dataDir);
    // Neither DynamoDB Local nor fauxqs wrote anything to the data folder, so a next start has nothing to find.
    expect(existsSync(join(dataDir, 'dynamodb'))).toBe(false);
    expect(existsSync(join(dataDir, 'fauxqs'))).toBe(false);
  }, 420_000);
});
