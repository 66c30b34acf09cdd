// The stack for dev and prod, checked against the tables in shared/ and the deployment rules:
// one function per route, Node.js 24 on arm64, a DLQ per queue, PITR, prod retention, a private
// bucket, least-privilege IAM and a clean cdk-nag report.

import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMemoryMb } from '../../infra/function-memory.ts';
import { deployedSchedules } from '../../infra/stack.ts';
import { resolveStage, stages } from '../../infra/stages.ts';
import {
  deadLetterUrlEnv,
  type QueueName,
  queues,
  queueUrlEnv,
  schedules,
  startsAsInvocation,
  workerFunctionEnv,
} from '../../shared/queues.ts';
import { routeList } from '../../shared/route-table.ts';
import { table as tableShape } from '../../shared/store/table.ts';
import {
  asArray,
  type CfnResource,
  logicalId,
  ofType,
  prodOverrides,
  roleStatements,
  type Synthesized,
  single,
  synth,
} from './synth.ts';

const dataActionPrefixes = ['dynamodb:', 's3:', 'sqs:'];
const tableWriteActions = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

describe.each(['dev', 'prod'] as const)('stack for stage %s', (stageName) => {
  const config = stages[stageName]!;
  const expectedRoutes = routeList().filter((route) => config.sandboxRails || !route.sandboxOnly);
  const expectedSchedules = deployedSchedules(
    resolveStage(stageName, stageName === 'prod' ? prodOverrides : {}),
    schedules,
  );
  let synthesized: Synthesized;
  let resources: Record<string, CfnResource>;

  beforeAll(() => {
    synthesized = synth(stageName);
    resources = synthesized.resources;
  }, 120_000);
  afterAll(() => synthesized?.cleanup());

  const fnOf = (key: string) => {
    const built = synthesized.stack.functions.get(key);
    if (!built) throw new Error(`no function for ${key}`);
    const id = logicalId(synthesized.stack, built.function);
    return {
      id,
      resource: resources[id]!,
      roleId: (resources[id]!.Properties!.Role['Fn::GetAtt'] as string[])[0]!,
    };
  };
  const queueId = (name: string) =>
    logicalId(synthesized.stack, synthesized.stack.workQueues.byName.get(name)!.queue);
  const deadLetterQueueId = (name: string) =>
    logicalId(synthesized.stack, synthesized.stack.workQueues.byName.get(name)!.deadLetterQueue);
  /** The worker function's logical id begins so (`WorkerFillInstructionFunction…`). */
  const pascalCaseWorker = (name: string) =>
    `Worker${name.replace(/(^|-)([a-z])/g, (_match, _dash, char: string) => char.toUpperCase())}Function`;
  /** Queue names a grant list may send to (`send`) or dead-letter into (`dead-letter`). */
  const queuesFor = (grants: readonly string[], verb: 'send' | 'dead-letter') =>
    grants.flatMap((grant) => {
      const match = /^queue:(.+):(send|dead-letter)$/.exec(grant);
      return match && match[2] === verb ? [match[1]!] : [];
    });
  const serviceFunctionKeys = () => [
    ...expectedRoutes.map((route) => `route:${route.name}`),
    ...Object.keys(queues).map((name) => `queue:${name}`),
    ...Object.keys(expectedSchedules).map((name) => `schedule:${name}`),
    'event:invalidateDeletedImage',
  ];
  const grantsOf = (key: string): readonly string[] => {
    const [kind, name] = key.split(':') as [string, string];
    if (kind === 'route') {
      const route = expectedRoutes.find((candidate) => candidate.name === name)!;
      // Every route with a key spends its account's rate-limit tokens (added by the stack).
      return route.auth === 'none' ? route.grants : [...route.grants, 'table:rate-limit'];
    }
    if (kind === 'queue') return queues[name as QueueName].grants;
    if (kind === 'event') return ['cdn:invalidate'];
    return schedules[name as keyof typeof schedules].grants;
  };

  it('routes every row of the route table to a function of its own (on the API, unless at its function URL)', () => {
    const routes = ofType(resources, 'AWS::ApiGatewayV2::Route');
    const onTheApi = expectedRoutes.filter((route) => route.servedAt !== 'function-url');
    expect(routes.map(([, route]) => route.Properties!.RouteKey).sort()).toEqual(
      onTheApi.map((route) => `${route.method} ${route.path}`).sort(),
    );

    const targets = new Set<string>();
    for (const route of onTheApi) {
      const [, cfnRoute] = routes.find(
        ([, candidate]) => candidate.Properties!.RouteKey === `${route.method} ${route.path}`,
      )!;
      const integrationId = (cfnRoute.Properties!.Target['Fn::Join'][1] as any[])[1].Ref as string;
      const integration = resources[integrationId]!;
      expect(integration.Properties!.PayloadFormatVersion).toBe('2.0');
      const functionId = integration.Properties!.IntegrationUri['Fn::GetAtt'][0] as string;
      expect(functionId).toBe(fnOf(`route:${route.name}`).id);
      targets.add(functionId);
    }
    const urls = ofType(resources, 'AWS::Lambda::Url');
    for (const route of expectedRoutes.filter((r) => r.servedAt === 'function-url')) {
      const id = fnOf(`route:${route.name}`).id;
      expect(
        urls.filter(([, url]) => url.Properties!.TargetFunctionArn['Fn::GetAtt'][0] === id),
        route.name,
      ).toHaveLength(1);
      targets.add(id);
    }
    expect(urls).toHaveLength(expectedRoutes.length - onTheApi.length);
    expect(targets.size).toBe(expectedRoutes.length);
  });

  it(config.sandboxRails ? 'deploys the sandbox-only routes' : 'leaves the sandbox-only routes out', () => {
    const sandboxRoutes = routeList()
      .filter((route) => route.sandboxOnly)
      .map((route) => `${route.method} ${route.path}`);
    expect(sandboxRoutes.length).toBeGreaterThan(0);
    const routeKeys = ofType(resources, 'AWS::ApiGatewayV2::Route').map(
      ([, route]) => route.Properties!.RouteKey as string,
    );
    for (const key of sandboxRoutes) expect(routeKeys.includes(key), key).toBe(config.sandboxRails);
  });

  it('has exactly one function per route, worker and schedule, each Node.js 24 on arm64 with its own log group and no platform lines', () => {
    const keys = serviceFunctionKeys();
    expect([...synthesized.stack.functions.keys()].sort()).toEqual([...keys].sort());
    const serviceFunctionIds = new Set(keys.map((key) => fnOf(key).id));
    // The only other functions CDK may add: the dashboard's deployment provider, and the bucket
    // auto-delete provider on non-retaining stages.
    const others = ofType(resources, 'AWS::Lambda::Function').filter(([id]) => !serviceFunctionIds.has(id));
    expect(others.map(([id]) => id).sort()).toEqual([
      expect.stringMatching(/^CustomCDKBucketDeployment/),
      ...(config.retainData ? [] : [expect.stringMatching(/^CustomS3AutoDeleteObjects/)]),
    ]);

    const logGroups = new Set<string>();
    for (const key of keys) {
      const { resource } = fnOf(key);
      const props = resource.Properties!;
      expect(props.Runtime, key).toBe('nodejs24.x');
      expect(props.Architectures, key).toEqual(['arm64']);
      expect(props.Handler, key).toBe('index.handler');
      // Lambda's own START/END/REPORT lines are not written (the cost model counts none).
      expect(props.LoggingConfig, key).toMatchObject({ LogFormat: 'JSON', SystemLogLevel: 'WARN' });
      const logGroupId = props.LoggingConfig.LogGroup.Ref as string;
      expect(resources[logGroupId]!.Properties!.RetentionInDays, key).toBe(config.logRetentionDays);
      logGroups.add(logGroupId);
    }
    expect(logGroups.size).toBe(keys.length);
  });

  it('gives each worker and schedule the memory its row names (512 MB otherwise), as routes get theirs', () => {
    const memoryOf = (row: object): number =>
      'memoryMb' in row && typeof row.memoryMb === 'number' ? row.memoryMb : defaultMemoryMb;
    const rows: Array<[string, object]> = [
      ...Object.entries(queues).map(([name, def]): [string, object] => [`queue:${name}`, def]),
      ...Object.entries(expectedSchedules).map(([name, def]): [string, object] => [`schedule:${name}`, def]),
      ...expectedRoutes.map((route): [string, object] => [`route:${route.name}`, route]),
    ];
    expect(rows.some(([, row]) => memoryOf(row) !== defaultMemoryMb)).toBe(true);
    for (const [key, row] of rows) expect(fnOf(key).resource.Properties!.MemorySize, key).toBe(memoryOf(row));
  });

  it('passes each function its configuration, and queue URLs only for the queues it may use', () => {
    for (const key of serviceFunctionKeys()) {
      const env = fnOf(key).resource.Properties!.Environment.Variables as Record<string, unknown>;
      expect(env, key).toMatchObject({
        STAGE: stageName,
        SANDBOX_RAILS: String(config.sandboxRails),
        ALLOW_INSECURE_POSTBACK: 'false',
        NODE_OPTIONS: '--enable-source-maps',
        LOG_LEVEL: config.logLevel,
        TABLE_NAME: { Ref: logicalId(synthesized.stack, synthesized.stack.table) },
      });
      // Prod requires a custom domain; without one the execute-api URL is the public one.
      expect(JSON.stringify(env.PUBLIC_BASE_URL), key).toMatch(
        stageName === 'prod'
          ? /^"https:\/\/api\.example\.com"$/
          : /"https:\/\/",\{"Ref":"HttpApi[0-9A-F]+"\},"\.execute-api\./,
      );
      expect(JSON.stringify(env.IMAGE_BASE_URL), key).toMatch(
        /"https:\/\/",\{"Fn::GetAtt":\["ImagesCdn[0-9A-F]+","DomainName"\]\}/,
      );
      expect(env.IMAGE_BUCKET, key).toBeDefined();

      const grants = grantsOf(key);
      const mayUse = new Set(
        grants.includes('queues:health') ? Object.keys(queues) : queuesFor(grants, 'send'),
      );
      const queueVars = Object.keys(env)
        .filter((name) => name.startsWith('QUEUE_URL_'))
        .sort();
      expect(queueVars, key).toEqual([...mayUse].map((name) => queueUrlEnv(name as QueueName)).sort());
      const deadLetterVars = Object.keys(env)
        .filter((name) => name.startsWith('DLQ_URL_'))
        .sort();
      expect(deadLetterVars, key).toEqual(
        queuesFor(grants, 'dead-letter')
          .map((name) => deadLetterUrlEnv(name as QueueName))
          .sort(),
      );
    }
  });

  it('grants each function exactly what its table row lists', () => {
    for (const key of serviceFunctionKeys()) {
      const grants = grantsOf(key);
      const statements = roleStatements(resources, fnOf(key).roleId);
      const actions = (prefix: string) =>
        statements
          .flatMap((statement) => asArray<string>(statement.Action))
          .filter((action) => action.startsWith(prefix));

      expect(actions('dynamodb:').length > 0, `${key} table access`).toBe(
        grants.some((grant) => grant.startsWith('table:')),
      );
      expect(
        actions('dynamodb:').some((action) => tableWriteActions.includes(action)),
        `${key} table writes`,
      ).toBe(grants.some((grant) => grant.startsWith('table:write') || grant === 'table:rate-limit'));
      expect(actions('s3:PutObject').length > 0, `${key} bucket writes`).toBe(
        grants.includes('bucket:write') || grants.includes('exports:write'),
      );
      // Only the export's grant reaches the exports bucket, and its files are read through links it signs.
      const exportsBucketId = logicalId(synthesized.stack, synthesized.stack.exportFiles.bucket);
      expect(JSON.stringify(statements).includes(exportsBucketId), `${key} exports bucket`).toBe(
        grants.includes('exports:write'),
      );

      const sendTargets = statements
        .filter((statement) => asArray<string>(statement.Action).includes('sqs:SendMessage'))
        .flatMap((statement) =>
          asArray<any>(statement.Resource).map((resource) => resource['Fn::GetAtt'][0] as string),
        );
      // A worker whose jobs start as invocations: an invocation Lambda gives up on ends in its DLQ.
      const ownQueue = key.startsWith('queue:') ? (key.slice('queue:'.length) as QueueName) : undefined;
      const invokedFirst = (name: string) => startsAsInvocation(name as QueueName);
      const expectedSend = [
        ...queuesFor(grants, 'send').map(queueId),
        ...queuesFor(grants, 'dead-letter').map(deadLetterQueueId),
        ...(ownQueue && invokedFirst(ownQueue) ? [deadLetterQueueId(ownQueue)] : []),
      ];
      expect([...new Set(sendTargets)].sort(), `${key} send targets`).toEqual(
        [...new Set(expectedSend)].sort(),
      );
      // It may invoke the worker of every other queue it sends to that starts jobs as invocations.
      const invokeTargets = statements
        .filter((statement) => asArray<string>(statement.Action).includes('lambda:InvokeFunction'))
        .flatMap((statement) => asArray<any>(statement.Resource))
        .map((resource) => JSON.stringify(resource));
      const invoked = queuesFor(grants, 'send').filter((name) => invokedFirst(name) && name !== ownQueue);
      expect(invokeTargets.length, `${key} invoke targets`).toBe(invoked.length);
      for (const name of invoked)
        expect(
          invokeTargets.some((resource) => resource.includes(pascalCaseWorker(name))),
          `${key} invokes ${name}`,
        ).toBe(true);
      expect(
        Object.keys(fnOf(key).resource.Properties!.Environment.Variables)
          .filter((name) => name.startsWith('WORKER_FUNCTION_'))
          .sort(),
        key,
      ).toEqual(invoked.map((name) => workerFunctionEnv(name as QueueName)).sort());
    }
  });

  it('has no IAM statement that allows data actions on Resource "*"', () => {
    const offenders: string[] = [];
    const statementsOf = (resource: CfnResource): any[] => [
      ...(resource.Properties?.PolicyDocument?.Statement ?? []),
      ...(resource.Properties?.Policies ?? []).flatMap((policy: any) => policy.PolicyDocument.Statement),
    ];
    for (const [id, resource] of [
      ...ofType(resources, 'AWS::IAM::Policy'),
      ...ofType(resources, 'AWS::IAM::Role'),
    ]) {
      for (const statement of statementsOf(resource)) {
        const data = asArray<string>(statement.Action).some(
          (action) => action === '*' || dataActionPrefixes.some((prefix) => action.startsWith(prefix)),
        );
        if (statement.Effect === 'Allow' && data && asArray(statement.Resource).includes('*'))
          offenders.push(`${id}: ${JSON.stringify(statement.Action)}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('keeps the single table on demand, with point-in-time recovery, TTL and the shared GSIs', () => {
    const [, tableResource] = single(resources, 'AWS::DynamoDB::GlobalTable');
    const props = tableResource.Properties!;
    expect(props.BillingMode).toBe('PAY_PER_REQUEST');
    expect(props.TimeToLiveSpecification).toEqual({ AttributeName: tableShape.ttlAttribute, Enabled: true });
    expect(props.KeySchema).toEqual([
      { AttributeName: tableShape.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableShape.sortKey, KeyType: 'RANGE' },
    ]);
    expect(props.Replicas).toHaveLength(1);
    expect(props.Replicas[0].PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(props.Replicas[0].DeletionProtectionEnabled).toBe(config.deletionProtection);
    for (const definition of props.AttributeDefinitions) expect(definition.AttributeType).toBe('S');
    // Lean indexes: the listings index holds keys only, the work index only what the sweeper reads.
    const projections: Record<string, unknown> = {
      gsi1: { ProjectionType: 'KEYS_ONLY' },
      gsi2: {
        ProjectionType: 'INCLUDE',
        NonKeyAttributes: [
          'accountId',
          'id',
          'transactionId',
          'type',
          'workSweeps',
          'sweptWorkSk',
          'attemptCount',
        ],
      },
      // The payer search: by e-mail (keys only) and by name (the normalised name, for the prefix).
      gsi3: { ProjectionType: 'KEYS_ONLY' },
      gsi4: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['payerNameKey'] },
    };
    expect(props.GlobalSecondaryIndexes).toEqual(
      Object.entries(tableShape.indexes).map(([name, index]) => ({
        IndexName: name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: projections[name],
      })),
    );
  });

  it(`${stages[stageName]!.retainData ? 'retains' : 'deletes'} stateful resources with the stack`, () => {
    const expected = config.retainData ? 'Retain' : 'Delete';
    const logsBucketId = logicalId(synthesized.stack, synthesized.stack.images.logsBucket);
    for (const type of [
      'AWS::DynamoDB::GlobalTable',
      'AWS::S3::Bucket',
      'AWS::SQS::Queue',
      'AWS::Logs::LogGroup',
    ]) {
      for (const [id, resource] of ofType(resources, type)) {
        if (id === logsBucketId) continue;
        expect(resource.DeletionPolicy, id).toBe(expected);
        expect(resource.UpdateReplacePolicy, id).toBe(expected);
      }
    }
    expect(synthesized.stack.terminationProtection).toBe(config.deletionProtection);
  });

  it('gives every queue a dead-letter queue, SSE, TLS-only access, and a worker reporting partial failures', () => {
    for (const [name, def] of Object.entries(queues)) {
      const mainId = queueId(name);
      const props = resources[mainId]!.Properties!;
      expect(props.RedrivePolicy.maxReceiveCount, name).toBe(def.maxReceiveCount);
      const dlqId = props.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0] as string;
      expect(resources[dlqId]!.Type).toBe('AWS::SQS::Queue');
      expect(dlqId).not.toBe(mainId);
      expect(props.VisibilityTimeout, name).toBe(6 * def.workerTimeoutSeconds);
      // The DLQ outlives the work queue: a dead-lettered message keeps its first enqueue time.
      expect(props.MessageRetentionPeriod, name).toBe(7 * 86_400);
      expect(resources[dlqId]!.Properties!.MessageRetentionPeriod, name).toBe(14 * 86_400);
      for (const id of [mainId, dlqId]) {
        expect(resources[id]!.Properties!.SqsManagedSseEnabled, id).toBe(true);
        const policy = ofType(resources, 'AWS::SQS::QueuePolicy').find(([, candidate]) =>
          candidate.Properties!.Queues.some((queue: any) => queue.Ref === id),
        );
        expect(policy?.[1].Properties?.PolicyDocument.Statement, id).toContainEqual(
          expect.objectContaining({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        );
      }

      const worker = fnOf(`queue:${name}`);
      expect(worker.resource.Properties!.Timeout).toBe(def.workerTimeoutSeconds);
      const mappings = ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(
        ([, mapping]) => mapping.Properties!.FunctionName.Ref === worker.id,
      );
      expect(mappings).toHaveLength(1);
      expect(mappings[0]![1].Properties).toMatchObject({
        BatchSize: def.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        EventSourceArn: { 'Fn::GetAtt': [mainId, 'Arn'] },
      });
    }
  });

  it('runs each schedule on an EventBridge rule', () => {
    for (const [name, def] of Object.entries(expectedSchedules)) {
      const fn = fnOf(`schedule:${name}`);
      const rules = ofType(resources, 'AWS::Events::Rule').filter(([, rule]) =>
        rule.Properties!.Targets.some((target: any) => target.Arn['Fn::GetAtt']?.[0] === fn.id),
      );
      expect(rules).toHaveLength(1);
      expect(rules[0]![1].Properties!.ScheduleExpression).toBe(
        `rate(${def.everyMinutes} minute${def.everyMinutes === 1 ? '' : 's'})`,
      );
    }
  });

  it('keeps the image bucket private and serves it only through CloudFront with origin access control', () => {
    const bucketId = logicalId(synthesized.stack, synthesized.stack.images.bucket);
    for (const [id, bucket] of ofType(resources, 'AWS::S3::Bucket')) {
      expect(bucket.Properties!.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties!.BucketEncryption, id).toBeDefined();
    }
    expect(resources[bucketId]!.Properties!.OwnershipControls).toEqual({
      Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }],
    });

    const policy = ofType(resources, 'AWS::S3::BucketPolicy').find(
      ([, candidate]) => candidate.Properties!.Bucket.Ref === bucketId,
    )![1];
    const statements = policy.Properties!.PolicyDocument.Statement as any[];
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    for (const statement of statements.filter((candidate) => candidate.Effect === 'Allow')) {
      expect(JSON.stringify(statement.Principal)).not.toMatch(/"\*"/);
    }
    const cloudFront = statements.find(
      (statement) => statement.Principal?.Service === 'cloudfront.amazonaws.com',
    );
    expect(cloudFront).toMatchObject({ Effect: 'Allow', Action: 's3:GetObject' });
    expect(JSON.stringify(cloudFront.Condition)).toMatch(/AWS:SourceArn/);

    const [, distribution] = single(resources, 'AWS::CloudFront::Distribution');
    const origin = distribution.Properties!.DistributionConfig.Origins[0];
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(origin.S3OriginConfig.OriginAccessIdentity).toBe('');
    expect(distribution.Properties!.DistributionConfig.DefaultCacheBehavior.ViewerProtocolPolicy).toBe(
      'redirect-to-https',
    );
    // One, shared by both buckets behind the distribution: the images and the dashboard's files.
    expect(ofType(resources, 'AWS::CloudFront::OriginAccessControl')).toHaveLength(1);
    for (const each of distribution.Properties!.DistributionConfig.Origins as any[])
      expect(each.OriginAccessControlId).toBeDefined();
  });

  it("throttles and logs the API stage, with CORS for the dashboard's origin only", () => {
    const [, stage] = single(resources, 'AWS::ApiGatewayV2::Stage');
    expect(stage.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: config.throttle.rateLimit,
        ThrottlingBurstLimit: config.throttle.burstLimit,
      },
    });
    const format = JSON.parse(stage.Properties!.AccessLogSettings.Format as string) as Record<string, string>;
    expect(format.requestId).toBe('$context.requestId');
    expect(Object.values(format).join(' ')).not.toMatch(/authorization/i);
    const [, api] = single(resources, 'AWS::ApiGatewayV2::Api');
    const dashboardOrigin = {
      'Fn::Join': [
        '',
        [
          'https://',
          {
            'Fn::GetAtt': [logicalId(synthesized.stack, synthesized.stack.images.distribution), 'DomainName'],
          },
        ],
      ],
    };
    expect(api.Properties!.CorsConfiguration.AllowOrigins).toEqual([dashboardOrigin]);
  });

  it('alarms on every dead-letter queue, every function and the API 5xx rate, into one topic', () => {
    const alarms = ofType(resources, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties!);
    const [topicId] = single(resources, 'AWS::SNS::Topic');
    for (const alarm of alarms) expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);

    for (const [name] of Object.entries(queues)) {
      const mainId = queueId(name);
      const dlqId = resources[mainId]!.Properties!.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0];
      const dlqAlarm = alarms.find(
        (alarm) =>
          alarm.MetricName === 'ApproximateNumberOfMessagesVisible' &&
          JSON.stringify(alarm.Dimensions).includes(dlqId),
      );
      expect(dlqAlarm, name).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    }
    const errorAlarms = alarms.filter((alarm) => alarm.MetricName === 'Errors');
    if (config.functionErrorAlarms === 'per-function')
      for (const key of serviceFunctionKeys()) {
        const { id } = fnOf(key);
        const errorAlarm = errorAlarms.find((alarm) => alarm.Dimensions?.[0]?.Value?.Ref === id);
        expect(errorAlarm, key).toMatchObject({
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        });
      }
    else {
      // One alarm on the account's Lambda errors in the region: no function dimension.
      expect(errorAlarms).toHaveLength(1);
      expect(errorAlarms[0]).toMatchObject({
        Namespace: 'AWS/Lambda',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
      expect(errorAlarms[0]!.Dimensions).toBeUndefined();
    }
    const apiAlarm = alarms.find((alarm) =>
      (alarm.Metrics as any[] | undefined)?.some((metric) => metric.MetricStat?.Metric.MetricName === '5xx'),
    );
    expect(apiAlarm).toMatchObject({ Threshold: config.apiErrorRatePercent });
    const abandoned = alarms.find((alarm) => alarm.MetricName === 'WorkAbandoned');
    expect(abandoned).toMatchObject({
      Namespace: 'CatalogCashin',
      Dimensions: [{ Name: 'Stage', Value: stageName }],
      Threshold: 1,
    });
    expect(ofType(resources, 'AWS::SNS::Subscription')).toHaveLength(stageName === 'prod' ? 1 : 0);
    expect(ofType(resources, 'AWS::CloudWatch::Dashboard')).toHaveLength(1);
  });

  it("lets only this account's CloudWatch alarms publish to the alarm topic, over TLS", () => {
    const [topicId] = single(resources, 'AWS::SNS::Topic');
    const [, policy] = single(resources, 'AWS::SNS::TopicPolicy');
    expect(policy.Properties!.Topics).toEqual([{ Ref: topicId }]);
    const statements = policy.Properties!.PolicyDocument.Statement as any[];
    expect(statements).toContainEqual({
      Sid: 'AllowCloudWatchAlarmsOfThisAccount',
      Effect: 'Allow',
      Principal: { Service: 'cloudwatch.amazonaws.com' },
      Action: 'sns:Publish',
      Resource: { Ref: topicId },
      Condition: {
        StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
        ArnLike: {
          'aws:SourceArn': {
            'Fn::Join': ['', ['arn:aws:cloudwatch:us-east-1:', { Ref: 'AWS::AccountId' }, ':alarm:*']],
          },
        },
      },
    });
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  it('names what is unique per account (dashboard, CloudFront origin access control) by stage and region', () => {
    const [, dashboard] = single(resources, 'AWS::CloudWatch::Dashboard');
    expect(dashboard.Properties!.DashboardName).toBe(`catalog-cashin-${stageName}-us-east-1`);
    const [, access] = single(resources, 'AWS::CloudFront::OriginAccessControl');
    expect(access.Properties!.OriginAccessControlConfig.Name).toBe(
      `catalog-cashin-${stageName}-us-east-1-images`,
    );
  });

  it('keeps the access-log bucket on destroy (logs keep arriving after it is emptied)', () => {
    const logsBucketId = logicalId(synthesized.stack, synthesized.stack.images.logsBucket);
    expect(resources[logsBucketId]).toMatchObject({
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    const emptied = ofType(resources, 'Custom::S3AutoDeleteObjects').map(
      ([, resource]) => resource.Properties!.BucketName.Ref,
    );
    expect(emptied).not.toContain(logsBucketId);
    const bucketId = logicalId(synthesized.stack, synthesized.stack.images.bucket);
    const dashboardBucketId = logicalId(synthesized.stack, synthesized.stack.dashboardSite.bucket);
    const exportsBucketId = logicalId(synthesized.stack, synthesized.stack.exportFiles.bucket);
    expect(emptied.sort()).toEqual(
      config.retainData ? [] : [dashboardBucketId, bucketId, exportsBucketId].sort(),
    );
  });

  it('leaves retries of a schedule to its next tick: no EventBridge and no Lambda async retries', () => {
    for (const name of Object.keys(expectedSchedules)) {
      const fn = fnOf(`schedule:${name}`);
      const [, invokeConfig] = ofType(resources, 'AWS::Lambda::EventInvokeConfig').find(
        ([, candidate]) => candidate.Properties!.FunctionName.Ref === fn.id,
      )!;
      expect(invokeConfig.Properties).toMatchObject({ MaximumRetryAttempts: 0, Qualifier: '$LATEST' });
      const [, rule] = ofType(resources, 'AWS::Events::Rule').find(([, candidate]) =>
        candidate.Properties!.Targets.some((target: any) => target.Arn['Fn::GetAtt']?.[0] === fn.id),
      )!;
      expect(rule.Properties!.Targets[0].RetryPolicy).toMatchObject({ MaximumRetryAttempts: 0 });
    }
  });

  it('lets every queue be received at least 5 times before its DLQ (Lambda event-source advice)', () => {
    for (const name of Object.keys(queues)) {
      expect(
        resources[queueId(name)]!.Properties!.RedrivePolicy.maxReceiveCount,
        name,
      ).toBeGreaterThanOrEqual(5);
    }
  });

  it('says in each alarm what to do; a parked webhook job is redelivered through the API, not redriven', () => {
    const described = ofType(resources, 'AWS::CloudWatch::Alarm').map(
      ([, alarm]) => alarm.Properties!.AlarmDescription as string,
    );
    for (const description of described) expect(description.length).toBeLessThanOrEqual(1024);
    const parking = Object.entries(queues).filter(([name, def]) =>
      (def.grants as readonly string[]).includes(`queue:${name}:dead-letter`),
    );
    expect(parking).toHaveLength(1);
    const [parkingName] = parking[0]!;
    const dlqId = deadLetterQueueId(parkingName);
    const parkedAlarm = ofType(resources, 'AWS::CloudWatch::Alarm').find(([, alarm]) =>
      JSON.stringify(alarm.Properties!.Dimensions).includes(dlqId),
    )![1];
    expect(parkedAlarm.Properties!.AlarmDescription).toMatch(/POST \/events\/:id\/redeliver/);
    expect(parkedAlarm.Properties!.AlarmDescription).toMatch(/Do NOT redrive/);
    for (const name of Object.keys(queues).filter((name) => name !== parkingName)) {
      const alarm = ofType(resources, 'AWS::CloudWatch::Alarm').find(([, candidate]) =>
        JSON.stringify(candidate.Properties!.Dimensions).includes(deadLetterQueueId(name)),
      )![1];
      expect(alarm.Properties!.AlarmDescription, name).toMatch(/sweeper re-enqueues/);
    }
    if (config.functionErrorAlarms === 'per-function')
      for (const key of serviceFunctionKeys()) {
        expect(
          described.find((text) => text.startsWith(`${key}:`)),
          key,
        ).toMatch(/log group/);
      }
    else expect(described.find((text) => text.startsWith('A function of this account'))).toMatch(/log group/);
  });

  it(
    stageName === 'prod'
      ? 'serves the API only on its custom domain, with its Route 53 alias record'
      : 'keeps the execute-api endpoint when there is no custom domain',
    () => {
      const [, api] = single(resources, 'AWS::ApiGatewayV2::Api');
      expect(api.Properties!.DisableExecuteApiEndpoint).toBe(stageName === 'prod');
      expect(ofType(resources, 'AWS::Route53::RecordSet')).toHaveLength(stageName === 'prod' ? 1 : 0);
    },
  );

  it('passes cdk-nag (AwsSolutions) with only acknowledged findings, and CDK reports no warnings', () => {
    const report = new AwsSolutionsChecks().validateScope(synthesized.stack);
    const findings = report.violations.map(
      (violation) => `${violation.ruleName} (${violation.severity}): ${violation.description.split('\n')[0]}`,
    );
    expect(findings).toEqual([]);
    // The root stack's artifact carries the annotations of its nested stacks' constructs too.
    const annotations = Annotations.fromStack(synthesized.stack);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
    expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
  });
});
