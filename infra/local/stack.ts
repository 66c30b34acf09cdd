// The whole service on one machine: DynamoDB Local, fauxqs (SQS + S3), the local gateway, the
// SQS event sources and the schedules, wired with the same tables the CDK stack reads.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { resetProcessConfiguration } from '../../shared/config.ts';
import {
  deadLetterUrlEnv,
  type QueueName,
  queueNames,
  queues,
  queueUrlEnv,
  type ScheduleDef,
  type ScheduleName,
  schedules,
} from '../../shared/queues.ts';
import { liveRailsEnv, liveRailsOfStage } from '../../shared/rails/rail-choice.ts';
import type { RouteDef } from '../../shared/route-def.ts';
import { routeList } from '../../shared/route-table.ts';
import { newLocalSecretsKey } from '../../shared/secrets/local-key-wrapper.ts';
import { buildDashboard, dashboardCsp, dashboardHeaders } from '../dashboard-build.ts';
import type { NamedRoute } from '../stack.ts';
import { ensureTable, localCredentials, startDynamoDbLocal } from './dynamodb-local.ts';
import {
  awsBatchesAtOnce,
  type DuplicateMessages,
  type EventSourceBinding,
  startEventSources,
} from './event-source.ts';
import { type FunctionHost, type HostedFunction, startFunctionHost } from './function-host.ts';
import { startFunctionUrl } from './function-urls.ts';
import { type AccessLogEntry, startGateway } from './gateway.ts';
import { type LocalMailServer, startLocalMailServer } from './mail-server.ts';
import {
  type AwsRequest,
  type AwsService,
  operationName,
  transactionItemCount,
} from './parity/authorization-requests.ts';
import { localAccountId, localRegion, notRunLocally, resolveIntrinsics } from './parity/cfn-intrinsics.ts';
import type { PolicyDocument } from './parity/function-manifest.ts';
import { type AwsAnswer, type IamCaller, startIamGateway } from './parity/iam-gateway.ts';
import {
  type LocalResources,
  localFunctionName,
  localFunctions,
  physicalValues,
} from './parity/local-functions.ts';
import { startLocalKms } from './parity/local-kms.ts';
import { type InvocableFunction, type LocalLambda, startLocalLambda } from './parity/local-lambda.ts';
import { localStageSettings, tunedSettings } from './parity/local-settings.ts';
import { cachedFunctionManifest } from './parity/manifest-cache.ts';
import { PolicyEvaluator } from './parity/policy-evaluator.ts';
import { createQueueWithDlq, type LocalQueue, startMessaging } from './queues-and-bucket.ts';
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
  /** How often a given schedule runs locally, over `scheduleIntervalMs`. */
  scheduleIntervalsMs?: Partial<Record<ScheduleName, number>>;
  routes?: ReadonlyArray<RouteDef & { name: string }>;
  /** Batches each queue's worker gets at once; default: as Lambda would (`awsBatchesAtOnce`). */
  pollersPerQueue?: number;
  onWorkerError?: (queue: string, error: unknown) => void;
  /** Use this DynamoDB (e.g. one the caller restarts during a fault run) instead of starting one. */
  dynamoEndpoint?: string;
  /** The stack's table; stacks that share one DynamoDB each need their own. */
  tableName?: string;
  /** Fault injection: SQS duplicates of received messages (see event-source.ts). */
  duplicates?: DuplicateMessages;
  /** The gateway's access log (one entry per request, tokens masked); off when absent. */
  accessLog?: (entry: AccessLogEntry) => void;
  /**
   * Fault injection: called with each AWS request a function makes, before it reaches the
   * emulator (after IAM allowed it); the emulator waits for it.
   */
  beforeAwsRequest?: (service: AwsService, request: AwsRequest) => Promise<void>;
  /**
   * Fault injection: an answer to send to the function instead of the emulator's, e.g.
   * DynamoDB's throttling error, which DynamoDB Local never sends (after IAM allowed it).
   */
  answerAwsRequest?: (service: AwsService, request: AwsRequest) => AwsAnswer | undefined;
  /** Sees each AWS request a function made, once answered (the benchmark counts them). */
  observeAwsRequests?: (observed: ObservedAwsRequest) => void;
  /** Told of each attempt of an asynchronous invocation (`queue:watch-payment`…), as it starts. */
  observeInvocations?: (functionName: string) => void;
  /** Waits before Lambda retries a failed asynchronous invocation (Lambda's own: 1 min, then 2 min). */
  asyncRetryDelaysMs?: readonly number[];
  /**
   * `off` lets every function make any AWS call (debugging only; LOCAL_IAM=off does the same).
   * By default each call is checked against the function's synthesized IAM policy.
   */
  iam?: 'on' | 'off';
}

