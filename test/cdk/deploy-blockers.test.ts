// The deploy blockers an audit found (issue 26, item 5), one test each: names global to an
// account, the certificate's region, the Pix PSP secret, SQS visibility, public route throttles,
// the schedules a stage runs, alarms the Errors alarm cannot raise, item-level table actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadLetterAgeAlarmHours } from '../../infra/constructs/alarms.ts';
import { tableReadActions, tableWriteActions } from '../../infra/constructs/grants.ts';
import { functionUrlOutputName } from '../../infra/names.ts';
import { deployedSchedules } from '../../infra/stack.ts';
import { resolveStage, type StageOverrides, stages } from '../../infra/stages.ts';
import type { Grant } from '../../shared/grants.ts';
import { type QueueDef, queues, schedules } from '../../shared/queues.ts';
import { routeList } from '../../shared/route-table.ts';
import { batchItemFailureMessage } from '../../shared/workers/sqs-worker.ts';
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

const pixOverrides = {
  pixApiBaseUrl: 'https://pix.psp.example/api/v2',
  pixApiChave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
  pixApiClientId: 'cashin',
  pixApiSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:catalog-cashin/pix-api-AbC123',
};

function withRegion<T>(region: string, work: () => T): T {
  const before = process.env.CDK_DEFAULT_REGION;
  process.env.CDK_DEFAULT_REGION = region;
  try {
    return work();
  } finally {
    if (before === undefined) delete process.env.CDK_DEFAULT_REGION;
    else process.env.CDK_DEFAULT_REGION = before;
  }
}

const roleOf = (synthesized: Synthesized, key: string) => {
  const id = logicalId(synthesized.stack, synthesized.stack.functions.get(key)!.function);
  return synthesized.resources[id]!.Properties!.Role['Fn::GetAtt'][0] as string;
};

describe('names global to an account carry stage and region', () => {
  /** Every named CloudFront and CloudWatch resource type the stack may create, and its name. */
  const globalNames: Record<string, (properties: Record<string, any>) => unknown> = {
    'AWS::CloudFront::ResponseHeadersPolicy': (p) => p.ResponseHeadersPolicyConfig.Name,
    'AWS::CloudFront::Function': (p) => p.Name,
    'AWS::CloudFront::OriginAccessControl': (p) => p.OriginAccessControlConfig.Name,
    'AWS::CloudFront::CachePolicy': (p) => p.CachePolicyConfig.Name,
    'AWS::CloudFront::OriginRequestPolicy': (p) => p.OriginRequestPolicyConfig.Name,
    'AWS::CloudWatch::Dashboard': (p) => p.DashboardName,
  };

  it.each(['us-east-1', 'sa-east-1'])(
    'in %s',
    (region) => {
      const synthesized = withRegion(region, () => synth('staging'));
      try {
        const named = Object.entries(synthesized.resources).filter(
          ([, resource]) =>
            resource.Type in globalNames ||
            (resource.Type.startsWith('AWS::CloudFront::') &&
              resource.Type !== 'AWS::CloudFront::Distribution'),
        );
        expect(named.map(([, resource]) => resource.Type).sort()).toEqual([
          'AWS::CloudFront::Function',
          'AWS::CloudFront::OriginAccessControl',
          'AWS::CloudFront::ResponseHeadersPolicy',
          'AWS::CloudWatch::Dashboard',
        ]);
        for (const [id, resource] of named) {
          const name = globalNames[resource.Type]?.(resource.Properties ?? {});
          expect(name, id).toEqual(expect.stringContaining(`catalog-cashin-staging-${region}`));
        }
      } finally {
        synthesized.cleanup();
      }
    },
    120_000,
  );
});

describe('custom domain certificate', () => {
  it("must be in the stack's region, checked at synth", () => {
    const elsewhere = 'arn:aws:acm:eu-west-1:123456789012:certificate/00000000-0000-0000-0000-000000000000';
    expect(() => synth('prod', { overrides: { ...prodOverrides, certificateArn: elsewhere } })).toThrow(
      /certificateArn is in eu-west-1, but the stack deploys to us-east-1/,
    );
    expect(() => synth('prod', { overrides: { ...prodOverrides, certificateArn: 'my-cert' } })).toThrow(
      /certificateArn "my-cert" is not an ACM certificate ARN/,
    );
  });
});

