// Builds a stage's stack the way `cdk synth` does (same feature flags, same stack), into a
// temporary cloud assembly, and gives tests the template plus small lookups over it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { addServiceStack, newServiceApp } from '../../infra/service-app.ts';
import type { ServiceStack, ServiceStackProps } from '../../infra/stack.ts';
import { resolveStage, type StageOverrides } from '../../infra/stages.ts';

/** What prod refuses to synthesize without: an alarm destination and a custom domain. */
export const prodOverrides: StageOverrides = {
  alarmEmail: 'oncall@example.com',
  domainName: 'api.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
  hostedZoneId: 'Z0123456789ABCDEFGHIJ',
};

/** Bundling every function takes ~1 s each; template tests skip it, test/cdk/bundling.test.ts does it. */
export const bundlingTimeoutMs = 300_000;

export interface Synthesized {
  readonly stack: ServiceStack;
  readonly template: Template;
  readonly resources: Record<string, CfnResource>;
  readonly outdir: string;
  /** Removes the temporary cloud assembly. */
  cleanup(): void;
}

export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, any>;
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
  readonly DependsOn?: string[];
}

export function synth(
  stageName: string,
  options: {
    overrides?: StageOverrides;
    bundle?: boolean;
    tables?: Omit<ServiceStackProps, 'stage' | 'env' | 'description'>;
  } = {},
): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-test-'));
  const cleanup = () => rmSync(outdir, { recursive: true, force: true });
  let stack: ServiceStack;
  let template: Template;
  try {
    const app = newServiceApp({ outdir, skipBundling: !options.bundle });
    const overrides = options.overrides ?? (stageName === 'prod' ? prodOverrides : {});
    stack = addServiceStack(app, resolveStage(stageName, overrides), options.tables);
    template = Template.fromStack(stack);
  } catch (error) {
    cleanup();
    throw error;
  }
  return {
    stack,
    template,
    resources: template.toJSON().Resources as Record<string, CfnResource>,
    outdir,
    cleanup,
  };
}

/** Logical ids of the resources of a type. */
export function ofType(resources: Record<string, CfnResource>, type: string): Array<[string, CfnResource]> {
  return Object.entries(resources).filter(([, resource]) => resource.Type === type);
}

/** The one resource of a type; fails when there are none or several. */
export function single(resources: Record<string, CfnResource>, type: string): [string, CfnResource] {
  const found = ofType(resources, type);
  if (found.length !== 1) throw new Error(`expected one ${type}, found ${found.length}`);
  return found[0]!;
}

/** The logical id of a construct's CloudFormation resource. */
export function logicalId(stack: ServiceStack, construct: { node: { defaultChild?: unknown } }): string {
  return stack.resolve((construct.node.defaultChild as { logicalId: string }).logicalId) as string;
}

/** Every IAM statement attached to a role (inline policies and attached AWS::IAM::Policy resources). */
export function roleStatements(
  resources: Record<string, CfnResource>,
  roleLogicalId: string,
): Array<Record<string, any>> {
  const inline = (resources[roleLogicalId]?.Properties?.Policies ?? []).flatMap(
    (policy: any) => policy.PolicyDocument.Statement,
  );
  const attached = ofType(resources, 'AWS::IAM::Policy')
    .filter(([, policy]) => (policy.Properties?.Roles ?? []).some((role: any) => role.Ref === roleLogicalId))
    .flatMap(([, policy]) => policy.Properties!.PolicyDocument.Statement);
  return [...inline, ...attached];
}

export const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
