// The tables in shared/ are the only lists: a new row yields its route, function, grants and
// alarms with no change to infra/; a bad row fails the synth with a message that names it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployedSchedules } from '../../infra/stack.ts';
import { resolveStage } from '../../infra/stages.ts';
import type { Grant } from '../../shared/grants.ts';
import type { QueueDef } from '../../shared/queues.ts';
import { queues, schedules } from '../../shared/queues.ts';
import type { RouteDef } from '../../shared/route-def.ts';
import { routeList, routes } from '../../shared/route-table.ts';
import { asArray, logicalId, ofType, roleStatements, type Synthesized, synth } from './synth.ts';

const baseRoutes = routeList();
// Any existing handler module will do: the point is the wiring, not the code.
const extraRoute = {
  ...routes.getAccount,
  name: 'getAccountAuditLog',
  method: 'GET',
  path: '/v2/account/audit-log',
  grants: ['table:read', 'queue:deliver-event:send'],
} as const satisfies RouteDef & { name: string };
const extraQueue: QueueDef = {
  worker: queues['deliver-event'].worker,
  workerTimeoutSeconds: 15,
  batchSize: 4,
  maxReceiveCount: 5,
  grants: ['table:read'],
};

describe('a new row in the route and queue tables', () => {
  let synthesized: Synthesized;
  beforeAll(() => {
    synthesized = synth('dev', {
      tables: { routes: [...baseRoutes, extraRoute], queues: { ...queues, audits: extraQueue } },
    });
  }, 120_000);
  afterAll(() => synthesized?.cleanup());

  it('adds the API route, pointing at a new function of its own', () => {
    const { resources, stack } = synthesized;
    const routeResources = ofType(resources, 'AWS::ApiGatewayV2::Route');
    expect(routeResources).toHaveLength(baseRoutes.filter((r) => r.servedAt !== 'function-url').length + 1);
    const [, route] = routeResources.find(
      ([, candidate]) => candidate.Properties!.RouteKey === 'GET /v2/account/audit-log',
    )!;
    const integrationId = (route.Properties!.Target['Fn::Join'][1] as any[])[1].Ref as string;
    const functionId = resources[integrationId]!.Properties!.IntegrationUri['Fn::GetAtt'][0] as string;

    const built = stack.functions.get('route:getAccountAuditLog')!;
    expect(functionId).toBe(logicalId(stack, built.function));
    expect(stack.functions.get('route:getAccount')!.function).not.toBe(built.function);
    expect(resources[functionId]!.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
    });
    expect(
      ofType(resources, 'AWS::Lambda::Function').filter(
        ([id]) => !id.startsWith('CustomS3AutoDelete') && !id.startsWith('CustomCDKBucketDeployment'),
      ),
    ).toHaveLength(
      // … + the CDN invalidator of deleted images
      baseRoutes.length +
        1 +
        Object.keys(queues).length +
        1 +
        Object.keys(deployedSchedules(resolveStage('dev'), schedules)).length +
        1,
    );
  });

  it('grants the new function what its row lists, and nothing more', () => {
    const { resources, stack } = synthesized;
    const fn = resources[logicalId(stack, stack.functions.get('route:getAccountAuditLog')!.function)]!;
    const roleId = fn.Properties!.Role['Fn::GetAtt'][0] as string;
    const statements = roleStatements(resources, roleId);
    const actions = statements.flatMap((statement) => asArray<string>(statement.Action));
    expect(actions).toContain('dynamodb:GetItem');
    expect(actions).not.toContain('dynamodb:PutItem');
    // The writes a route with a key gets besides its row: spending its account's rate-limit tokens,
    // and noting the day its key was used (that one attribute only).
    const updates = statements.filter((statement) =>
      asArray<string>(statement.Action).includes('dynamodb:UpdateItem'),
    );
    expect(updates.map((statement) => statement.Condition)).toEqual([
      { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#*'] } },
      {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['KEY#*'] },
        'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['pk', 'sk', 'lastUsedOn'] },
      },
    ]);
    expect(actions.filter((action) => action.startsWith('s3:'))).toEqual([]);

    const webhooksId = logicalId(stack, stack.workQueues.byName.get('deliver-event')!.queue);
    const send = statements.filter((statement) =>
      asArray<string>(statement.Action).includes('sqs:SendMessage'),
    );
    expect(send.flatMap((statement) => asArray<any>(statement.Resource))).toEqual([
      { 'Fn::GetAtt': [webhooksId, 'Arn'] },
    ]);
    expect(fn.Properties!.Environment.Variables.QUEUE_URL_DELIVER_EVENT).toEqual({ Ref: webhooksId });
    expect(
      Object.keys(fn.Properties!.Environment.Variables).filter((name) => name.startsWith('QUEUE_URL_')),
    ).toEqual(['QUEUE_URL_DELIVER_EVENT']);
  });

  it('adds a queue with its dead-letter queue, its worker, and their alarms', () => {
    const { resources, stack } = synthesized;
    const audits = stack.workQueues.byName.get('audits')!;
    const queue = resources[logicalId(stack, audits.queue)]!;
    expect(queue.Properties).toMatchObject({
      VisibilityTimeout: 90,
      RedrivePolicy: {
        maxReceiveCount: 5,
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(stack, audits.deadLetterQueue), 'Arn'] },
      },
    });
    const workerId = logicalId(stack, stack.functions.get('queue:audits')!.function);
    const mappings = ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(
      ([, candidate]) => candidate.Properties!.FunctionName.Ref === workerId,
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0]![1].Properties).toMatchObject({
      BatchSize: 4,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const alarms = ofType(resources, 'AWS::CloudWatch::Alarm').map(([, alarm]) =>
      JSON.stringify(alarm.Properties),
    );
    // Messages parked, and the oldest one parked too long.
    const dlqAlarms = alarms.filter((alarm) => alarm.includes(logicalId(stack, audits.deadLetterQueue)));
    expect(dlqAlarms.map((alarm) => JSON.parse(alarm).MetricName).sort()).toEqual([
      'ApproximateAgeOfOldestMessage',
      'ApproximateNumberOfMessagesVisible',
    ]);
    // Dev pages on function errors account-wide (infra/stages.ts): the worker's errors are in it.
    expect(
      alarms.filter((alarm) => alarm.includes(`"Ref":"${workerId}"`) && alarm.includes('"Errors"')),
    ).toHaveLength(0);
    expect(
      alarms.filter((alarm) => alarm.includes('"AWS/Lambda"') && alarm.includes('"Errors"')),
    ).toHaveLength(1);
  });
});