describe('API Pix secret', () => {
  it('is an existing, filled secret named at deploy time; the stack never creates a placeholder', () => {
    const { pixApiSecretArn: _arn, ...withoutSecret } = pixOverrides;
    expect(() => resolveStage('staging', withoutSecret)).toThrow(
      /pixApiSecretArn=<ARN of a Secrets Manager secret/,
    );
    expect(() =>
      resolveStage('staging', {
        ...pixOverrides,
        pixApiSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:catalog-cashin/pix-api',
      }),
    ).toThrow(/not a complete Secrets Manager secret ARN/);
    expect(() => resolveStage('staging', { pixApiSecretArn: pixOverrides.pixApiSecretArn })).toThrow(
      /applies only with -c pixApiBaseUrl/,
    );
    expect(() =>
      synth('staging', {
        overrides: {
          ...pixOverrides,
          pixApiSecretArn: pixOverrides.pixApiSecretArn.replace('us-east-1', 'sa-east-1'),
        },
      }),
    ).toThrow(/pixApiSecretArn is in sa-east-1, but the stack deploys to us-east-1/);
  });
});

describe('SQS visibility timeout', () => {
  it('is at least six times the timeout of the worker that consumes the queue, for every queue', () => {
    const slow: QueueDef = { ...queues['deliver-event'], workerTimeoutSeconds: 45, grants: ['table:read'] };
    const synthesized = synth('dev', { tables: { queues: { ...queues, slow } } });
    try {
      const { resources, stack } = synthesized;
      expect(stack.workQueues.byName.size).toBe(Object.keys(queues).length + 1);
      for (const [name, { queue }] of stack.workQueues.byName) {
        const queueId = logicalId(stack, queue);
        const mappings = ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(
          ([, mapping]) => mapping.Properties!.EventSourceArn['Fn::GetAtt']?.[0] === queueId,
        );
        expect(mappings, name).toHaveLength(1);
        const worker = resources[mappings[0]![1].Properties!.FunctionName.Ref as string]!;
        const timeout = worker.Properties!.Timeout as number;
        expect(timeout, name).toBeGreaterThan(0);
        expect(resources[queueId]!.Properties!.VisibilityTimeout, name).toBeGreaterThanOrEqual(6 * timeout);
      }
    } finally {
      synthesized.cleanup();
    }
  }, 120_000);
});

