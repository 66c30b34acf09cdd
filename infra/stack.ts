// The whole service for one stage. Everything per-function comes from the tables in shared/:
// a row in the route table becomes an API route, its function and its grants; a row in the
// queue table a queue, its DLQ, its worker and its alarms. Nothing here lists routes by hand.
//
// Layout (room to grow): CloudFormation allows 500 resources per template and each route costs
// eight (function, role, policy, log group, integration, route, invoke permission, Errors
// alarm), so one stack held about fifty routes. The root stack (`CatalogCashin-<stage>`, the one
// `cdk deploy -c stage=…` names) keeps what is shared and stateful: table, buckets and CDN,
// queues, KMS key, the HTTP API and its stage, the alarm topic, queue and API alarms, dashboard
// and every output. Functions live in nested stacks: one per route domain (public pages and
// notifications, account, catalog, transactions; infra/route-stacks.ts), each split again every
// 25 routes (~200 resources), and one for the workers, schedules and the image invalidator. A
// function's route, permission, rules and alarms sit beside it, so nothing per-route lands in
// the root; the nested stacks take the shared resources as parameters, and the root reads back
// only function names and alarm ARNs for the dashboard. test/cdk/template-bounds.test.ts keeps
// every template under 300 resources and 600 KB, with 100 more routes than today.
import {
  CfnOutput,
  Duration,
  NestedStack,
  RemovalPolicy,
  Stack,
  type StackProps,
  Tags,
  Token,
} from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Key } from 'aws-cdk-lib/aws-kms';
import { FunctionUrlAuthType } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import {
  ConfigurationSet,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { Grant } from '../shared/grants.ts';
import {
  type QueueDef,
  type QueueName,
  queues as queueTable,
  type ScheduleDef,
  schedules as scheduleTable,
  scheduleTimeoutSeconds,
} from '../shared/queues.ts';
import type { RouteDef } from '../shared/route-def.ts';
import { routeList } from '../shared/route-table.ts';
import { ServiceAlarms } from './constructs/alarms.ts';
import { DashboardSite } from './constructs/dashboard-site.ts';
import { ExportFiles } from './constructs/export-files.ts';
import { type FunctionDefaults, ServiceFunction } from './constructs/function-factory.ts';
import { applyGrants } from './constructs/grants.ts';
import { ServiceHttpApi } from './constructs/http-api.ts';
import { Images } from './constructs/images.ts';
import { grantJobInvocations } from './constructs/job-invocations.ts';
import { acknowledgeNagFindings } from './constructs/nag-acknowledgements.ts';
import { pixApiTarget } from './constructs/pix-api.ts';
import { WorkQueues } from './constructs/queues.ts';
import { serviceTable } from './constructs/table.ts';
import { defaultMemoryMb } from './function-memory.ts';
import { functionUrlOutputName, pascalCase } from './names.ts';
import { planRouteStacks } from './route-stacks.ts';
import type { StageConfig } from './stages.ts';

export type NamedRoute = RouteDef & { readonly name: string };

export interface ServiceStackProps extends StackProps {
  readonly stage: StageConfig;
  /** The route table; defaults to shared/routes.ts. Tests pass a modified copy. */
  readonly routes?: readonly NamedRoute[];
  /** The queue table; defaults to shared/queues.ts. */
  readonly queues?: Readonly<Record<string, QueueDef>>;
  /** Scheduled jobs; default shared/queues.ts. */
  readonly schedules?: Readonly<Record<string, ScheduleDef>>;
}

const httpTimeout = Duration.seconds(10);

export class ServiceStack extends Stack {
  readonly stage: StageConfig;
  /** Every function, by source: `route:<name>`, `queue:<name>`, `schedule:<name>`, `event:invalidateDeletedImage`. */
  readonly functions = new Map<string, ServiceFunction>();
  readonly table: TableV2;
  readonly images: Images;
  readonly exportFiles: ExportFiles;
  readonly dashboardSite: DashboardSite;
  readonly workQueues: WorkQueues;
  readonly http: ServiceHttpApi;
  readonly monitoring: ServiceAlarms;
  readonly secretsKey: Key;
  /** The API Pix PSP's credentials (an existing secret), when the stage configures a PSP. */
  readonly pixApiSecret?: ISecret;

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, { ...props, terminationProtection: props.stage.deletionProtection });
    const { stage } = props;
    this.stage = stage;
    const routes = (props.routes ?? routeList()).filter((route) => stage.sandboxRails || !route.sandboxOnly);
    const queueDefs = props.queues ?? queueTable;
    const scheduleDefs = deployedSchedules(stage, props.schedules ?? scheduleTable);
    checkRouteTable(routes);
    if (stage.domain) checkCertificateRegion(stage.domain.certificateArn, this.region);

    Tags.of(this).add('service', 'catalog-cashin');
    Tags.of(this).add('stage', stage.name);

    const removalPolicy = stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const logRetention = retentionDays(stage.logRetentionDays);

    // `-c omitIndex=…` and `-c fullIndex=…` only move a stage to new index projections (docs/operations.md, Rolling out index changes).
    const indexList = (key: string) => {
      const value: unknown = this.node.tryGetContext(key);
      return value ? String(value).split(',') : [];
    };
    const table = serviceTable(this, 'Table', {
      removalPolicy,
      deletionProtection: stage.deletionProtection,
      omitIndexes: indexList('omitIndex'),
      fullIndexes: indexList('fullIndex'),
    });
    this.table = table;
    const images = new Images(this, 'Images', {
      removalPolicy,
      autoDeleteObjects: !stage.retainData,
      logRetentionDays: stage.logRetentionDays,
      globalName: accountWideName(stage, this.region),
    });
    this.images = images;
    const exportFiles = new ExportFiles(this, 'Exports', {
      removalPolicy,
      autoDeleteObjects: !stage.retainData,
      logsBucket: images.logsBucket,
    });
    this.exportFiles = exportFiles;
    const workQueues = new WorkQueues(this, 'Queues', {
      queues: queueDefs,
      removalPolicy,
    });
    this.workQueues = workQueues;
    // The dashboard is served by the image distribution: the API's CORS allows exactly that origin.
    const http = new ServiceHttpApi(this, 'Http', {
      stage,
      logRetention,
      removalPolicy,
      ownOrigins: [images.baseUrl],
    });
    this.http = http;
    this.dashboardSite = new DashboardSite(this, 'Dashboard', {
      distribution: images.distribution,
      originAccessControl: images.originAccessControl,
      logsBucket: images.logsBucket,
      removalPolicy,
      logRetention,
      autoDeleteObjects: !stage.retainData,
      apiBaseUrl: http.publicBaseUrl,
      globalName: accountWideName(stage, this.region),
      // Literal origins (not the API's own URL token): the distribution must not depend on the API,
      // whose CORS depends on the distribution.
      apiOrigins: [
        `https://*.execute-api.${this.region}.amazonaws.com`,
        ...(stage.domain ? [`https://${stage.domain.name}`] : []),
      ],
    });

    const defaults: FunctionDefaults = {
      logRetention,
      removalPolicy,
      environment: {
        STAGE: stage.name,
        TABLE_NAME: table.tableName,
        SANDBOX_RAILS: String(stage.sandboxRails),
        ALLOW_INSECURE_POSTBACK: String(stage.allowInsecurePostback),
        PUBLIC_BASE_URL: http.publicBaseUrl,
        IMAGE_BUCKET: images.bucket.bucketName,
        IMAGE_BASE_URL: images.baseUrl,
        LOG_LEVEL: stage.logLevel,
        RATE_LIMIT_PER_SECOND: String(stage.rateLimitPerSecond),
        NODE_OPTIONS: '--enable-source-maps',
      },
    };
    // A key per stage for envelope encryption of the secrets kept in the table; only the
    // functions whose rows say `secrets:open` may decrypt with it.
    const secretsKey = new Key(this, 'SecretsKey', {
      description: `catalog-cashin ${stage.name}: data keys of sealed webhook signing secrets`,
      enableKeyRotation: true,
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.secretsKey = secretsKey;
    const pixApi = stage.pixApi ? pixApiTarget(this, stage.pixApi) : undefined;
    if (pixApi) this.pixApiSecret = pixApi.secret;
    const targets = {
      table,
      bucket: images.bucket,
      exportsBucket: exportFiles.bucket,
      queues: workQueues.byName,
      secretsKey,
      distribution: images.distribution,
      ...(pixApi ? { pixApi } : {}),
      ...(stage.emailDomain ? { emailDomain: stage.emailDomain } : {}),
    };
    const alarms = new ServiceAlarms(this, 'Monitoring', {
      stage,
      globalName: accountWideName(stage, this.region),
      api: http.api,
      queues: [...workQueues.byName.values()],
    });
    this.monitoring = alarms;

    const grantsOf = new Map<string, readonly Grant[]>();
    const build = (
      scope: FunctionStack,
      key: string,
      scopeId: string,
      name: string,
      spec: {
        entry: string;
        description: string;
        timeout: Duration;
        memoryMb?: number;
        grants: readonly Grant[];
        allowRecursiveLoop?: boolean;
        assets?: readonly string[];
        reservedConcurrency?: number;
        asyncRetryAttempts?: number;
        asyncFailureQueue?: IQueue;
      },
    ) => {
      const built = new ServiceFunction(scope, `${scopeId}${pascalCase(name)}`, {
        source: key,
        entry: spec.entry,
        description: spec.description,
        timeout: spec.timeout,
        memoryMb: spec.memoryMb ?? defaultMemoryMb,
        defaults,
        allowRecursiveLoop: spec.allowRecursiveLoop ?? false,
        ...(spec.assets ? { assets: spec.assets } : {}),
        ...(spec.reservedConcurrency !== undefined ? { reservedConcurrency: spec.reservedConcurrency } : {}),
        ...(spec.asyncRetryAttempts !== undefined ? { asyncRetryAttempts: spec.asyncRetryAttempts } : {}),
        ...(spec.asyncFailureQueue ? { asyncFailureQueue: spec.asyncFailureQueue } : {}),
      });
      applyGrants(built.function, key, spec.grants, targets);
      grantsOf.set(key, spec.grants);
      alarms.watchFunction(scope, scope.title, key, built.function);
      this.functions.set(key, built);
      return built;
    };

    const functionStacks: FunctionStack[] = [];
    // Routes reached at a function URL of their own (RouteDef.servedAt), by route name.
    const functionUrls = new Map<string, string>();
    for (const plan of planRouteStacks(routes)) {
      const scope = new FunctionStack(this, plan.id, `${plan.domain} routes`);
      functionStacks.push(scope);
      for (const route of plan.routes) {
        const { function: fn } = build(scope, `route:${route.name}`, 'Route', route.name, {
          entry: route.handler,
          description: `${route.method} ${route.path}`,
          timeout: httpTimeout,
          ...(route.memoryMb !== undefined ? { memoryMb: route.memoryMb } : {}),
          // Every request with a key spends a token of its account's bucket (shared/limits) and
          // notes the day the key was used (shared/auth/authenticate.ts).
          grants:
            route.auth === 'none' ? route.grants : [...route.grants, 'table:rate-limit', 'table:key-usage'],
          ...(route.assets ? { assets: route.assets } : {}),
          ...(route.servedAt === 'function-url' ? { reservedConcurrency: stage.capacity.functionUrls } : {}),
        });
        if (route.servedAt === 'function-url') {
          const url = fn.addFunctionUrl({ authType: FunctionUrlAuthType.NONE });
          functionUrls.set(route.name, url.url);
        } else http.addRoute(scope, route.name, route, fn);
      }
    }

    http.throttlePublicRoutes(
      routes.filter((route) => route.auth === 'none' && route.servedAt !== 'function-url'),
      stage.publicRouteThrottle,
      functionStacks,
    );

    const background = new FunctionStack(this, 'Workers', 'workers and schedules');
    functionStacks.push(background);

    for (const [name, { def, queue, deadLetterQueue }] of workQueues.byName) {
      // The worker's share of the account's concurrency is kept for it and is also its ceiling;
      // the event source never asks for more, so messages are not throttled back to the queue.
      const capacity = stage.capacity.workers[name as QueueName] as number | undefined;
      const worker = build(background, `queue:${name}`, 'Worker', name, {
        entry: def.worker,
        description: `worker for the ${name} queue`,
        timeout: Duration.seconds(def.workerTimeoutSeconds),
        ...('memoryMb' in def ? { memoryMb: def.memoryMb } : {}),
        grants: def.grants,
        allowRecursiveLoop: def.grants.some((grant) => grant.startsWith('queue:')),
        ...(capacity !== undefined ? { reservedConcurrency: capacity } : {}),
        // A job's first attempt, when invoked (shared/aws/worker-invocation.ts): the worker hands a
        // failed job to the queue itself; an invocation that still fails ends in the queue's DLQ.
        ...('firstAttempt' in def && def.firstAttempt === 'invoke'
          ? { asyncRetryAttempts: 2, asyncFailureQueue: deadLetterQueue }
          : {}),
      });
      alarms.watchWorkerBatches(background, name, worker.logGroup);
      worker.function.addEventSource(
        new SqsEventSource(queue, {
          batchSize: def.batchSize,
          reportBatchItemFailures: true,
          ...(capacity !== undefined ? { maxConcurrency: Math.max(2, capacity) } : {}),
        }),
      );
    }

    for (const [name, def] of Object.entries(scheduleDefs)) {
      const { function: fn } = build(background, `schedule:${name}`, 'Schedule', name, {
        entry: def.handler,
        description: `scheduled every ${def.everyMinutes} min: ${name}`,
        timeout: Duration.seconds(scheduleTimeoutSeconds),
        ...('memoryMb' in def ? { memoryMb: def.memoryMb } : {}),
        grants: def.grants,
        // One run at a time, and always room for it: two listing runs would read one window twice.
        reservedConcurrency: name === 'sweepPendingWork' ? stage.capacity.sweeper : 1,
        // The next tick is the retry: neither EventBridge nor Lambda's async invoke retries.
        asyncRetryAttempts: 0,
      });
      new Rule(background, `Schedule${pascalCase(name)}Rule`, {
        description: `${name} every ${def.everyMinutes} min`,
        schedule: Schedule.rate(Duration.minutes(def.everyMinutes)),
        targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
      });
    }

    // Image keys are cached at the edge for a year: a deleted (or replaced) image is invalidated
    // in the CDN when S3 reports the deletion (EventBridge, so no notification custom resource).
    (images.bucket.node.defaultChild as CfnBucket).addPropertyOverride(
      'NotificationConfiguration.EventBridgeConfiguration.EventBridgeEnabled',
      true,
    );
    const { function: invalidator } = build(
      background,
      'event:invalidateDeletedImage',
      'Event',
      'invalidateDeletedImage',
      {
        entry: 'functions/events/invalidate-deleted-image.ts',
        description: 'invalidates deleted product images in the CDN',
        timeout: Duration.seconds(30),
        memoryMb: 256,
        grants: ['cdn:invalidate'],
      },
    );
    new Rule(background, 'ImageDeletedRule', {
      description: 'a product image was deleted from the bucket',
      eventPattern: {
        source: ['aws.s3'],
        detailType: ['Object Deleted'],
        detail: { bucket: { name: [images.bucket.bucketName] } },
      },
      targets: [new LambdaFunction(invalidator, { retryAttempts: 4 })],
    });

    if (stage.emailDomain) {
      // The sending identity, its configuration set (applied to every send from it) and its
      // bounces and complaints → SNS → the suppression list the e-mail worker honours.
      const feedbackTopic = new Topic(background, 'EmailFeedbackTopic', { enforceSSL: true });
      const configurationSet = new ConfigurationSet(background, 'EmailConfigurationSet', {});
      configurationSet.addEventDestination('Feedback', {
        destination: EventDestination.snsTopic(feedbackTopic),
        events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
      });
      new EmailIdentity(background, 'EmailIdentity', {
        identity: Identity.domain(stage.emailDomain),
        configurationSet,
      });
      const { function: feedback } = build(
        background,
        'event:recordEmailFeedback',
        'Event',
        'recordEmailFeedback',
        {
          entry: 'functions/events/record-email-feedback.ts',
          description: 'suppresses addresses that bounced or complained',
          timeout: Duration.seconds(30),
          memoryMb: 256,
          grants: ['table:write:email-suppression'],
        },
      );
      feedbackTopic.addSubscription(new LambdaSubscription(feedback));
    }

    grantJobInvocations(this.functions, grantsOf, workQueues.byName);
    alarms.addFunctionWidgets();

    new CfnOutput(this, 'ApiUrl', { value: http.publicBaseUrl, description: 'Base URL of the API' });
    if (http.domainTarget)
      new CfnOutput(this, 'ApiDomainTarget', {
        value: http.domainTarget,
        description: 'Point the custom domain (CNAME/alias) here',
      });
    for (const [name, url] of functionUrls)
      new CfnOutput(this, functionUrlOutputName(name), {
        value: url,
        description: `Function URL of ${name} (npm run pix:webhooks registers it with the PSP)`,
      });
    new CfnOutput(this, 'ImageBaseUrl', { value: images.baseUrl });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'SecretsKeyArn', {
      value: secretsKey.keyArn,
      description: 'WEBHOOK_SECRETS_KEY_ID for npm run keys against this stage',
    });
    new CfnOutput(this, 'ImageBucketName', { value: images.bucket.bucketName });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarms.topic.topicArn });
    if (stage.alarmTopicArn && !stage.manageAlarmTopicPolicy)
      new CfnOutput(this, 'AlarmTopicPolicyStatement', {
        value: this.toJsonString(alarms.topicPublishStatement.toStatementJson()),
        description: "Add this statement to the alarm topic's policy, or CloudWatch cannot publish to it",
      });
    new CfnOutput(this, 'DashboardName', { value: alarms.dashboard.dashboardName });

    acknowledgeNagFindings(
      this,
      {
        table,
        imageBucket: images.bucket,
        exportsBucket: exportFiles.bucket,
        api: http.api,
        distribution: images.distribution,
      },
      functionStacks,
    );
  }
}

