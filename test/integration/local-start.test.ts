// `npm start` as a user runs it: prints the base URL and a working key, `npm run keys` finds
// it, and Ctrl-C (SIGINT) leaves no Java or Node process behind.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/free-port.ts';
import { repoRoot } from '../../infra/local/repo-root.ts';
import { call, pollUntil } from '../support/api.ts';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'cashin-start-'));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function processesUsing(marker: string): Promise<string[]> {
  const { stdout } = await run('ps', ['-eo', 'pid,args']);
  return stdout.split('\n').filter((line) => line.includes(marker) && !line.includes('ps -eo'));
}

describe('npm start', () => {
  it('serves the API, issues keys through the CLI and stops cleanly on SIGINT', async () => {
    const port = await freePort();
    // A clean environment, as in a user's shell: none of the shared test stack's endpoints.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) =>
          !/^(TABLE_NAME|DYNAMODB_ENDPOINT|SQS_ENDPOINT|S3_ENDPOINT|QUEUE_URL_|IMAGE_|PUBLIC_BASE_URL)/.test(
            name,
          ),
      ),
    );
    Object.assign(env, { PORT: String(port), LOCAL_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const started = Date.now();
    child = spawn(process.execPath, ['infra/local/start.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });

    const lines = await pollUntil(
      async () => output.split('\n').filter(Boolean),
      (list) => list.some((line) => /^sk_test_/.test(line)),
      30_000,
      100,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(output).toContain(`http://localhost:${port}`);
    const secretKey = lines.find((line) => /^sk_test_/.test(line))!;
    const baseUrl = `http://localhost:${port}`;

    const account = await call('GET', '/v2/account', { key: secretKey, baseUrl });
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
        '--rotate-secret',
      ],
      { cwd: repoRoot, env },
    );
    const webhookLines = webhook.stdout.trim().split('\n');
    expect(webhookLines).toContain('webhook url: https://merchant.example/hooks');
    expect(webhookLines.at(-1)).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);

    const revoked = await run(process.execPath, ['infra/cli/keys.ts', 'revoke', cliKey], {
      cwd: repoRoot,
      env,
    });
    expect(revoked.stdout.trim()).toBe('revoked');

    expect(await processesUsing(dataDir)).not.toEqual([]);
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(await processesUsing(dataDir)).toEqual([]);
  }, 60_000);
});
