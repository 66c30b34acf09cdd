// The whole service on one machine: DynamoDB Local, fauxqs (SQS + S3), the local gateway, the
// SQS event sources and the schedules, wired with the same tables the CDK stack reads.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context } from 'aws-lambda';
import {
  deadLetterUrlEnv,
  type QueueName,
  queueNames,
  queues,
  queueUrlEnv,
  schedules,
} from '../../shared/queues.ts';
import { type RouteDef, routeList } from '../../shared/routes.ts';
import { newLocalSecretsKey } from '../../shared/secrets/local-key-wrapper.ts';
import { buildDashboard, dashboardCsp, dashboardHeaders } from '../dashboard-build.ts';
import { ensureTable, localCredentials, startDynamoDbLocal } from './dynamodb-local.ts';
import { type DuplicateMessages, type EventSourceBinding, startEventSources } from './event-source.ts';
import { type AccessLogEntry, startGateway } from './gateway.ts';
import { lambdaContext } from './lambda-context.ts';
import { createQueueWithDlq, type LocalQueue, startMessaging } from './queues-and-bucket.ts';
import { loadHandler } from './repo-root.ts';
import { startToggleProxy, type ToggleProxy } from './toggle-proxy.ts';

export interface LocalStackOptions {
  /** Gateway port; 0 picks a free one. */
  port?: number;
  /** Folder for DynamoDB Local and fauxqs data; omitted keeps everything in memory. */
  dataDir?: string;
  /** Extra environment for the functions (e.g. SANDBOX_INSTRUCTION_DELAY_MS). */
  env?: Record<string, string>;
  /** Overrides every queue's visibility timeout (tests use a short one to see redelivery). */
  visibilityTimeoutSeconds?: number;
  /** Extra queue bindings, e.g. a test worker on its own queue. */
  extraQueues?: Array<{ name: string; worker: string; batchSize?: number; maxReceiveCount?: number }>;
  /** How often each schedule runs locally; defaults to its `everyMinutes`. */
  scheduleIntervalMs?: number;
  routes?: ReadonlyArray<RouteDef & { name: string }>;
  pollersPerQueue?: number;
  onWorkerError?: (queue: string, error: unknown) => void;
  /** Use this DynamoDB (e.g. one the caller restarts during a fault run) instead of starting one. */
  dynamoEndpoint?: string;
  /** Fault injection: SQS duplicates of received messages (see event-source.ts). */
  duplicates?: DuplicateMessages;
  /** The gateway's access log (one entry per request, tokens masked); off when absent. */
  accessLog?: (entry: AccessLogEntry) => void;
}

export interface LocalStack {
  baseUrl: string;
  port: number;
  tableName: string;
  dynamoEndpoint: string;
  sqsEndpoint: string;
  queues: Record<QueueName, LocalQueue>;
  extraQueues: Record<string, LocalQueue>;
  bucket: string;
  /** Sits between the functions and SQS; `setDown(true)` makes every send fail. */
  sqsProxy: ToggleProxy;
  env: Record<string, string>;
  sqs: SQSClient;
  stop(): Promise<void>;
}

const tableName = 'cashin-local';

