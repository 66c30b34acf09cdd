// Isolation in AWS: the capacity each worker and the sweeper keep for themselves (reserved
// concurrency, SQS maxConcurrency) per stage, the per-account rate limit per stage, and
// least privilege on data for every function reached without an API key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stages } from '../../infra/stages.ts';
import { type QueueName, queues } from '../../shared/queues.ts';
import { routeList } from '../../shared/route-table.ts';
import { keyScopes } from '../../shared/store/keys.ts';
import {
  asArray,
  type CfnResource,
  logicalId,
  ofType,
  roleStatements,
  type Synthesized,
  synth,
} from './synth.ts';

const pinned = {
  dev: {
    rateLimitPerSecond: 25,
    workers: {
      'fill-instruction': 5,
      'watch-payment': 5,
      'deliver-event': 5,
      'settle-refund': 2,
      'send-email': 2,
    },
    sweeper: 1,
    functionUrls: 2,
  },
  staging: {
    rateLimitPerSecond: 25,
    workers: {
      'fill-instruction': 10,
      'watch-payment': 10,
      'deliver-event': 20,
      'settle-refund': 5,
      'send-email': 5,
    },
    sweeper: 1,
    functionUrls: 5,
  },
  prod: {
    rateLimitPerSecond: 100,
    workers: {
      'fill-instruction': 50,
      'watch-payment': 50,
      'deliver-event': 100,
      'settle-refund': 10,
      'send-email': 20,
    },
    sweeper: 1,
    functionUrls: 20,
  },
} as const;

describe.each(['dev', 'staging', 'prod'] as const)('isolation on stage %s', (stageName) => {
  let synthesized: Synthesized;
  let resources: Record<string, CfnResource>;
  const fn = (key: string) => {
    const built = synthesized.stack.functions.get(key)!;
    const id = logicalId(synthesized.stack, built.function);
    return {
      id,
      resource: resources[id]!,
      roleId: resources[id]!.Properties!.Role['Fn::GetAtt'][0] as string,
    };
  };

  beforeAll(() => {
    synthesized = synth(stageName);
    resources = synthesized.resources;
  }, 120_000);
  afterAll(() => synthesized?.cleanup());

  it('pins the stage values docs/operations.md lists', () => {
    expect(stages[stageName]!.rateLimitPerSecond).toBe(pinned[stageName].rateLimitPerSecond);
    expect(stages[stageName]!.capacity).toEqual({
      workers: pinned[stageName].workers,
      sweeper: pinned[stageName].sweeper,
      functionUrls: pinned[stageName].functionUrls,
    });
  });

  it('keeps concurrency for each worker and caps its SQS event source at the same value', () => {
    const mappings = ofType(resources, 'AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(Object.keys(queues).length);
    for (const name of Object.keys(queues) as QueueName[]) {
      const worker = fn(`queue:${name}`);
      const capacity = pinned[stageName].workers[name];
      expect(worker.resource.Properties!.ReservedConcurrentExecutions, name).toBe(capacity);
      const [, mapping] = mappings.find(([, m]) => m.Properties!.FunctionName.Ref === worker.id)!;
      expect(mapping.Properties!.ScalingConfig, name).toEqual({ MaximumConcurrency: capacity });
    }
  });

  it('keeps one run of the sweeper, always', () => {
    expect(fn('schedule:sweepPendingWork').resource.Properties!.ReservedConcurrentExecutions).toBe(1);
  });

  it('leaves the API functions on the unreserved pool (those at a function URL keep their own) and tells them the stage rate limit', () => {
    for (const route of routeList().filter((r) => stages[stageName]!.sandboxRails || !r.sandboxOnly)) {
      const { resource } = fn(`route:${route.name}`);
      // A function URL has no gateway throttle in front of it: its reserved concurrency is one.
      expect(resource.Properties!.ReservedConcurrentExecutions, route.name).toBe(
        route.servedAt === 'function-url' ? pinned[stageName].functionUrls : undefined,
      );
      expect(resource.Properties!.Environment.Variables.RATE_LIMIT_PER_SECOND, route.name).toBe(
        String(pinned[stageName].rateLimitPerSecond),
      );
    }
  });

  it('lets functions reached without a key touch only the items they serve (dynamodb:LeadingKeys)', () => {
    const publicRoutes = routeList().filter(
      (route) => route.auth === 'none' && (stages[stageName]!.sandboxRails || !route.sandboxOnly),
    );
    expect(publicRoutes.map((route) => route.name)).toContain('showBoletoPage');
    for (const route of publicRoutes) {
      const tableStatements = roleStatements(resources, fn(`route:${route.name}`).roleId).filter(
        (statement) => asArray<string>(statement.Action).some((action) => action.startsWith('dynamodb:')),
      );
      // A function that serves no item (the API document and its reference page) gets no table access at all.
      if (!route.grants.some((grant) => grant.startsWith('table:'))) {
        expect(tableStatements, route.name).toEqual([]);
        continue;
      }
      expect(tableStatements.length, route.name).toBeGreaterThan(0);
      for (const statement of tableStatements) {
        const actions = asArray<string>(statement.Action);
        expect(actions, route.name).not.toContain('dynamodb:Scan');
        // Query names one partition key, checked by the condition below; never on an index.
        expect(JSON.stringify(statement.Resource), route.name).not.toContain('/index/');
        const patterns = statement.Condition?.['ForAllValues:StringLike']?.[
          'dynamodb:LeadingKeys'
        ] as string[];
        expect(patterns, `${route.name} has a LeadingKeys condition`).toBeDefined();
        // Never an API key, an account (and its webhook secrets) or a rate-limit bucket.
        for (const forbidden of ['KEY#abc', 'ACC#acc_1', 'RATE#acc_1'])
          expect(
            patterns.some((pattern) => matches(pattern, forbidden)),
            `${route.name}: ${forbidden}`,
          ).toBe(false);
      }
    }
    const pageStatement = roleStatements(resources, fn('route:showQrPage').roleId).find((statement) =>
      asArray<string>(statement.Action).includes('dynamodb:GetItem'),
    )!;
    expect(asArray<string>(pageStatement.Action).toSorted()).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:GetItem',
      'dynamodb:Query',
    ]);
    expect(pageStatement.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys']).toEqual([
      ...keyScopes['hosted-pages'],
    ]);
    for (const served of ['PAGE#tok', 'ACC#acc_1#TX#123', 'BRAND#acc_1'])
      expect(keyScopes['hosted-pages'].some((pattern) => matches(pattern, served))).toBe(true);
  });
});