/** A nested stack of functions with what belongs to each: routes, rules, event sources, alarms. */
class FunctionStack extends NestedStack {
  /** What the dashboard calls this group of functions. */
  readonly title: string;

  constructor(scope: ServiceStack, id: string, title: string) {
    super(scope, id, { description: `catalog-cashin ${scope.stage.name}: ${title}` });
    this.title = title;
  }
}

/** For names CloudWatch and CloudFront keep per account, not per region: stage and region. */
function accountWideName(stage: StageConfig, region: string): string {
  return `catalog-cashin-${stage.name}-${region}`;
}

/** The schedules a stage runs: a listing job only where its rail exists. */
export function deployedSchedules(
  stage: StageConfig,
  defs: Readonly<Record<string, ScheduleDef>>,
): Record<string, ScheduleDef> {
  return Object.fromEntries(
    Object.entries(defs).filter(
      ([, def]) =>
        def.onlyWith === undefined ||
        (def.onlyWith === 'sandbox-rails' && stage.sandboxRails) ||
        (def.onlyWith === 'live-pix' && stage.pixApi !== undefined),
    ),
  );
}

/** API Gateway's regional custom domains take only a certificate of their own region. */
function checkCertificateRegion(certificateArn: string, region: string): void {
  const match = /^arn:aws[a-z-]*:acm:([a-z0-9-]+):\d{12}:certificate\/[\w-]+$/.exec(certificateArn);
  if (!match) throw new Error(`stage: certificateArn "${certificateArn}" is not an ACM certificate ARN`);
  if (!Token.isUnresolved(region) && match[1] !== region)
    throw new Error(
      `stage: certificateArn is in ${match[1]}, but the stack deploys to ${region}: the API's regional custom domain needs an ACM certificate in ${region} (request or import one there)`,
    );
}

/** One function per row means names and method+path pairs must be unique. */
function checkRouteTable(routes: readonly NamedRoute[]): void {
  const names = new Set<string>();
  const keys = new Set<string>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    if (names.has(route.name)) throw new Error(`route table: duplicate route name ${route.name}`);
    if (keys.has(key)) throw new Error(`route table: ${route.name} repeats ${key}`);
    names.add(route.name);
    keys.add(key);
  }
}

function retentionDays(days: number): RetentionDays {
  const valid = Object.values(RetentionDays).filter(
    (value): value is RetentionDays => typeof value === 'number',
  );
  if (!valid.includes(days as RetentionDays))
    throw new Error(
      `stage: logRetentionDays ${days} is not a CloudWatch Logs retention (${valid.join(', ')})`,
    );
  return days as RetentionDays;
}
