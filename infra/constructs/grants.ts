// Turns a table row's grant list (shared/grants.ts) into the narrowest IAM statements and the
// environment the function needs to find what it was granted. Nothing is granted by default.

import { Stack } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Grant } from '../../shared/grants.ts';
import { deadLetterUrlEnv, type QueueName, queueUrlEnv } from '../../shared/queues.ts';
import { liveRailsEnv, liveRailsOfStage } from '../../shared/rails/rail-choice.ts';
import { type KeyScope, keyScopes, keyUsageAttributes } from '../../shared/store/keys.ts';

export interface GrantTargets {
  /** The stage's API Pix settings and secret, when it configures a PSP. */
  readonly pixApi?: { readonly environment: Readonly<Record<string, string>>; readonly secret: ISecret };
  readonly table: ITableV2;
  readonly bucket: IBucket;
  /** Prepared export files (private; read through presigned links only). */
  readonly exportsBucket: IBucket;
  /** Work queues and their dead-letter queues, by name. */
  readonly queues: ReadonlyMap<string, { readonly queue: IQueue; readonly deadLetterQueue: IQueue }>;
  /** The stage's KMS key for sealed secrets (webhook signing secrets). */
  readonly secretsKey: IKey;
  /** The image CDN. */
  readonly distribution: IDistribution;
  /** The stage's SES sending domain (a verified identity), when it sends e-mail. */
  readonly emailDomain?: string;
}

type GrantableFunction = IFunction & { addEnvironment(key: string, value: string): unknown };

const queueGrant = /^queue:([a-z][a-z0-9-]*):(send|dead-letter)$/;
const scopedTableGrant = /^table:(read|write):([a-z][a-z0-9-]*)$/;

const itemReadActions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem'];
const itemWriteActions = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];

/**
 * `table:read` / `table:write`: item reads (and writes) and Query, on the table and its indexes.
 * Not CDK's grantReadData/grantReadWriteData, which add Scan (reads every account's items),
 * DescribeTable and the stream reads (GetRecords, GetShardIterator, DescribeStream…) that no
 * function here needs. Transactions (TransactWrite/GetItems) are authorized per item by these.
 * The one Scan in the code base is the operator's backfill CLI (shared/store/listing-backfill.ts),
 * which runs with the operator's credentials, not a function's role.
 */
export const tableReadActions = [...itemReadActions, 'dynamodb:Query'];
export const tableWriteActions = [...tableReadActions, ...itemWriteActions, 'dynamodb:BatchWriteItem'];

function tableStatement(targets: GrantTargets, actions: readonly string[]): PolicyStatement {
  return new PolicyStatement({
    actions: [...actions],
    resources: [targets.table.tableArn, `${targets.table.tableArn}/index/*`],
  });
}

/**
 * Item access limited to partition keys matching the scope's patterns (IAM
 * `dynamodb:LeadingKeys`). Query on the table only, never an index: a Query names one partition
 * key, which the condition checks as it does a GetItem's, so it reads only the partitions of keys
 * the function knows (a transaction's state and details in one read unit). No Scan: it names no
 * leading key the condition could check.
 */
function scopedTableStatement(
  targets: GrantTargets,
  verb: 'read' | 'write',
  scope: KeyScope,
): PolicyStatement {
  const readActions = [...itemReadActions, 'dynamodb:Query'];
  return new PolicyStatement({
    actions: verb === 'read' ? readActions : [...readActions, ...itemWriteActions],
    resources: [targets.table.tableArn],
    conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...keyScopes[scope]] } },
  });
}