describe('secrets key', () => {
  it('is one KMS key per stage, rotated, that only the functions that sign webhooks may decrypt with and only rotation may seal with', () => {
    const synthesized = synth('prod');
    try {
      const keys = ofType(synthesized.resources, 'AWS::KMS::Key');
      expect(keys).toHaveLength(1);
      const [keyId, key] = keys[0]!;
      expect(key.Properties!.EnableKeyRotation).toBe(true);
      const mayUse: Record<string, string[]> = {};
      for (const [name, built] of synthesized.stack.functions) {
        const id = logicalId(synthesized.stack, built.function);
        const roleId = synthesized.resources[id]!.Properties!.Role['Fn::GetAtt'][0] as string;
        const kms = roleStatements(synthesized.resources, roleId).filter((statement) =>
          asArray<string>(statement.Action).some((action) => action.startsWith('kms:')),
        );
        if (kms.length === 0) continue;
        for (const statement of kms) {
          for (const action of asArray<string>(statement.Action))
            mayUse[action] = [...(mayUse[action] ?? []), name];
          expect(statement.Resource).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
        }
        expect(synthesized.resources[id]!.Properties!.Environment.Variables.WEBHOOK_SECRETS_KEY_ID).toEqual({
          'Fn::GetAtt': [keyId, 'Arn'],
        });
      }
      // The delivery worker, the worker that makes a transaction PAID and makes its first webhook
      // attempt, and the merchant's test webhook (it signs too); prod without a PSP runs neither
      // listing job (no sandbox rails, no API Pix). Only rotation seals.
      expect(Object.keys(mayUse).sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
      expect(mayUse['kms:Decrypt']!.sort()).toEqual([
        'queue:deliver-event',
        'queue:watch-payment',
        'route:sendTestWebhook',
      ]);
      expect(mayUse['kms:GenerateDataKey']).toEqual(['route:rotateWebhookSecret']);
    } finally {
      synthesized.cleanup();
    }
  }, 120_000);
});

describe('image CDN', () => {
  it('invalidates a deleted image: S3 deletions reach the invalidator, which may only invalidate this CDN', () => {
    const synthesized = synth('dev');
    try {
      const { resources, stack } = synthesized;
      const bucketId = logicalId(stack, stack.images.bucket);
      expect(resources[bucketId]!.Properties!.NotificationConfiguration).toEqual({
        EventBridgeConfiguration: { EventBridgeEnabled: true },
      });
      const built = stack.functions.get('event:invalidateDeletedImage')!;
      const fnId = logicalId(stack, built.function);
      const rules = ofType(resources, 'AWS::Events::Rule').filter(([, rule]) =>
        (rule.Properties!.Targets as any[]).some((target) => target.Arn?.['Fn::GetAtt']?.[0] === fnId),
      );
      expect(rules).toHaveLength(1);
      expect(rules[0]![1].Properties!.EventPattern).toEqual({
        source: ['aws.s3'],
        'detail-type': ['Object Deleted'],
        detail: { bucket: { name: [{ Ref: bucketId }] } },
      });
      const roleId = resources[fnId]!.Properties!.Role['Fn::GetAtt'][0] as string;
      const data = roleStatements(resources, roleId).filter((statement) =>
        asArray<string>(statement.Action).some((action) => !action.startsWith('logs:')),
      );
      const distributionId = logicalId(stack, stack.images.distribution);
      expect(data).toHaveLength(1);
      expect(data[0]!.Action).toBe('cloudfront:CreateInvalidation');
      expect(JSON.stringify(data[0]!.Resource)).toContain(distributionId);
      expect(resources[fnId]!.Properties!.Environment.Variables.IMAGE_DISTRIBUTION_ID).toEqual({
        Ref: distributionId,
      });
    } finally {
      synthesized.cleanup();
    }
  }, 120_000);
});

describe('API access log', () => {
  it('names the route, never the raw path (a hosted page path carries its token)', () => {
    const synthesized = synth('dev');
    try {
      const [, stage] = ofType(synthesized.resources, 'AWS::ApiGatewayV2::Stage')[0]!;
      const format = JSON.parse(stage.Properties!.AccessLogSettings.Format as string) as Record<
        string,
        string
      >;
      expect(format.routeKey).toBe('$context.routeKey');
      expect(Object.values(format)).not.toContain('$context.path');
    } finally {
      synthesized.cleanup();
    }
  }, 120_000);
});

/** IAM StringLike: `*` matches any run of characters, `?` one. */
function matches(pattern: string, value: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replaceAll('*', '.*')
      .replaceAll('?', '.')}$`,
  );
  return regex.test(value);
}