describe('a bad row fails the synth with a message that names it', () => {
  const cases: Array<[string, Array<RouteDef & { name: string }>, RegExp]> = [
    [
      'missing handler file',
      [
        ...baseRoutes,
        { ...extraRoute, name: 'ghost', path: '/ghost', handler: 'functions/http/no-such-handler.ts' },
      ],
      /route:ghost: handler file functions\/http\/no-such-handler\.ts does not exist/,
    ],
    [
      'unknown queue in a grant',
      [...baseRoutes, { ...extraRoute, grants: ['queue:nowhere:send' as Grant] }],
      /route:getAccountAuditLog: unknown grant "queue:nowhere:send"/,
    ],
    [
      'repeated method and path',
      [...baseRoutes, { ...extraRoute, path: routes.getHealth.path }],
      /route table: getAccountAuditLog repeats GET \/health/,
    ],
  ];
  it.each(cases)('%s', (_label, routeRows, message) => {
    expect(() => synth('prod', { tables: { routes: routeRows } })).toThrow(message);
  });

  it('a worker whose module is missing', () => {
    expect(() =>
      synth('prod', {
        tables: {
          queues: { ...queues, audits: { ...extraQueue, worker: 'functions/workers/no-such-worker.ts' } },
        },
      }),
    ).toThrow(/queue:audits: handler file functions\/workers\/no-such-worker\.ts does not exist/);
  });
});
