// One Lambda function per route, worker and schedule, all built the same way: Node.js 24 on
// arm64, an ESM bundle made by the local esbuild (AWS SDK included and tree-shaken), its own
// log group with the stage's retention, and its own role that may write only to that group.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, RecursiveLoop, Runtime, SystemLogLevel } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { bundlingOptions } from '../bundling/bundling-options.ts';
import { repoRoot } from '../paths.ts';

export interface FunctionDefaults {
  readonly environment: Readonly<Record<string, string>>;
  readonly logRetention: RetentionDays;
  readonly removalPolicy: RemovalPolicy;
}

export interface ServiceFunctionProps {
  /** Where the module was declared (for error messages), e.g. `route createProduct`. */
  readonly source: string;
  /** Module path relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly description: string;
  readonly timeout: Duration;
  readonly memoryMb: number;
  readonly defaults: FunctionDefaults;
  /**
   * Workers re-enqueue work on purpose (polling with backoff, webhook retries), which Lambda's
   * recursion detection would otherwise stop after 16 hops in one chain.
   */
  readonly allowRecursiveLoop?: boolean;
  /** Files (relative to the repository root) copied beside the bundle, for the function to read. */
  readonly assets?: readonly string[];
  /** Concurrency kept for this function alone, which is also its ceiling. */
  readonly reservedConcurrency?: number;
  /** Lambda's own retries of an asynchronous invocation (default 2). */
  readonly asyncRetryAttempts?: number;
  /** Where an asynchronous invocation goes once Lambda's retries are spent (a queue's DLQ). */
  readonly asyncFailureQueue?: IQueue;
}

export class ServiceFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;
  /** The handler module, relative to the repository root (the local stack runs the same file). */
  readonly entry: string;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    this.entry = props.entry;
    const entry = join(repoRoot, props.entry);
    if (!existsSync(entry)) {
      throw new Error(
        `${props.source}: handler file ${props.entry} does not exist (declared in shared/routes.ts or shared/queues.ts); write it or remove the row`,
      );
    }

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.defaults.logRetention,
      removalPolicy: props.defaults.removalPolicy,
    });
    // An explicit role instead of the default one, which would carry the AWSLambdaBasicExecutionRole
    // managed policy (logs on every log group in the account).
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.source}: ${props.description}`,
    });
    this.logGroup.grantWrite(role);

    this.function = new NodejsFunction(this, 'Function', {
      entry,
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb,
      timeout: props.timeout,
      description: props.description,
      role,
      logGroup: this.logGroup,
      // Lambda's own START, END and REPORT lines (INFO) are ~0.3 KB per invocation, about $0.15 per
      // million invocations at CloudWatch's ingestion price: not written. Its warnings still are;
      // durations and memory are in Lambda's metrics. The handlers' own JSON lines (shared/log.ts,
      // written to stdout, not through console) are passed on as they are.
      loggingFormat: LoggingFormat.JSON,
      systemLogLevelV2: SystemLogLevel.WARN,
      environment: { ...props.defaults.environment },
      recursiveLoop: props.allowRecursiveLoop ? RecursiveLoop.ALLOW : RecursiveLoop.TERMINATE,
      ...(props.reservedConcurrency !== undefined
        ? { reservedConcurrentExecutions: props.reservedConcurrency }
        : {}),
      ...(props.asyncRetryAttempts !== undefined ? { retryAttempts: props.asyncRetryAttempts } : {}),
      ...(props.asyncFailureQueue ? { onFailure: new SqsDestination(props.asyncFailureQueue) } : {}),
      bundling: {
        ...bundlingOptions,
        ...(props.assets?.length
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (inputDir: string, outputDir: string) =>
                  (props.assets ?? []).map((asset) => `cp "${join(inputDir, asset)}" "${outputDir}/"`),
              },
            }
          : {}),
      },
    });
  }
}
