// Starts one local stack (in memory) for every integration test file and one Chromium for every
// browser file, and stops them after.
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { type DynamoDbLocal, startDynamoDbLocal } from '../../infra/local/dynamodb-local.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { chromiumLaunchOptions } from './chromium.ts';
import { resetCoverage, writeCoverage } from './openapi-coverage.ts';

let stack: LocalStack | undefined;
let ownStacksDynamo: DynamoDbLocal | undefined;
let browserServer: BrowserServer | undefined;

export interface SharedStack {
  baseUrl: string;
  /** Each route served at a function URL of its own, by route name: its origin (`call` uses it). */
  functionUrls: Readonly<Record<string, string>>;
  tableName: string;
  dynamoEndpoint: string;
  sqsEndpoint: string;
  bucket: string;
  exportsBucket: string;
  queueUrls: Record<string, string>;
  dlqUrls: Record<string, string>;
  /** A key with every permission on a fresh account. */
  secretKey: string;
  accountId: string;
  webhookSecret: string;
  localSecretsKey: string;
  /** AUTH_CACHE_TTL_MS of the stack: how long a test waits for keys and account settings to be read again. */
  authCacheTtlMs: number;
  /** The local SMTP server's inbox (JSON), where payer e-mails land. */
  mailInboxUrl: string;
  mailSmtpUrl: string;
  /**
   * The DynamoDB Local that the files starting a stack of their own share, each in a table of its
   * own (test/support/own-stack.ts): one JVM for them all rather than one each, apart from the
   * shared stack's so that their load does not slow it.
   */
  ownStacksDynamoEndpoint: string;
  /**
   * One Chromium for every browser file (test/support/browser.ts connects to it; each file's
   * contexts are its own): the 19 browser files took 329 s of CPU with a launch each, 312 s. Empty
   * where Chromium could not start: a browser file then launches its own and says why it cannot.
   */
  chromiumWsEndpoint: string;
}

// Short, so a test that changes a key or the account's settings waits little for the stack to see it.
const authCacheTtlMs = 250;

declare module 'vitest' {
  export interface ProvidedContext {
    stack: SharedStack;
  }
}

export default async function setup(project: TestProject) {
  resetCoverage();
  const ownStacksDynamoStarted = startDynamoDbLocal({});
  const browserStarted = chromium.launchServer(chromiumLaunchOptions).catch(() => undefined);
  stack = await startLocalStack({
    port: 0,
    env: {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SANDBOX_INSTRUCTION_DELAY_MS: '300',
      AUTH_CACHE_TTL_MS: String(authCacheTtlMs),
      PAYMENT_POLL_SCHEDULE: '250ms,250ms,500ms,1s,2s',
      WEBHOOK_RETRY_SCHEDULE: '200ms,400ms,600ms',
      // Every file shares one key and one address; test/integration/rate-limits.test.ts checks the limits.
      RATE_LIMIT_PER_SECOND: '100000',
    },
    scheduleIntervalMs: 2000,
    // Work is overdue here only a minute after it was due (SWEEP_AFTER_MS), and a sweep reads
    // every partition of every kind (72 queries): every 2 s, it alone kept a core a sixth busy;
    // every 15 s, an idle stack still spent 2 s of Node's CPU and 2 s of the JVM's a minute on it.
    // The files that test recovering lost work run their sweeps themselves.
    scheduleIntervalsMs: { sweepPendingWork: 60_000 },
    pollersPerQueue: 4,
  }).catch(async (error: unknown) => {
    await (await ownStacksDynamoStarted.catch(() => undefined))?.stop();
    await (await browserStarted)?.close();
    throw error;
  });
  ownStacksDynamo = await ownStacksDynamoStarted;
  browserServer = await browserStarted;
  const issued = await issueApiKey({ permissions: ['isInvoiceAvailable', 'createTransaction'] });
  project.provide('stack', {
    baseUrl: stack.baseUrl,
    functionUrls: stack.functionUrls,
    tableName: stack.tableName,
    dynamoEndpoint: stack.dynamoEndpoint,
    sqsEndpoint: stack.sqsEndpoint,
    bucket: stack.bucket,
    exportsBucket: stack.exportsBucket,
    queueUrls: Object.fromEntries(Object.entries(stack.queues).map(([name, queue]) => [name, queue.url])),
    dlqUrls: Object.fromEntries(Object.entries(stack.queues).map(([name, queue]) => [name, queue.dlqUrl])),
    secretKey: issued.secretKey,
    accountId: issued.accountId,
    localSecretsKey: stack.env.LOCAL_SECRETS_KEY!,
    webhookSecret: issued.webhookSecret ?? '',
    authCacheTtlMs,
    mailInboxUrl: stack.mail.inboxUrl,
    mailSmtpUrl: stack.mail.smtpUrl,
    ownStacksDynamoEndpoint: ownStacksDynamo.endpoint,
    chromiumWsEndpoint: browserServer?.wsEndpoint() ?? '',
  });
  return async () => {
    try {
      const document = await (await fetch(`${stack!.baseUrl}/openapi.json`)).json();
      const { documented, exercised } = writeCoverage(document);
      process.stdout.write(
        `OpenAPI coverage: ${exercised} of ${documented} documented (operation, status) pairs exercised (test-artifacts/openapi-coverage.json)\n`,
      );
      const iam = stack!.iamCost();
      process.stdout.write(
        `Local IAM on the shared stack: ${iam.decisions} authorizations, ${iam.simulations} simulator runs, ${iam.simulatedMs} ms\n`,
      );
    } finally {
      await Promise.all([stack?.stop(), ownStacksDynamo?.stop(), browserServer?.close()]);
    }
  };
}
