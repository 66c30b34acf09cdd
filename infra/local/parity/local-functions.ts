// Turns the synthesized functions into the local stack's: every intrinsic is given the local
// value of what it names, AWS endpoints point at the local emulators (through the IAM gateway),
// each function signs with a key of its own (its identity there), and the secrets a stage keeps
// in AWS services are substituted by their local stand-ins, only for the functions given them.
import { createHash } from 'node:crypto';
import { type QueueName, queueNames } from '../../../shared/queues.ts';
import type { LocalQueue } from '../queues-and-bucket.ts';
import { functionArn, queueArn, tableArn } from './authorization-requests.ts';
import { notRunLocally, type PhysicalValues, resolveIntrinsics } from './cfn-intrinsics.ts';
import type { FunctionManifest, PolicyDocument } from './function-manifest.ts';

export interface LocalResources {
  readonly tableName: string;
  readonly queues: Readonly<Record<QueueName, LocalQueue>>;
  readonly bucket: string;
  readonly exportsBucket: string;
  readonly secretsKeyArn: string;
  readonly pixApiSecretArn: string;
  readonly publicBaseUrl: string;
  readonly imageBaseUrl: string;
  /** Where each service's requests go (the IAM gateway in front of each emulator). */
  readonly endpoints: {
    readonly dynamodb: string;
    readonly sqs: string;
    readonly s3: string;
    readonly kms: string;
    readonly lambda: string;
  };
  readonly region: string;
}

/** A function's name in the local stack's Lambda (`queue:watch-payment` → `queue-watch-payment`). */
export const localFunctionName = (source: string): string => source.replaceAll(':', '-');

export interface LocalFunction {
  readonly name: string;
  readonly entry: string;
  readonly timeoutSeconds: number;
  /** A worker's event source mapping's maximum concurrency, as synthesized (function-manifest.ts). */
  readonly eventSourceMaxConcurrency?: number;
  readonly environment: Readonly<Record<string, string>>;
  readonly policy: PolicyDocument;
  readonly roleName: string;
  readonly accessKeyId: string;
  /** Lambda's handling of its asynchronous invocations: retries, then the failure destination's queue URL. */
  readonly asyncInvoke?: { readonly retryAttempts: number; readonly onFailureQueueUrl?: string };
}

/**
 * Variables that stand for a secret kept in an AWS service: locally, whoever is given the
 * variable gets the local stand-in's settings instead (a Secrets Manager secret's contents).
 */
const secretStandIns: Readonly<Record<string, RegExp>> = {
  PIX_API_SECRET_ID: /^PIX_API_(CLIENT_SECRET|CERT|KEY|CA)(_FILE)?$/,
  /** SES in AWS; locally the SMTP server `npm start` runs, given only to the functions that send. */
  EMAIL_TRANSPORT: /^SMTP_URL$/,
};

export function physicalValues(manifest: FunctionManifest, local: LocalResources): PhysicalValues {
  const { standIns } = manifest;
  const values: Record<string, Record<string, string>> = {
    [standIns.table]: { Ref: local.tableName, Arn: tableArn(local.tableName) },
    [standIns.bucket]: {
      Ref: local.bucket,
      Arn: `arn:aws:s3:::${local.bucket}`,
      DomainName: new URL(local.imageBaseUrl).host,
    },
    [standIns.exportsBucket]: { Ref: local.exportsBucket, Arn: `arn:aws:s3:::${local.exportsBucket}` },
    [standIns.secretsKey]: { Ref: local.secretsKeyArn.split('/').pop()!, Arn: local.secretsKeyArn },
    [standIns.distribution]: { Ref: 'LOCALCDN', DomainName: new URL(local.imageBaseUrl).host },
  };
  if (standIns.pixApiSecret) values[standIns.pixApiSecret] = { Ref: local.pixApiSecretArn };
  for (const fn of Object.values(manifest.functions)) {
    const name = localFunctionName(fn.source);
    values[fn.logicalId] = { Ref: name, Arn: functionArn(name) };
  }
  for (const name of queueNames) {
    const ids = standIns.queues[name];
    const queue = local.queues[name];
    if (!ids || !queue) continue;
    values[ids.queue] = { Ref: queue.url, Arn: queueArn(queue.queueName), QueueName: queue.queueName };
    values[ids.deadLetterQueue] = {
      Ref: queue.dlqUrl,
      Arn: queueArn(queue.dlqName),
      QueueName: queue.dlqName,
    };
  }
  return values;
}