describe.each(['dev', 'prod'] as const)('stage %s', (stageName) => {
  const config = stages[stageName]!;
  let synthesized: Synthesized;
  let resources: Record<string, CfnResource>;
  beforeAll(() => {
    synthesized = synth(stageName);
    resources = synthesized.resources;
  }, 120_000);
  afterAll(() => synthesized?.cleanup());

  it('deploys the schedules its rails call for, each with reserved concurrency 1', () => {
    const keys = [...synthesized.stack.functions.keys()].filter((key) => key.startsWith('schedule:'));
    expect(keys.map((key) => key.slice('schedule:'.length)).sort()).toEqual(
      Object.keys(deployedSchedules(synthesized.stack.stage, schedules)).sort(),
    );
    for (const key of keys) {
      const id = logicalId(synthesized.stack, synthesized.stack.functions.get(key)!.function);
      // Two runs never overlap: a listing read twice at once, or two sweeps racing.
      expect(resources[id]!.Properties!.ReservedConcurrentExecutions, key).toBe(1);
    }
  });

  it('serves the PSP notifications at public function URLs of their own, not on the API, throttled by reserved concurrency', () => {
    const atUrls = routeList().filter((route) => route.servedAt === 'function-url');
    expect(atUrls.map((route) => route.name).sort()).toEqual([
      'receiveCycleChargeNotification',
      'receivePixNotification',
      'receiveRecurrenceNotification',
    ]);
    const routeKeys = ofType(resources, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties!.RouteKey);
    const urls = ofType(resources, 'AWS::Lambda::Url');
    expect(urls).toHaveLength(atUrls.length);
    const outputs = synthesized.templates[0]!.json.Outputs as Record<string, { Value: unknown }>;
    for (const route of atUrls) {
      expect(routeKeys, route.name).not.toContain(`${route.method} ${route.path}`);
      // The path a function URL passes on is the route's, so the function checks it (admission.ts).
      expect(route.path, route.name).not.toContain('{');
      const id = logicalId(
        synthesized.stack,
        synthesized.stack.functions.get(`route:${route.name}`)!.function,
      );
      const [, url] = urls.find(([, u]) => u.Properties!.TargetFunctionArn['Fn::GetAtt'][0] === id)!;
      expect(url.Properties!.AuthType, route.name).toBe('NONE');
      expect(resources[id]!.Properties!.ReservedConcurrentExecutions, route.name).toBe(
        config.capacity.functionUrls,
      );
      // Anyone may call the URL, and only through it: AuthType NONE needs both statements.
      const permissions = ofType(resources, 'AWS::Lambda::Permission')
        .filter(
          ([, p]) =>
            JSON.stringify(p.Properties!.FunctionName).includes(id) && p.Properties!.Principal === '*',
        )
        .map(([, p]) => p.Properties);
      expect(permissions, route.name).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ Action: 'lambda:InvokeFunctionUrl', FunctionUrlAuthType: 'NONE' }),
          expect.objectContaining({ Action: 'lambda:InvokeFunction', InvokedViaFunctionUrl: true }),
        ]),
      );
      expect(permissions, route.name).toHaveLength(2);
      // `npm run pix:webhooks` reads it from the outputs `cdk deploy --outputs-file` writes.
      expect(outputs[functionUrlOutputName(route.name)], route.name).toBeDefined();
    }
  });

  it('throttles each public route on its own, below the merchant routes', () => {
    const publicKeys = routeList()
      .filter(
        (route) =>
          route.auth === 'none' &&
          route.servedAt !== 'function-url' &&
          (config.sandboxRails || !route.sandboxOnly),
      )
      .map((route) => `${route.method} ${route.path}`);
    expect(publicKeys).toEqual(
      expect.arrayContaining(['GET /health', 'GET /openapi.json', 'GET /docs', 'GET /pay/boleto/{token}']),
    );
    const [stageId, apiStage] = single(resources, 'AWS::ApiGatewayV2::Stage');
    const settings = apiStage.Properties!.RouteSettings as Record<string, Record<string, number>>;
    expect(Object.keys(settings).sort()).toEqual([...publicKeys].sort());
    for (const key of publicKeys) {
      expect(settings[key], key).toEqual({
        ThrottlingRateLimit: config.publicRouteThrottle.rateLimit,
        ThrottlingBurstLimit: config.publicRouteThrottle.burstLimit,
      });
    }
    expect(config.publicRouteThrottle.rateLimit).toBeLessThan(config.throttle.rateLimit);
    expect(config.publicRouteThrottle.burstLimit).toBeLessThan(config.throttle.burstLimit);
    // Route settings name routes of the nested stacks: the stage is updated after they exist.
    const publicStack = synthesized.templates.find(({ path }) => path.endsWith('/RoutesPublic'))!;
    const publicStackId = synthesized.stack.resolve(
      (publicStack.stack as any).nestedStackResource.logicalId,
    ) as string;
    expect(resources[stageId]!.DependsOn).toContain(publicStackId);
  });

  it('counts each worker’s failed batch items from its log group, and pages on them', () => {
    const alarms = ofType(resources, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties!);
    for (const name of Object.keys(queues)) {
      const worker = synthesized.stack.functions.get(`queue:${name}`)!;
      const logGroupId = logicalId(synthesized.stack, worker.logGroup);
      const filters = ofType(resources, 'AWS::Logs::MetricFilter').filter(
        ([, filter]) => filter.Properties!.LogGroupName.Ref === logGroupId,
      );
      expect(filters, name).toHaveLength(1);
      const filter = filters[0]![1].Properties!;
      expect(filter.FilterPattern, name).toContain(batchItemFailureMessage);
      const [transformation] = filter.MetricTransformations;
      expect(transformation.MetricValue).toBe('1');
      const alarm = alarms.find(
        (candidate) =>
          candidate.MetricName === transformation.MetricName &&
          candidate.Namespace === transformation.MetricNamespace,
      );
      expect(alarm, name).toMatchObject({
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
      expect(alarm!.AlarmActions, name).toHaveLength(1);
    }
    // One metric per worker and stage: two stages in one account do not share an alarm's metric.
    const names = ofType(resources, 'AWS::Logs::MetricFilter').map(([, filter]) =>
      JSON.stringify(filter.Properties!.MetricTransformations[0]),
    );
    expect(new Set(names).size).toBe(Object.keys(queues).length);
    expect(names.join()).toContain(`CatalogCashin/${stageName}`);
  });

  it('pages again on a DLQ whose oldest message waits too long (a second parked message)', () => {
    const alarms = ofType(resources, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties!);
    for (const [name, { deadLetterQueue }] of synthesized.stack.workQueues.byName) {
      const dlqId = logicalId(synthesized.stack, deadLetterQueue);
      const age = alarms.find(
        (alarm) =>
          alarm.MetricName === 'ApproximateAgeOfOldestMessage' &&
          JSON.stringify(alarm.Dimensions).includes(dlqId),
      );
      expect(age, name).toMatchObject({
        Threshold: deadLetterAgeAlarmHours * 3600,
        ComparisonOperator: 'GreaterThanThreshold',
      });
      expect(age!.AlarmActions, name).toHaveLength(1);
    }
  });

  it('gives every function item-level table actions only: no Scan, no stream reads', () => {
    const allowed = new Set([...tableWriteActions]);
    for (const key of synthesized.stack.functions.keys()) {
      const statements = roleStatements(resources, roleOf(synthesized, key)).filter((statement) =>
        asArray<string>(statement.Action).some((action) => action.startsWith('dynamodb:')),
      );
      for (const statement of statements)
        for (const action of asArray<string>(statement.Action))
          expect(allowed.has(action), `${key}: ${action}`).toBe(true);
    }
    const readOnly = routeList().find((route) => (route.grants as readonly Grant[]).includes('table:read'))!;
    const [readStatement] = roleStatements(resources, roleOf(synthesized, `route:${readOnly.name}`)).filter(
      (statement) => !statement.Condition && asArray<string>(statement.Action).includes('dynamodb:Query'),
    );
    expect(asArray<string>(readStatement!.Action).toSorted()).toEqual([...tableReadActions].sort());
    const tableId = logicalId(synthesized.stack, synthesized.stack.table);
    expect(asArray(readStatement!.Resource)).toHaveLength(2);
    expect(asArray(readStatement!.Resource)).toEqual(
      expect.arrayContaining([
        { 'Fn::GetAtt': [tableId, 'Arn'] },
        { 'Fn::Join': ['', [{ 'Fn::GetAtt': [tableId, 'Arn'] }, '/index/*']] },
      ]),
    );
    const writer = roleStatements(resources, roleOf(synthesized, 'route:createProduct')).find(
      (statement) => !statement.Condition && asArray<string>(statement.Action).includes('dynamodb:PutItem'),
    );
    expect(asArray<string>(writer!.Action).toSorted()).toEqual([...tableWriteActions].sort());
  });
});

describe('schedules', () => {
  // Which schedules a stage runs is the stack's pure choice; each stage block above checks that
  // its synthesized template deploys exactly those (one synth per stage, not one per case).
  const scheduleNames = (stageName: string, overrides: StageOverrides = {}) =>
    Object.keys(deployedSchedules(resolveStage(stageName, overrides), schedules)).sort();

  it('runs a listing job only where its rail exists', () => {
    expect(scheduleNames('dev')).toEqual([
      'chargeSubscriptionCycles',
      'reconcileSandboxPayments',
      'sweepPendingWork',
    ]);
    expect(scheduleNames('prod', prodOverrides)).toEqual(['chargeSubscriptionCycles', 'sweepPendingWork']);
    expect(scheduleNames('staging', pixOverrides)).toEqual([
      'chargeSubscriptionCycles',
      'reconcileApiPixPayments',
      'reconcileSandboxPayments',
      'sweepPendingWork',
    ]);
    expect(scheduleNames('prod', { ...prodOverrides, ...pixOverrides })).toEqual([
      'chargeSubscriptionCycles',
      'reconcileApiPixPayments',
      'sweepPendingWork',
    ]);
  });
});