export function applyGrants(
  fn: GrantableFunction,
  source: string,
  grants: readonly Grant[],
  targets: GrantTargets,
): void {
  const queueEnv = (name: string, queue: IQueue) =>
    fn.addEnvironment(queueUrlEnv(name as QueueName), queue.queueUrl);
  const known = () =>
    `known: table:read, table:write, bucket:read, bucket:write, exports:write, queues:health, queue:<${[...targets.queues.keys()].join('|')}>:send|dead-letter`;

  for (const grant of grants) {
    switch (grant) {
      case 'table:read':
        fn.addToRolePolicy(tableStatement(targets, tableReadActions));
        break;
      case 'table:write':
        fn.addToRolePolicy(tableStatement(targets, tableWriteActions));
        break;
      case 'bucket:read':
        fn.addToRolePolicy(
          new PolicyStatement({ actions: ['s3:GetObject'], resources: [targets.bucket.arnForObjects('*')] }),
        );
        break;
      case 'bucket:write':
        // Objects are written once under a content-hash key and deleted when replaced: no
        // overwrite-by-listing, no versions, no ACLs.
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['s3:PutObject', 's3:DeleteObject'],
            resources: [targets.bucket.arnForObjects('*')],
          }),
        );
        break;
      case 'exports:write':
        // The presigned link a client follows acts with the signer's s3:GetObject.
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['s3:PutObject', 's3:GetObject'],
            resources: [targets.exportsBucket.arnForObjects('*')],
          }),
        );
        fn.addEnvironment('EXPORT_BUCKET', targets.exportsBucket.bucketName);
        break;
      case 'table:rate-limit':
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['dynamodb:UpdateItem'],
            resources: [targets.table.tableArn],
            conditions: {
              'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...keyScopes['rate-limits']] },
            },
          }),
        );
        break;
      case 'table:key-usage':
        // Only `lastUsedOn` can change: a read-only route must not be able to un-revoke a key.
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['dynamodb:UpdateItem'],
            resources: [targets.table.tableArn],
            conditions: {
              'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...keyScopes['api-keys']] },
              'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...keyUsageAttributes] },
            },
          }),
        );
        break;
      case 'secrets:open':
      case 'secrets:seal': {
        const actions = grant === 'secrets:open' ? ['kms:Decrypt'] : ['kms:GenerateDataKey'];
        fn.addToRolePolicy(new PolicyStatement({ actions, resources: [targets.secretsKey.keyArn] }));
        fn.addEnvironment('WEBHOOK_SECRETS_KEY_ID', targets.secretsKey.keyArn);
        break;
      }
      case 'cdn:invalidate':
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['cloudfront:CreateInvalidation'],
            resources: [targets.distribution.distributionArn],
          }),
        );
        fn.addEnvironment('IMAGE_DISTRIBUTION_ID', targets.distribution.distributionId);
        break;
      case 'rails:live':
        // Only the functions that call a rail see its settings and may read its secret.
        if (targets.pixApi) {
          targets.pixApi.secret.grantRead(fn);
          for (const [key, value] of Object.entries(targets.pixApi.environment))
            fn.addEnvironment(key, value);
          fn.addEnvironment(liveRailsEnv, liveRailsOfStage(targets.pixApi.environment));
        }
        break;
      case 'rails:choose':
        if (targets.pixApi) fn.addEnvironment(liveRailsEnv, liveRailsOfStage(targets.pixApi.environment));
        break;
      case 'email:send': {
        // Only the stage's sending identity (`-c emailDomain=…`, README); a stage without
        // one sends no e-mail (each is recorded SKIPPED). Locally EMAIL_TRANSPORT stands for the
        // SMTP server (infra/local/parity/local-functions.ts).
        const domain = targets.emailDomain;
        if (domain) {
          fn.addToRolePolicy(
            new PolicyStatement({
              actions: ['ses:SendEmail', 'ses:SendRawEmail'],
              resources: [
                Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: domain }),
              ],
            }),
          );
          fn.addEnvironment('EMAIL_TRANSPORT', 'ses');
          fn.addEnvironment('EMAIL_FROM_ADDRESS', `no-reply@${domain}`);
        } else fn.addEnvironment('EMAIL_TRANSPORT', 'none');
        break;
      }
      case 'queues:health': {
        const all = [...targets.queues.entries()];
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['sqs:GetQueueAttributes'],
            resources: all.map(([, { queue }]) => queue.queueArn),
          }),
        );
        for (const [name, { queue }] of all) queueEnv(name, queue);
        break;
      }
      default: {
        const [, tableVerb, scope] = scopedTableGrant.exec(grant) ?? [];
        if (tableVerb !== undefined && scope !== undefined) {
          if (!(scope in keyScopes))
            throw new Error(
              `${source}: unknown key scope in "${grant}" (${Object.keys(keyScopes).join(', ')})`,
            );
          fn.addToRolePolicy(scopedTableStatement(targets, tableVerb as 'read' | 'write', scope as KeyScope));
          break;
        }
        const [, name, verb] = queueGrant.exec(grant) ?? [];
        const target = name === undefined ? undefined : targets.queues.get(name);
        if (name === undefined || target === undefined)
          throw new Error(`${source}: unknown grant "${grant}" (${known()})`);
        if (verb === 'send') {
          target.queue.grantSendMessages(fn);
          queueEnv(name, target.queue);
        } else {
          // A worker that gives a job up parks it in the DLQ itself (and the DLQ alarm fires).
          target.deadLetterQueue.grantSendMessages(fn);
          fn.addEnvironment(deadLetterUrlEnv(name as QueueName), target.deadLetterQueue.queueUrl);
        }
      }
    }
  }
}
