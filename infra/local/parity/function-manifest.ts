// What each function is given on AWS, read from the CDK app itself: the stack is built for a
// local stage exactly as `cdk synth` builds a stage (same tables, same grants code), and each
// function's environment and IAM statements are taken from its synthesized resources. The local
// stack runs every function with exactly these, so a grant or variable missing from a table
// row fails locally as it would on Lambda.
import { type CfnElement, CfnResource, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { QueueDef, ScheduleDef } from '../../../shared/queues.ts';
import { addServiceStack, newServiceApp } from '../../service-app.ts';
import type { NamedRoute, ServiceStack } from '../../stack.ts';
import { resolveStage, type StageConfig } from '../../stages.ts';

/** A synthesized resource's properties: CloudFormation JSON of any shape. */
// biome-ignore lint/suspicious/noExplicitAny: untyped template JSON, read field by field below
type Json = any;

export interface PolicyDocument {
  readonly Version: string;
  readonly Statement: ReadonlyArray<Record<string, unknown>>;
}

/** A function as synthesized: values may still hold CloudFormation intrinsics. */
export interface SynthesizedFunction {
  /** `route:<name>`, `queue:<name>`, `schedule:<name>`, `event:<name>` (ServiceStack.functions). */
  readonly source: string;
  readonly entry: string;
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
  /** A worker's SQS event source mapping: `ScalingConfig.MaximumConcurrency`, when it sets one. */
  readonly eventSourceMaxConcurrency?: number;
  readonly environment: Readonly<Record<string, unknown>>;
  /** The role's statements (its inline policies and every policy attached to it). */
  readonly policy: PolicyDocument;
  readonly roleLogicalId: string;
  readonly logicalId: string;
  /** Its `AWS::Lambda::EventInvokeConfig`, when it has one: retries, and where a given-up event goes. */
  readonly asyncInvoke?: { readonly retryAttempts: number; readonly onFailure?: unknown };
  /** Its `AWS::Lambda::Url`, when it has one: who may call it (`NONE`: anyone). */
  readonly functionUrl?: { readonly authType: string };
}

/** Logical ids of what the local stack stands in for, so intrinsics can be given local values. */
export interface StandIns {
  readonly table: string;
  readonly queues: Readonly<Record<string, { readonly queue: string; readonly deadLetterQueue: string }>>;
  readonly bucket: string;
  readonly exportsBucket: string;
  readonly secretsKey: string;
  readonly distribution: string;
  readonly pixApiSecret?: string;
}

export interface FunctionManifest {
  readonly functions: Readonly<Record<string, SynthesizedFunction>>;
  readonly standIns: StandIns;
  /** The secrets key's key policy: KMS also asks it, not only the caller's role. */
  readonly secretsKeyPolicy: PolicyDocument;
}

export interface LocalStageOptions {
  readonly sandboxRails: boolean;
  /** The PSP the API Pix rail talks to, when the local stack runs one. */
  readonly pixApi?: StageConfig['pixApi'];
  readonly routes?: readonly NamedRoute[];
  readonly queues?: Readonly<Record<string, QueueDef>>;
  readonly schedules?: Readonly<Record<string, ScheduleDef>>;
}

const logicalIdOf = (construct: IConstruct): string => {
  const element = (construct.node.defaultChild ?? construct) as CfnElement;
  return Stack.of(element).resolve(element.logicalId) as string;
};

/** Every CloudFormation resource of the app, as its own stack resolves it (before synthesis). */
function resourcesOf(
  stack: ServiceStack,
): Record<string, { Type: string; Properties?: Record<string, Json> }> {
  const resources: Record<string, { Type: string; Properties?: Record<string, Json> }> = {};
  for (const construct of stack.node.findAll()) {
    if (!CfnResource.isCfnResource(construct)) continue;
    const rendered = Stack.of(construct).resolve(
      (construct as unknown as { _toCloudFormation(): object })._toCloudFormation(),
    ) as { Resources: typeof resources };
    Object.assign(resources, rendered.Resources);
  }
  return resources;
}

export function buildFunctionManifest(options: LocalStageOptions): FunctionManifest {
  const app = newServiceApp({ skipBundling: true });
  const stage: StageConfig = {
    ...resolveStage('local'),
    sandboxRails: options.sandboxRails,
    ...(options.pixApi ? { pixApi: options.pixApi } : {}),
  };
  const stack = addServiceStack(app, stage, {
    ...(options.routes ? { routes: options.routes } : {}),
    ...(options.queues ? { queues: options.queues } : {}),
    ...(options.schedules ? { schedules: options.schedules } : {}),
  });
  const resources = resourcesOf(stack);
  const policiesOfRole = (roleLogicalId: string) => {
    const inline = (resources[roleLogicalId]?.Properties?.Policies ?? []).flatMap(
      (policy: { PolicyDocument: PolicyDocument }) => policy.PolicyDocument.Statement,
    );
    const attached = Object.values(resources)
      .filter(
        (resource) =>
          resource.Type === 'AWS::IAM::Policy' &&
          (resource.Properties?.Roles ?? []).some((role: { Ref?: string }) => role.Ref === roleLogicalId),
      )
      .flatMap((policy) => policy.Properties!.PolicyDocument.Statement as Array<Record<string, unknown>>);
    return [...inline, ...attached];
  };

  const functions: Record<string, SynthesizedFunction> = {};
  for (const [source, built] of stack.functions) {
    const functionLogicalId = logicalIdOf(built.function);
    const properties = resources[functionLogicalId]?.Properties ?? {};
    const roleLogicalId = logicalIdOf(built.function.role!);
    const mapping = Object.values(resources).find(
      (resource) =>
        resource.Type === 'AWS::Lambda::EventSourceMapping' &&
        resource.Properties?.FunctionName?.Ref === functionLogicalId,
    );
    const maxConcurrency = mapping?.Properties?.ScalingConfig?.MaximumConcurrency;
    const invokeConfig = Object.values(resources).find(
      (resource) =>
        resource.Type === 'AWS::Lambda::EventInvokeConfig' &&
        resource.Properties?.FunctionName?.Ref === functionLogicalId,
    )?.Properties;
    const url = Object.values(resources).find(
      (resource) =>
        resource.Type === 'AWS::Lambda::Url' &&
        resource.Properties?.TargetFunctionArn?.['Fn::GetAtt']?.[0] === functionLogicalId,
    )?.Properties;
    functions[source] = {
      source,
      entry: built.entry,
      timeoutSeconds: Number(properties.Timeout ?? 3),
      memoryMb: Number(properties.MemorySize ?? 128),
      ...(maxConcurrency === undefined ? {} : { eventSourceMaxConcurrency: Number(maxConcurrency) }),
      environment: properties.Environment?.Variables ?? {},
      policy: { Version: '2012-10-17', Statement: policiesOfRole(roleLogicalId) },
      roleLogicalId,
      logicalId: functionLogicalId,
      ...(invokeConfig
        ? {
            asyncInvoke: {
              retryAttempts: Number(invokeConfig.MaximumRetryAttempts ?? 2),
              ...(invokeConfig.DestinationConfig?.OnFailure
                ? { onFailure: invokeConfig.DestinationConfig.OnFailure.Destination }
                : {}),
            },
          }
        : {}),
      ...(url ? { functionUrl: { authType: String(url.AuthType) } } : {}),
    };
  }
  const pixApiSecret = stack.node
    .findAll()
    .find((construct) => construct.node.id === 'PixApiSecret' && construct.node.defaultChild);
  const secretsKey = logicalIdOf(stack.secretsKey);
  return {
    functions,
    secretsKeyPolicy: resources[secretsKey]?.Properties?.KeyPolicy as PolicyDocument,
    standIns: {
      table: logicalIdOf(stack.table),
      queues: Object.fromEntries(
        [...stack.workQueues.byName].map(([name, { queue, deadLetterQueue }]) => [
          name,
          { queue: logicalIdOf(queue), deadLetterQueue: logicalIdOf(deadLetterQueue) },
        ]),
      ),
      bucket: logicalIdOf(stack.images.bucket),
      exportsBucket: logicalIdOf(stack.exportFiles.bucket),
      secretsKey,
      distribution: logicalIdOf(stack.images.distribution),
      ...(pixApiSecret ? { pixApiSecret: logicalIdOf(pixApiSecret) } : {}),
    },
  };
}
