// One mode of the cost model in its own process (the service reads its config once per
// process): `node run-mode.ts <today|declared> <result.json> [k] [rails] [times-to-pay]`.
// Starts DynamoDB Local and the fake PSP, sets the functions' environment, installs the
// simulated clock, then loads the handler modules (world.ts) and runs every scenario.
import { writeFileSync } from 'node:fs';
import { ensureTable, localCredentials, startDynamoDbLocal } from '../../../infra/local/dynamodb-local.ts';
import { startLocalMailServer } from '../../../infra/local/mail-server.ts';
import { newLocalSecretsKey } from '../../../shared/secrets/local-key-wrapper.ts';
import { apiPixEnvFor, startFakePsp } from '../../support/fake-psp/fake-psp.ts';
import type { CostMode } from './cost-results.ts';
import { installSimulatedClock } from './simulated-clock.ts';
import { simulatedQueueEnv } from './simulated-queues.ts';

const [modeArg, outFile, kArg, railsArg, timesArg] = process.argv.slice(2);
const mode = modeArg as CostMode;
if ((mode !== 'today' && mode !== 'declared') || !outFile)
  throw new Error('usage: run-mode.ts <today|declared> <result.json> [k] [rails] [times-to-pay]');

const writeErr = process.stderr.write.bind(process.stderr);
const RealDate = Date;
const progress = (message: string) =>
  writeErr(`[cost ${new RealDate().toISOString().slice(11, 19)}] ${message}\n`);
(globalThis as { costModelTrace?: (line: string) => void }).costModelTrace = (line) => writeErr(line);

/** The service's log lines go to CloudWatch Logs: counted while a handler runs, never shown. */
let logListener: (bytes: number) => boolean = () => false;
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const bytes = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (logListener(bytes)) return true;
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.startsWith('{"level"') || text.startsWith('{"_aws"')) return true;
    return write(chunk, ...rest);
  }) as typeof stream.write;
}

const tableName = 'cashin-cost-model';
const dynamoDb = await startDynamoDbLocal({});
const psp = await startFakePsp();
// SES's stand-in: the e-mail worker sends over SMTP here as `npm start` does; each message is
// priced as one SES e-mail.
const mail = await startLocalMailServer();
try {
  await ensureTable(dynamoDb.endpoint, tableName);
  // Mode "today": every rail watched by per-transaction polling (the behaviour before push and
  // batch reporting); "declared": each rail's own reporting.
  const modeEnv: Record<string, string> = mode === 'today' ? { RAIL_REPORTING: 'polling' } : {};
  const env: Record<string, string> = {
    STAGE: 'cost-model',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamoDb.endpoint,
    IMAGE_BUCKET: 'cost-model-images',
    IMAGE_BASE_URL: 'https://images.cost-model.local',
    PUBLIC_BASE_URL: 'https://api.cost-model.local',
    SANDBOX_RAILS: 'true',
    SANDBOX_INSTRUCTION_DELAY_MS: '2000',
    ALLOW_INSECURE_POSTBACK: 'true',
    LOCAL_SECRETS_KEY: newLocalSecretsKey(),
    // Production's level: its lines are what CloudWatch Logs would ingest.
    LOG_LEVEL: 'info',
    SMTP_URL: mail.smtpUrl,
    ...apiPixEnvFor(psp),
    // Pix on API Pix against the fake PSP, as a stage that configures a PSP runs it.
    LIVE_RAILS: 'api-pix',
    ...simulatedQueueEnv(),
    ...modeEnv,
  };
  for (const name of ['SQS_ENDPOINT', 'S3_ENDPOINT', 'RAIL_REPORTING']) delete process.env[name];
  Object.assign(process.env, env);
  // A Monday in March 2027, 10:00 in São Paulo; each scenario starts on a later Monday.
  const clock = installSimulatedClock(Date.parse('2027-03-01T13:00:00Z'), { flowing: true });
  const { runWorld } = await import('./world.ts');
  const result = await runWorld({
    mode,
    env: modeEnv,
    clock,
    psp,
    dynamoEndpoint: dynamoDb.endpoint,
    transactionsPerScenario: kArg ? Number(kArg) : 3,
    only: {
      ...(railsArg ? { rails: railsArg.split(',') } : {}),
      ...(timesArg ? { timesToPay: timesArg.split(',') } : {}),
    },
    progress,
    emailsReceived: () => mail.messages.length,
    onLogWrite: (listener) => {
      logListener = listener;
    },
  });
  clock.restore();
  writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await psp.close().catch(() => undefined);
  await mail.close().catch(() => undefined);
  await dynamoDb.stop().catch(() => undefined);
}
process.exit(0);
