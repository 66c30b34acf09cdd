// `npm start`: the whole service locally, persisted under .data/local (LOCAL_DATA_DIR).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { hashSecretKey } from '../../shared/auth/credentials.ts';
import { registerStageWebhooks } from '../../shared/rails/api-pix/register-stage-webhooks.ts';
import { findApiKeyByHash } from '../../shared/store/api-keys.ts';
import { JavaRuntimeMissing } from './java-runtime.ts';
import { startLocalStack } from './stack.ts';
import { clearState, defaultDataDir, readState, writeState } from './state-file.ts';

interface Seed {
  accountId: string;
  secretKey: string;
  webhookSecret?: string;
}

async function sandboxSeed(): Promise<Seed> {
  const seedFile = resolve(defaultDataDir, 'seed.json');
  if (existsSync(seedFile)) {
    const seed = JSON.parse(readFileSync(seedFile, 'utf8')) as Seed;
    const stored = await findApiKeyByHash(hashSecretKey(seed.secretKey));
    if (stored && !stored.revokedAt) return seed;
  }
  const issued = await issueApiKey({ permissions: ['isInvoiceAvailable', 'createTransaction'] });
  const seed: Seed = {
    accountId: issued.accountId,
    secretKey: issued.secretKey,
    ...(issued.webhookSecret ? { webhookSecret: issued.webhookSecret } : {}),
  };
  writeFileSync(seedFile, `${JSON.stringify(seed, null, 2)}\n`, { mode: 0o600 });
  return seed;
}

/** With a PSP configured (PIX_API_*), tells it where to notify; a PSP that refuses does not stop the start. */
async function registerPspWebhooksLocally(functionUrls: Readonly<Record<string, string>>): Promise<void> {
  try {
    const registrations = await registerStageWebhooks(functionUrls);
    for (const { path, webhookUrl } of registrations ?? [])
      process.stderr.write(`PSP notifications (${path}) → ${webhookUrl}\n`);
  } catch (error) {
    process.stderr.write(`PSP notification URLs not registered: ${(error as Error).message}\n`);
  }
}

async function main(): Promise<void> {
  const running = readState();
  if (running) {
    process.stderr.write(`The local stack is already running (pid ${running.pid}) at ${running.baseUrl}\n`);
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 3000);
  const inMemory = process.argv.includes('--in-memory');
  const stack = await startLocalStack({
    port,
    ...(inMemory ? {} : { dataDir: defaultDataDir }),
    ...(process.env.LOG_LEVEL ? {} : { env: { LOG_LEVEL: 'warn' } }),
    // The access log goes to stderr (stdout ends with the key, for scripts); ACCESS_LOG=off silences it.
    ...(process.env.ACCESS_LOG === 'off'
      ? {}
      : { accessLog: (entry) => process.stderr.write(`${JSON.stringify({ accessLog: entry })}\n`) }),
  });
  writeState({
    pid: process.pid,
    baseUrl: stack.baseUrl,
    tableName: stack.tableName,
    dynamoEndpoint: stack.dynamoEndpoint,
    localSecretsKey: stack.env.LOCAL_SECRETS_KEY!,
    startedAt: new Date().toISOString(),
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping…\n`);
    clearState();
    await stack.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void shutdown(signal));

  const seed = await sandboxSeed();
  await registerPspWebhooksLocally(stack.functionUrls);
  process.stdout.write(
    [
      'Catalog and cash-in service is running (local sandbox)',
      `  Base URL:        ${stack.baseUrl}`,
      `  Account:         ${seed.accountId}`,
      ...(seed.webhookSecret ? [`  Webhook secret:  ${seed.webhookSecret}`] : []),
      `  Data:            ${inMemory ? 'in memory' : defaultDataDir}`,
      `  Payer e-mails:   ${stack.mail.inboxUrl} (SMTP ${stack.mail.smtpUrl})`,
      `  Try:            curl -u "secret:$KEY" ${stack.baseUrl}/v2/account`,
      'Press Ctrl-C to stop. Secret key (both permissions):',
      seed.secretKey,
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  // A missing prerequisite is the user's to fix: one line that says how, no stack trace.
  const detail = error instanceof JavaRuntimeMissing ? error.message : ((error as Error).stack ?? error);
  process.stderr.write(`failed to start: ${detail}\n`);
  clearState();
  process.exit(1);
});
