// Room to grow: CloudFormation refuses a template over 500 resources (or 1 MB from S3), and each
// route costs eight resources. The stack is a root with nested stacks (infra/stack.ts); every
// template stays well below the limits with today's routes and with 100 more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesPerStack } from '../../infra/route-stacks.ts';
import type { NamedRoute } from '../../infra/stack.ts';
import { routeList, routes } from '../../shared/route-table.ts';
import { ofType, type Synthesized, synth } from './synth.ts';

const maxResources = 300;
const maxBytes = 600 * 1024;
/** CloudFormation's own limits per template; a nested stack's references count against them. */
const maxParameters = 200;
const maxOutputs = 200;

function expectWithinBounds(synthesized: Synthesized): void {
  for (const { path, json, bytes } of synthesized.templates) {
    expect(Object.keys(json.Resources).length, `${path} resources`).toBeLessThan(maxResources);
    expect(bytes, `${path} bytes`).toBeLessThan(maxBytes);
    expect(Object.keys(json.Parameters ?? {}).length, `${path} parameters`).toBeLessThanOrEqual(
      maxParameters,
    );
    expect(Object.keys(json.Outputs ?? {}).length, `${path} outputs`).toBeLessThanOrEqual(maxOutputs);
  }
}

describe.each(['dev', 'staging', 'prod'] as const)('templates of stage %s', (stageName) => {
  let synthesized: Synthesized;
  beforeAll(() => {
    synthesized = synth(stageName);
  }, 120_000);
  afterAll(() => synthesized?.cleanup());

  it(`keep each template under ${maxResources} resources and ${maxBytes / 1024} KB`, () => {
    expect(synthesized.templates.length).toBeGreaterThan(1);
    expectWithinBounds(synthesized);
  });

  it('keep no function or route in the root stack', () => {
    const [root] = synthesized.templates;
    const rootTypes = Object.values(root!.json.Resources as Record<string, { Type: string }>).map(
      (resource) => resource.Type,
    );
    expect(rootTypes).not.toContain('AWS::ApiGatewayV2::Route');
    expect(rootTypes).not.toContain('AWS::ApiGatewayV2::Integration');
    // Only CDK's own providers (dashboard deployment, bucket emptying) are functions in the root.
    const rootFunctions = ofType(root!.json.Resources, 'AWS::Lambda::Function').map(([id]) => id);
    for (const id of rootFunctions) expect(id).toMatch(/^Custom(CDKBucketDeployment|S3AutoDeleteObjects)/);
  });
});

describe('100 more routes than today', () => {
  const base = routeList();
  // All in one domain, the worst case for the split: copies of one merchant row.
  const extra: NamedRoute[] = Array.from({ length: 100 }, (_, index) => ({
    ...routes.getTransaction,
    name: `getTransactionCopy${index + 1}`,
    path: `/transactions/copies/${index + 1}/{id}`,
  }));
  let synthesized: Synthesized;
  beforeAll(() => {
    synthesized = synth('dev', { tables: { routes: [...base, ...extra] } });
  }, 240_000);
  afterAll(() => synthesized?.cleanup());

  it('still synthesize, every template within the bounds', () => {
    expect(ofType(synthesized.resources, 'AWS::ApiGatewayV2::Route')).toHaveLength(
      base.filter((route) => route.servedAt !== 'function-url').length + extra.length,
    );
    expectWithinBounds(synthesized);
  });

  it(`spread over nested stacks of at most ${routesPerStack} routes each`, () => {
    for (const { path, json } of synthesized.templates) {
      expect(ofType(json.Resources, 'AWS::ApiGatewayV2::Route').length, path).toBeLessThanOrEqual(
        routesPerStack,
      );
    }
    const root = synthesized.templates[0]!;
    expect(Object.keys(root.json.Resources).length).toBeLessThan(100);
  });
});
