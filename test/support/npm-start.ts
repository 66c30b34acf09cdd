// Runs `npm start` (infra/local/start.ts, in memory) as a user would, in a clean environment,
// and collects everything it prints.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../infra/local/repo-root.ts';
import { pollUntil } from './api.ts';

export interface StartedService {
  baseUrl: string;
  secretKey: string;
  accountId: string;
  /** Environment for the keys CLI to find this stack. */
  env: NodeJS.ProcessEnv;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

export async function npmStart(extraEnv: Record<string, string> = {}): Promise<StartedService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cashin-start-'));
  // A user's shell has none of the settings the shared test stack put into this process's environment.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(TABLE_NAME|DYNAMODB_ENDPOINT|SQS_ENDPOINT|S3_ENDPOINT|QUEUE_URL_|DLQ_URL_|IMAGE_|PUBLIC_BASE_URL|LOG_LEVEL|STAGE$|SANDBOX_|ALLOW_INSECURE|AUTH_CACHE|PAYMENT_POLL|INSTRUCTION_POLL|WEBHOOK_|SWEEP_|RATE_LIMIT|ADDRESS_RATE_LIMIT)/.test(
          name,
        ),
    ),
  );
  // Port 0: the stack binds a port of the OS's choosing and prints it. A port probed free here
  // could be taken (by any socket of the run) in the seconds before the stack binds it.
  Object.assign(env, { PORT: '0', LOCAL_DATA_DIR: dataDir, ...extraEnv });
  const child: ChildProcess = spawn(process.execPath, ['infra/local/start.ts', '--in-memory'], {
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
    async () => output.split('\n'),
    (list) => list.some((line) => /^sk_test_/.test(line)),
    60_000,
    100,
  );
  const secretKey = lines.find((line) => /^sk_test_/.test(line));
  const accountId = /Account:\s+(acc_\S+)/.exec(output)?.[1];
  const baseUrl = /Base URL:\s+(http:\/\/localhost:\d+)/.exec(output)?.[1];
  if (!secretKey || !accountId || !baseUrl) {
    child.kill('SIGKILL');
    throw new Error(`npm start did not print its base URL, account and key:\n${output}`);
  }
  return {
    baseUrl,
    secretKey,
    accountId,
    env,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