/** A stable, short access key id per function: the IAM gateway knows the caller by it. */
export function accessKeyIdFor(functionName: string): string {
  return `LOCALFN${createHash('sha256').update(functionName).digest('hex').slice(0, 13).toUpperCase()}`;
}

export function localFunctions(
  manifest: FunctionManifest,
  local: LocalResources,
  /** Settings of this local stage (tests' knobs, the developer's shell); see localEnvironment. */
  settings: Readonly<Record<string, string>>,
): Map<string, LocalFunction> {
  const physical = physicalValues(manifest, local);
  // A failure destination names its queue by ARN; the local stack sends to its URL.
  const queueUrlOfArn = new Map(
    Object.values(local.queues).flatMap((queue) => [
      [queueArn(queue.queueName), queue.url],
      [queueArn(queue.dlqName), queue.dlqUrl],
    ]),
  );
  const givenByTheStack = new Set(
    Object.values(manifest.functions).flatMap((fn) => Object.keys(fn.environment)),
  );
  const result = new Map<string, LocalFunction>();
  for (const fn of Object.values(manifest.functions)) {
    const synthesized: Record<string, unknown> = { ...fn.environment };
    // The API's and the CDN's addresses are the local gateway's.
    if ('PUBLIC_BASE_URL' in synthesized) synthesized.PUBLIC_BASE_URL = local.publicBaseUrl;
    if ('IMAGE_BASE_URL' in synthesized) synthesized.IMAGE_BASE_URL = local.imageBaseUrl;
    let environment: Record<string, string>;
    try {
      environment = resolveIntrinsics(synthesized, physical) as Record<string, string>;
    } catch (error) {
      throw new Error(
        `${fn.source}: its environment names something the local stack does not run (${(error as Error).message})`,
      );
    }
    for (const [name, value] of Object.entries(settings)) {
      const standsInFor = Object.entries(secretStandIns).find(([, pattern]) => pattern.test(name))?.[0];
      if (standsInFor !== undefined) {
        if (standsInFor in environment) environment[name] = value;
      } else if (!givenByTheStack.has(name) || name in environment) {
        // A variable the stack gives only to some functions stays theirs; a tuning setting is everyone's.
        environment[name] = value;
      }
    }
    for (const name of Object.keys(secretStandIns)) delete environment[name];
    const accessKeyId = accessKeyIdFor(fn.source);
    result.set(fn.source, {
      name: fn.source,
      entry: fn.entry,
      timeoutSeconds: fn.timeoutSeconds,
      ...(fn.eventSourceMaxConcurrency === undefined
        ? {}
        : { eventSourceMaxConcurrency: fn.eventSourceMaxConcurrency }),
      roleName: fn.roleLogicalId,
      accessKeyId,
      ...(fn.asyncInvoke
        ? {
            asyncInvoke: {
              retryAttempts: fn.asyncInvoke.retryAttempts,
              ...(fn.asyncInvoke.onFailure
                ? {
                    onFailureQueueUrl: queueUrlOfArn.get(
                      String(resolveIntrinsics(fn.asyncInvoke.onFailure, physical)),
                    ),
                  }
                : {}),
            },
          }
        : {}),
      policy: resolveIntrinsics(fn.policy, physical, {
        unresolved: notRunLocally,
      }) as PolicyDocument,
      environment: {
        ...environment,
        // What Lambda gives every function: its region and its role's credentials.
        AWS_REGION: local.region,
        AWS_ACCESS_KEY_ID: accessKeyId,
        AWS_SECRET_ACCESS_KEY: 'local',
        AWS_LAMBDA_FUNCTION_NAME: fn.source,
        // Where AWS's endpoints are, locally.
        DYNAMODB_ENDPOINT: local.endpoints.dynamodb,
        SQS_ENDPOINT: local.endpoints.sqs,
        S3_ENDPOINT: local.endpoints.s3,
        KMS_ENDPOINT: local.endpoints.kms,
        LAMBDA_ENDPOINT: local.endpoints.lambda,
      },
    });
  }
  return result;
}