/** Persisted stacks keep their key beside their data (sealed secrets must open after a restart). */
function readOrCreateSecretsKey(dataDir: string | undefined): string {
  if (!dataDir) return newLocalSecretsKey();
  const file = join(dataDir, 'secrets.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = newLocalSecretsKey();
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
const queuePrefix = 'cashin-local';

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const [dynamo, messaging] = await Promise.all([
      options.dynamoEndpoint
        ? { endpoint: options.dynamoEndpoint, stop: () => Promise.resolve() }
        : startDynamoDbLocal({ ...(options.dataDir ? { dataDir: `${options.dataDir}/dynamodb` } : {}) }),
      startMessaging({
        prefix: queuePrefix,
        ...(options.dataDir ? { dataDir: `${options.dataDir}/fauxqs` } : {}),
        ...(options.visibilityTimeoutSeconds !== undefined
          ? { visibilityTimeoutSeconds: options.visibilityTimeoutSeconds }
          : {}),
      }),
    ]);
    cleanups.push(
      () => dynamo.stop(),
      () => messaging.stop(),
    );
    await ensureTable(dynamo.endpoint, tableName);

    const extraQueues: Record<string, LocalQueue> = {};
    for (const extra of options.extraQueues ?? []) {
      extraQueues[extra.name] = createQueueWithDlq(messaging.server, queuePrefix, extra.name, {
        visibilityTimeoutSeconds: options.visibilityTimeoutSeconds ?? 30,
        maxReceiveCount: extra.maxReceiveCount ?? 3,
      });
    }

    const sqsProxy = await startToggleProxy(messaging.endpoint);
    cleanups.push(() => sqsProxy.close());

    const gatewayPort = options.port ?? 0;
    const localSecretsKey = readOrCreateSecretsKey(options.dataDir);
    const env: Record<string, string> = {
      STAGE: 'local',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      SQS_ENDPOINT: sqsProxy.endpoint,
      S3_ENDPOINT: messaging.endpoint,
      IMAGE_BUCKET: messaging.bucket,
      SANDBOX_RAILS: 'true',
      ALLOW_INSECURE_POSTBACK: 'true',
      // Wraps the data keys of sealed secrets, standing in for the stage's KMS key.
      LOCAL_SECRETS_KEY: localSecretsKey,
      ...Object.fromEntries(queueNames.map((name) => [queueUrlEnv(name), messaging.queues[name].url])),
      ...Object.fromEntries(
        queueNames.map((name) => [deadLetterUrlEnv(name), messaging.queues[name].dlqUrl]),
      ),
    };
    // The functions run in this process, as a warm Lambda would, and read their config from here.
    Object.assign(process.env, env);

    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint: messaging.endpoint,
      forcePathStyle: true,
      credentials: localCredentials,
    });
    const gateway = await startGateway({
      port: gatewayPort,
      routes: options.routes ?? routeList(),
      images: { s3, bucket: messaging.bucket, pathPrefix: '/_images' },
      sites: [
        {
          pathPrefix: '/dashboard',
          files: await buildDashboard(),
          headers: dashboardHeaders(dashboardCsp()),
        },
      ],
      ...(options.accessLog ? { accessLog: options.accessLog } : {}),
    });
    cleanups.push(() => gateway.close());
    const baseUrl = `http://localhost:${gateway.port}`;
    Object.assign(env, { PUBLIC_BASE_URL: baseUrl, IMAGE_BASE_URL: `${baseUrl}/_images`, ...options.env });
    Object.assign(process.env, env);

    const sqs = new SQSClient({
      region: 'us-east-1',
      endpoint: messaging.endpoint,
      credentials: localCredentials,
    });
    const bindings: EventSourceBinding[] = [
      ...queueNames.map((name) => ({
        name,
        queueUrl: messaging.queues[name].url,
        queueArn: messaging.queues[name].arn,
        worker: queues[name].worker,
        batchSize: queues[name].batchSize,
        timeoutSeconds: queues[name].workerTimeoutSeconds,
      })),
      ...(options.extraQueues ?? []).map((extra) => ({
        name: extra.name,
        queueUrl: extraQueues[extra.name]!.url,
        queueArn: extraQueues[extra.name]!.arn,
        worker: extra.worker,
        batchSize: extra.batchSize ?? 10,
        timeoutSeconds: 30,
      })),
    ];
    const eventSources = startEventSources({
      sqs,
      bindings,
      pollersPerQueue: options.pollersPerQueue ?? 2,
      ...(options.duplicates ? { duplicates: options.duplicates } : {}),
      onError: (binding, error) => {
        if (options.onWorkerError) options.onWorkerError(binding.name, error);
        else process.stderr.write(`event source ${binding.name}: ${(error as Error).stack ?? error}\n`);
      },
    });
    cleanups.push(() => eventSources.stop());

    for (const [name, schedule] of Object.entries(schedules)) {
      let running: Promise<unknown> = Promise.resolve();
      const interval = setInterval(
        () => {
          running = loadHandler<(event: unknown, context: Context) => Promise<unknown>>(schedule.handler)
            .then((handler) =>
              handler(
                { source: 'local.schedule', 'detail-type': 'Scheduled Event', detail: {} },
                lambdaContext(name, 60_000),
              ),
            )
            .catch((error) => process.stderr.write(`schedule ${name}: ${(error as Error).stack ?? error}\n`));
        },
        options.scheduleIntervalMs ??
          ('locallyEverySeconds' in schedule
            ? schedule.locallyEverySeconds * 1000
            : schedule.everyMinutes * 60_000),
      );
      interval.unref();
      // Let a run in progress finish before its dependencies stop.
      cleanups.push(async () => {
        clearInterval(interval);
        await running;
      });
    }
    cleanups.push(() => {
      sqs.destroy();
      s3.destroy();
      return Promise.resolve();
    });

    return {
      baseUrl,
      port: gateway.port,
      tableName,
      dynamoEndpoint: dynamo.endpoint,
      sqsEndpoint: messaging.endpoint,
      queues: messaging.queues,
      extraQueues,
      bucket: messaging.bucket,
      sqsProxy,
      env,
      sqs,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