export interface ObservedAwsRequest {
  readonly service: AwsService;
  /** Undefined for the operator's own requests. */
  readonly functionName: string | undefined;
  /** As the SDK names the command, without `Command` (`TransactWriteItems`, `SendMessage`…). */
  readonly operation: string;
  /** Items of a DynamoDB transaction (0 otherwise). */
  readonly transactionItems: number;
  readonly elapsedMs: number;
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
  exportsBucket: string;
  /** Each route served at a function URL of its own (RouteDef.servedAt), by route name: its origin. */
  functionUrls: Readonly<Record<string, string>>;
  /** Sits between the functions and SQS; `setDown(true)` makes every send fail. */
  sqsProxy: ToggleProxy;
  /** Sits between the functions and Lambda's Invoke API; `setDown(true)` makes every invocation fail. */
  lambdaProxy: ToggleProxy;
  /** Lambda's Invoke API: asynchronous invocations still running or waiting for a retry. */
  lambda: Pick<LocalLambda, 'pending'>;
  /** The operator's environment (this process's store code uses it); functions have their own. */
  env: Record<string, string>;
  sqs: SQSClient;
  /** The functions' sandboxes. */
  functions: FunctionHost;
  /** The SMTP server the e-mail worker sends to, and what it received. */
  mail: LocalMailServer;
  /** What enforcing IAM has cost so far: decisions asked, simulator runs, ms spent in them. */
  iamCost(): { decisions: number; simulations: number; simulatedMs: number };
  stop(): Promise<void>;
}

const defaultTableName = 'cashin-local';

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
const localPixApiSecretArn = `arn:aws:secretsmanager:${localRegion}:${localAccountId}:secret:pix-api-local-AbCdEf`;

