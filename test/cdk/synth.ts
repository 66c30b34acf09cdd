// Builds a stage's stack the way `cdk synth` does (same feature flags, same stack), into a
// temporary cloud assembly, and gives tests the templates plus small lookups over them.
//
// The stack is a root with nested stacks (infra/stack.ts). `resources` is every template's
// resources in one map, each nested stack's parameters replaced by what its parent passes and
// each `Outputs.*` read by the parent replaced by the output's value, so a reference reads as if
// everything were in one template (`{Ref: <table id>}` in a nested function's environment).
// Logical ids stay each template's own; a clash between two templates fails the synth here.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestedStack, type Stack } from 'aws-cdk-lib';
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

export interface SynthesizedTemplate {
  /** The stack's construct path, e.g. `CatalogCashin-dev/RoutesCatalog`. */
  readonly path: string;
  readonly stack: Stack;
  /** The template as CloudFormation receives it (unresolved: nested parameters stay references). */
  readonly json: Record<string, any>;
  /** Size of the template file as written to the cloud assembly (what is uploaded). */
  readonly bytes: number;
}

export interface Synthesized {
  readonly stack: ServiceStack;
  /** The root stack's template. */
  readonly template: Template;
  /** The root first, then every nested stack. */
  readonly templates: readonly SynthesizedTemplate[];
  /** Every template's resources, references resolved across templates (see the top of this file). */
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

export interface SynthOptions {
  overrides?: StageOverrides;
  tables?: Omit<ServiceStackProps, 'stage' | 'env' | 'description'>;
}

/**
 * Stacks already synthesized in this process, by stage, overrides, account and region. The cdk project
 * runs its files in shared processes (vitest.config.ts), and a synth costs seconds of CPU:
 * most files read the same few stages. What is shared is frozen, so a test that changed it
 * would fail at once rather than mislead a later file; its `cleanup` is left to the process's exit.
 */
const synthesizedStages = new Map<string, Synthesized>();
const keptOutdirs: string[] = [];
process.once('exit', () => {
  for (const outdir of keptOutdirs) rmSync(outdir, { recursive: true, force: true });
});

export function synth(stageName: string, options: SynthOptions = {}): Synthesized {
  // Custom tables (a test's own route or queue rows) make a stack of their own.
  if (options.tables) return synthesize(stageName, options);
  const key = JSON.stringify([
    stageName,
    options.overrides ?? null,
    process.env.CDK_DEFAULT_ACCOUNT ?? null,
    process.env.CDK_DEFAULT_REGION ?? null,
  ]);
  const known = synthesizedStages.get(key);
  if (known) return known;
  const made = synthesize(stageName, options);
  keptOutdirs.push(made.outdir);
  for (const each of made.templates) deepFreeze(each.json);
  const shared: Synthesized = { ...made, resources: deepFreeze(made.resources), cleanup: () => undefined };
  synthesizedStages.set(key, shared);
  return shared;
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

function synthesize(stageName: string, options: SynthOptions): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-test-'));
  const cleanup = () => rmSync(outdir, { recursive: true, force: true });
  let stack: ServiceStack;
  let template: Template;
  let templates: SynthesizedTemplate[];
  try {
    // Template tests skip esbuild; test/cdk/bundling.test.ts bundles every function in one build.
    const app = newServiceApp({ outdir, skipBundling: true });
    const overrides = options.overrides ?? (stageName === 'prod' ? prodOverrides : {});
    stack = addServiceStack(app, resolveStage(stageName, overrides), options.tables);
    template = Template.fromStack(stack);
    templates = [stack, ...stack.node.findAll().filter(NestedStack.isNestedStack)].map((each) => {
      const text = readFileSync(join(outdir, each.templateFile), 'utf8');
      return {
        path: each.node.path,
        stack: each,
        json: JSON.parse(text) as Record<string, any>,
        bytes: Buffer.byteLength(text),
      };
    });
  } catch (error) {
    cleanup();
    throw error;
  }
  return { stack, template, templates, resources: mergeResources(templates), outdir, cleanup };
}

/** One map of every template's resources, with references across templates resolved. */
function mergeResources(templates: readonly SynthesizedTemplate[]): Record<string, CfnResource> {
  const byStack = new Map(templates.map((each) => [each.stack, each]));
  /** The parent's template and the nested stack's logical id in it. */
  const parentOf = (each: SynthesizedTemplate) => {
    const nested = each.stack as NestedStack;
    const parent = byStack.get(nested.nestedStackParent!)!;
    return { parent, resourceId: parent.stack.resolve(nested.nestedStackResource!.logicalId) as string };
  };
  const childByResourceId = (each: SynthesizedTemplate) =>
    new Map(
      templates
        .filter(
          (candidate) =>
            NestedStack.isNestedStack(candidate.stack) && candidate.stack.nestedStackParent === each.stack,
        )
        .map((child) => [parentOf(child).resourceId, child]),
    );
  const resolve = (each: SynthesizedTemplate, value: unknown): unknown => {
    if (Array.isArray(value)) return value.map((item) => resolve(each, item));
    if (value === null || typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object);
    if (keys.length === 1 && typeof object.Ref === 'string' && each.json.Parameters?.[object.Ref]) {
      const { parent, resourceId } = parentOf(each);
      return resolve(parent, parent.json.Resources[resourceId].Properties.Parameters[object.Ref]);
    }
    const getAtt = object['Fn::GetAtt'];
    if (keys.length === 1 && Array.isArray(getAtt) && String(getAtt[1]).startsWith('Outputs.')) {
      const child = childByResourceId(each).get(getAtt[0] as string);
      if (child) return resolve(child, child.json.Outputs[String(getAtt[1]).slice('Outputs.'.length)].Value);
    }
    return Object.fromEntries(keys.map((key) => [key, resolve(each, object[key])]));
  };
  const merged: Record<string, CfnResource> = {};
  for (const each of templates) {
    for (const [id, resource] of Object.entries(each.json.Resources as Record<string, CfnResource>)) {
      if (id in merged) throw new Error(`logical id ${id} is in two templates (${each.path})`);
      merged[id] = resolve(each, resource) as CfnResource;
    }
  }
  return merged;
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