/** The local stand-in for the stage's secrets key: one per local key, stable across restarts. */
function localKeyArn(localSecretsKey: string): string {
  const id = createHash('sha256').update(localSecretsKey).digest('hex');
  return `arn:aws:kms:${localRegion}:${localAccountId}:key/${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20, 32)}`;
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  const tableName = options.tableName ?? defaultTableName;
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

    const localSecretsKey = readOrCreateSecretsKey(options.dataDir);
    const kms = await startLocalKms({
      masterKeyBase64: localSecretsKey,
      keyArn: localKeyArn(localSecretsKey),
    });
    cleanups.push(() => kms.close());

    const mail = await startLocalMailServer();
    cleanups.push(() => mail.close());

    // Settings: the local stage's own, then the developer's shell, then the caller's.
    const settings: Record<string, string> = {
      ...localStageSettings,
      SMTP_URL: mail.smtpUrl,
      ...tunedSettings(process.env),
      ...options.env,
    };
    const sandboxRails = settings.SANDBOX_RAILS !== 'false' && settings.SANDBOX_RAILS !== '0';
    const routes = (options.routes ?? routeList()).filter((route) => sandboxRails || !route.sandboxOnly);
    const manifest = await cachedFunctionManifest({
      sandboxRails,
      routes: routes as readonly NamedRoute[],
      ...(settings.PIX_API_BASE_URL
        ? {
            pixApi: {
              baseUrl: settings.PIX_API_BASE_URL,
              chave: settings.PIX_API_CHAVE ?? '',
              clientId: settings.PIX_API_CLIENT_ID ?? '',
              ...(settings.PIX_API_RECEIVER_CONTA
                ? {
                    receiverAccount: {
                      ...(settings.PIX_API_RECEIVER_AGENCIA
                        ? { agencia: settings.PIX_API_RECEIVER_AGENCIA }
                        : {}),
                      conta: settings.PIX_API_RECEIVER_CONTA,
                      tipoConta: settings.PIX_API_RECEIVER_TIPO_CONTA ?? 'CORRENTE',
                    },
                  }
                : {}),
              // Stands for the stage's secret; locally its values come from settings (local-functions.ts).
              secretArn: localPixApiSecretArn,
            },
          }
        : {}),
    });

    // IAM in front of every emulator; the callers are known once the functions are.
    const callers = new Map<string, IamCaller>();
    const enforceIam = (options.iam ?? process.env.LOCAL_IAM) !== 'off';
    const iamGateway = (service: AwsService, upstream: string) =>
      startIamGateway({
        service,
        upstream,
        callers,
        enforce: enforceIam,
        keyArnOf: () => kms.keyArn,
        ...(options.observeAwsRequests
          ? {
              onForwarded: (caller: IamCaller | undefined, request: AwsRequest, elapsedMs: number) =>
                options.observeAwsRequests!({
                  service,
                  functionName: caller?.functionName,
                  operation: operationName(service, request),
                  transactionItems: transactionItemCount(request),
                  elapsedMs,
                }),
            }
          : {}),
        ...(options.beforeAwsRequest
          ? { beforeForward: (request: AwsRequest) => options.beforeAwsRequest!(service, request) }
          : {}),
        ...(options.answerAwsRequest
          ? { answerInstead: (request: AwsRequest) => options.answerAwsRequest!(service, request) }
          : {}),
        onDenied: (caller, authorization) =>
          process.stderr.write(
            `local IAM: AccessDeniedException: ${caller.functionName} may not ${authorization.action} on ${authorization.resource}${
              authorization.context['dynamodb:LeadingKeys']
                ? ` (keys ${[authorization.context['dynamodb:LeadingKeys']].flat().join(', ')})`
                : ''
            }: its row in shared/routes.ts or shared/queues.ts lacks the grant\n`,
          ),
      });
    let host: FunctionHost | undefined;
    const invoke = <T>(name: string, event: unknown, timeoutMs: number) => {
      if (!host) throw new Error('the local stack is still starting');
      return host.invoke<T>(name, event, timeoutMs);
    };
    // The operator's SQS client: event sources, Lambda's failure destinations, tests.
    const sqs = new SQSClient({
      region: localRegion,
      endpoint: messaging.endpoint,
      credentials: localCredentials,
    });
    // Lambda's Invoke API; which functions it runs is known once they are (below).
    const invocable = new Map<string, InvocableFunction>();
    const lambdaService = await startLocalLambda({
      functions: invocable,
      invoke,
      ...(options.asyncRetryDelaysMs ? { retryDelaysMs: options.asyncRetryDelaysMs } : {}),
      ...(options.observeInvocations ? { onAttempt: options.observeInvocations } : {}),
      sendToQueue: async (queueUrl, body) => {
        await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
      },
      onGivenUp: (name, error) => {
        if (options.onWorkerError) options.onWorkerError(name, error);
        else
          process.stderr.write(
            `lambda ${name}: asynchronous invocation given up: ${(error as Error).stack ?? error}\n`,
          );
      },
    });
    const lambdaProxy = await startToggleProxy(lambdaService.endpoint);
    cleanups.push(
      () => lambdaService.close(),
      () => lambdaProxy.close(),
    );

    const [dynamoIam, sqsIam, s3Iam, kmsIam, lambdaIam] = await Promise.all([
      iamGateway('dynamodb', dynamo.endpoint),
      iamGateway('sqs', sqsProxy.endpoint),
      iamGateway('s3', messaging.endpoint),
      iamGateway('kms', kms.endpoint),
      iamGateway('lambda', lambdaProxy.endpoint),
    ]);
    cleanups.push(
      () => dynamoIam.close(),
      () => sqsIam.close(),
      () => s3Iam.close(),
      () => kmsIam.close(),
      () => lambdaIam.close(),
    );
    const s3 = new S3Client({
      region: localRegion,
      endpoint: messaging.endpoint,
      forcePathStyle: true,
      credentials: localCredentials,
    });
    const gateway = await startGateway({
      port: options.port ?? 0,
      // Not the routes the stack serves at a function URL of their own: API Gateway has no route for them.
      routes: routes.filter((route) => !manifest.functions[`route:${route.name}`]?.functionUrl),
      // Each function gets the timeout its stack gives it (the HTTP functions' 10 s, not API Gateway's 29 s).
      invoke: (route, event) =>
        invoke(
          `route:${route.name}`,
          event,
          (manifest.functions[`route:${route.name}`]?.timeoutSeconds ?? 10) * 1000,
        ),
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
    const functionUrls: Record<string, string> = {};
    for (const [source, fn] of Object.entries(manifest.functions)) {
      if (!fn.functionUrl) continue;
      if (fn.functionUrl.authType !== 'NONE')
        throw new Error(
          `${source}: a function URL with AuthType ${fn.functionUrl.authType} is not run locally`,
        );
      const url = await startFunctionUrl({
        functionName: source,
        timeoutMs: fn.timeoutSeconds * 1000,
        invoke,
      });
      cleanups.push(() => url.close());
      functionUrls[source.replace(/^route:/, '')] = url.endpoint;
    }

    const localResources: LocalResources = {
      tableName,
      queues: messaging.queues,
      bucket: messaging.bucket,
      exportsBucket: messaging.exportsBucket,
      secretsKeyArn: kms.keyArn,
      pixApiSecretArn: localPixApiSecretArn,
      publicBaseUrl: baseUrl,
      imageBaseUrl: `${baseUrl}/_images`,
      endpoints: {
        dynamodb: dynamoIam.endpoint,
        sqs: sqsIam.endpoint,
        s3: s3Iam.endpoint,
        kms: kmsIam.endpoint,
        lambda: lambdaIam.endpoint,
      },
      region: localRegion,
    };
    const functions = localFunctions(manifest, localResources, settings);
    for (const fn of functions.values())
      invocable.set(localFunctionName(fn.name), {
        source: fn.name,
        timeoutMs: fn.timeoutSeconds * 1000,
        ...(fn.asyncInvoke ? { asyncInvoke: fn.asyncInvoke } : {}),
      });
    const keyPolicy = resolveIntrinsics(manifest.secretsKeyPolicy, physicalValues(manifest, localResources), {
      unresolved: notRunLocally,
    }) as PolicyDocument;
    for (const fn of functions.values())
      callers.set(fn.accessKeyId, {
        functionName: fn.name,
        roleName: fn.roleName,
        evaluator: new PolicyEvaluator({ roleName: fn.roleName, policy: fn.policy }, (resource) =>
          resource === kms.keyArn ? keyPolicy : undefined,
        ),
      });

    // The operator's environment (tests, the CLI): every piece of wiring, with the operator's key.
    const env: Record<string, string> = {
      STAGE: 'local',
      AWS_REGION: localRegion,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      SQS_ENDPOINT: sqsProxy.endpoint,
      S3_ENDPOINT: messaging.endpoint,
      // Through IAM: a request signed with a function's key is authorized as that function.
      LAMBDA_ENDPOINT: lambdaIam.endpoint,
      IMAGE_BUCKET: messaging.bucket,
      EXPORT_BUCKET: messaging.exportsBucket,
      PUBLIC_BASE_URL: baseUrl,
      IMAGE_BASE_URL: `${baseUrl}/_images`,
      // Wraps the data keys of sealed secrets, as the local KMS does.
      LOCAL_SECRETS_KEY: localSecretsKey,
      ...Object.fromEntries(queueNames.map((name) => [queueUrlEnv(name), messaging.queues[name].url])),
      ...Object.fromEntries(
        queueNames.map((name) => [deadLetterUrlEnv(name), messaging.queues[name].dlqUrl]),
      ),
      ...settings,
      ...(settings.PIX_API_BASE_URL ? { [liveRailsEnv]: liveRailsOfStage(settings) } : {}),
    };
    // This process's own store code (tests, the seed) now talks to this stack, not an earlier one.
    Object.assign(process.env, env);
    resetProcessConfiguration();

    const hosted = new Map<string, HostedFunction>(functions);
    for (const extra of options.extraQueues ?? [])
      hosted.set(`extra:${extra.name}`, {
        name: `extra:${extra.name}`,
        entry: extra.worker,
        environment: env,
      });
    host = startFunctionHost(hosted);
    const startedHost = host;
    cleanups.push(() => startedHost.stop());

    const bindings: EventSourceBinding[] = [
      ...queueNames
        .filter((name) => functions.has(`queue:${name}`))
        .map((name) => ({
          name,
          function: `queue:${name}`,
          queueUrl: messaging.queues[name].url,
          queueArn: messaging.queues[name].arn,
          batchSize: queues[name].batchSize,
          // The worker's synthesized timeout, as for routes and schedules.
          timeoutSeconds: functions.get(`queue:${name}`)!.timeoutSeconds,
          pollers: awsBatchesAtOnce(functions.get(`queue:${name}`)!.eventSourceMaxConcurrency),
        })),
      ...(options.extraQueues ?? []).map((extra) => ({
        name: extra.name,
        function: `extra:${extra.name}`,
        queueUrl: extraQueues[extra.name]!.url,
        queueArn: extraQueues[extra.name]!.arn,
        batchSize: extra.batchSize ?? 10,
        timeoutSeconds: 30,
      })),
    ];
    const eventSources = startEventSources({
      sqs,
      bindings,
      invoke,
      ...(options.pollersPerQueue === undefined ? {} : { pollersPerQueue: options.pollersPerQueue }),
      ...(options.duplicates ? { duplicates: options.duplicates } : {}),
      onError: (binding, error) => {
        if (options.onWorkerError) options.onWorkerError(binding.name, error);
        else process.stderr.write(`event source ${binding.name}: ${(error as Error).stack ?? error}\n`);
      },
    });
    cleanups.push(() => eventSources.stop());

    // Only the schedules the stage deploys run (the stack decides which).
    for (const fn of functions.values()) {
      if (!fn.name.startsWith('schedule:')) continue;
      const name = fn.name.slice('schedule:'.length);
      const schedule = schedules[name as keyof typeof schedules] as ScheduleDef | undefined;
      if (!schedule) continue;
      let running: Promise<unknown> = Promise.resolve();
      const interval = setInterval(
        () => {
          running = invoke(
            fn.name,
            { source: 'local.schedule', 'detail-type': 'Scheduled Event', detail: {} },
            fn.timeoutSeconds * 1000,
          ).catch((error) => process.stderr.write(`schedule ${name}: ${(error as Error).stack ?? error}\n`));
        },
        options.scheduleIntervalsMs?.[name as ScheduleName] ??
          options.scheduleIntervalMs ??
          (schedule.locallyEverySeconds !== undefined
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
      exportsBucket: messaging.exportsBucket,
      functionUrls,
      sqsProxy,
      lambdaProxy,
      lambda: { pending: () => lambdaService.pending() },
      env,
      sqs,
      functions: startedHost,
      mail,
      iamCost: () => {
        const evaluators = [...callers.values()].map((caller) => caller.evaluator);
        const sum = (pick: (evaluator: PolicyEvaluator) => number) =>
          evaluators.reduce((total, evaluator) => total + pick(evaluator), 0);
        return {
          decisions: sum((evaluator) => evaluator.decisions),
          simulations: sum((evaluator) => evaluator.simulations),
          simulatedMs: Math.round(sum((evaluator) => evaluator.simulatedMs)),
        };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
