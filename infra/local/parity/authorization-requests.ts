// What IAM authorizes for one AWS API request: the action(s), the resource ARN and the condition
// keys, derived from the request as the service receives it (DynamoDB, SQS and KMS over their
// JSON protocols, S3 over REST). One API call can be several authorizations: each item of a
// DynamoDB transaction is authorized as its own action.
import { table } from '../../../shared/store/table.ts';
import { localAccountId, localRegion } from './cfn-intrinsics.ts';

/** A request body as the service's JSON protocol has it: whatever shape the caller sent. */
// biome-ignore lint/suspicious/noExplicitAny: untyped wire JSON, read field by field below
type Json = any;

export interface Authorization {
  readonly action: string;
  readonly resource: string;
  readonly context: Readonly<Record<string, string | readonly string[]>>;
}

export type AwsService = 'dynamodb' | 'sqs' | 's3' | 'kms' | 'lambda';

export interface AwsRequest {
  readonly method: string;
  /** Path and query, as received. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
}

const header = (request: AwsRequest, name: string): string => {
  const value = request.headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

const jsonBody = (request: AwsRequest): Record<string, Json> =>
  request.body.length ? (JSON.parse(request.body.toString('utf8')) as Record<string, Json>) : {};

const operationOf = (request: AwsRequest): string => header(request, 'x-amz-target').split('.').pop() ?? '';

export const tableArn = (tableName: string) =>
  `arn:aws:dynamodb:${localRegion}:${localAccountId}:table/${tableName}`;
export const queueArn = (queueName: string) => `arn:aws:sqs:${localRegion}:${localAccountId}:${queueName}`;
export const functionArn = (functionName: string) =>
  `arn:aws:lambda:${localRegion}:${localAccountId}:function:${functionName}`;

/** The function an Invoke request names (`/2015-03-31/functions/{FunctionName}/invocations`), by name. */
export function invokedFunctionName(url: string): string | undefined {
  const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(new URL(url, 'http://local').pathname);
  if (!match) return undefined;
  const named = decodeURIComponent(match[1]!);
  // A name, or an ARN (arn:aws:lambda:region:account:function:name[:qualifier]).
  return named.startsWith('arn:') ? named.split(':')[6] : named;
}

type AttributeMap = Record<string, { S?: string; N?: string; B?: string } | undefined>;

const partitionKeyAttribute = (indexName: string | undefined): string =>
  indexName === undefined
    ? table.partitionKey
    : ((table.indexes as Record<string, { partitionKey: string }>)[indexName]?.partitionKey ??
      table.partitionKey);

const leadingKey = (item: AttributeMap | undefined, attribute: string = table.partitionKey): string[] => {
  const value = item?.[attribute];
  const text = value?.S ?? value?.N ?? value?.B;
  return text === undefined ? [] : [text];
};

/**
 * The partition key value a Query's key condition fixes: `<attr> = :value`, the attribute possibly
 * behind a `#name` placeholder.
 */
export function queryPartitionKey(input: Record<string, Json>): string[] {
  const attribute = partitionKeyAttribute(input.IndexName);
  const names: Record<string, string> = input.ExpressionAttributeNames ?? {};
  const values: AttributeMap = input.ExpressionAttributeValues ?? {};
  const condition = String(input.KeyConditionExpression ?? '');
  for (const match of condition.matchAll(/(#?[A-Za-z0-9_]+)\s*=\s*(:[A-Za-z0-9_]+)/g)) {
    const name = match[1]!.startsWith('#') ? names[match[1]!] : match[1];
    if (name === attribute) return leadingKey({ value: values[match[2]!] }, 'value');
  }
  return [];
}

const withLeadingKeys = (keys: readonly string[]) => ({ 'dynamodb:LeadingKeys': keys });

/**
 * The attributes an update expression writes (the top of each path), with the table's key
 * attributes, as IAM's `dynamodb:Attributes` has them.
 */
export function updatedAttributes(input: Record<string, Json>): string[] {
  const names: Record<string, string> = input.ExpressionAttributeNames ?? {};
  const expression = String(input.UpdateExpression ?? '');
  const attributes = new Set<string>([table.partitionKey, table.sortKey]);
  for (const clause of expression.split(/\b(?=SET\b|REMOVE\b|ADD\b|DELETE\b)/i)) {
    const [, keyword, body = ''] = /^\s*(SET|REMOVE|ADD|DELETE)\b(.*)$/is.exec(clause) ?? [];
    if (!keyword) continue;
    let depth = 0;
    let item = '';
    const items: string[] = [];
    for (const character of body) {
      if (character === '(') depth += 1;
      if (character === ')') depth -= 1;
      if (character === ',' && depth === 0) {
        items.push(item);
        item = '';
      } else item += character;
    }
    items.push(item);
    for (const entry of items) {
      const path = entry.trim().split(/[\s=]/)[0] ?? '';
      const top = path.split(/[.[]/)[0] ?? '';
      if (top) attributes.add(top.startsWith('#') ? (names[top] ?? top) : top);
    }
  }
  return [...attributes];
}

function dynamodbAuthorizations(request: AwsRequest): Authorization[] {
  const operation = operationOf(request);
  const input = jsonBody(request);
  const resourceOf = (tableName: string, indexName?: string) =>
    indexName ? `${tableArn(tableName)}/index/${indexName}` : tableArn(tableName);
  switch (operation) {
    case 'UpdateItem':
      return [
        {
          action: 'dynamodb:UpdateItem',
          resource: resourceOf(input.TableName),
          context: {
            ...withLeadingKeys(leadingKey(input.Key)),
            'dynamodb:Attributes': updatedAttributes(input),
          },
        },
      ];
    case 'GetItem':
    case 'DeleteItem':
      return [
        {
          action: `dynamodb:${operation}`,
          resource: resourceOf(input.TableName),
          context: withLeadingKeys(leadingKey(input.Key)),
        },
      ];
    case 'PutItem':
      return [
        {
          action: 'dynamodb:PutItem',
          resource: resourceOf(input.TableName),
          context: withLeadingKeys(leadingKey(input.Item)),
        },
      ];
    case 'Query':
      return [
        {
          action: 'dynamodb:Query',
          resource: resourceOf(input.TableName, input.IndexName),
          context: withLeadingKeys(queryPartitionKey(input)),
        },
      ];
    case 'Scan':
      return [
        { action: 'dynamodb:Scan', resource: resourceOf(input.TableName, input.IndexName), context: {} },
      ];
    case 'BatchGetItem':
      return Object.entries(input.RequestItems ?? {}).map(([tableName, request]) => ({
        action: 'dynamodb:BatchGetItem',
        resource: resourceOf(tableName),
        context: withLeadingKeys(
          ((request as { Keys?: AttributeMap[] }).Keys ?? []).flatMap((key) => leadingKey(key)),
        ),
      }));
    case 'BatchWriteItem':
      return Object.entries(input.RequestItems ?? {}).map(([tableName, requests]) => ({
        action: 'dynamodb:BatchWriteItem',
        resource: resourceOf(tableName),
        context: withLeadingKeys(
          (
            requests as Array<{ PutRequest?: { Item: AttributeMap }; DeleteRequest?: { Key: AttributeMap } }>
          ).flatMap((entry) => leadingKey(entry.PutRequest?.Item ?? entry.DeleteRequest?.Key)),
        ),
      }));
    case 'TransactWriteItems':
      return (input.TransactItems ?? []).map((entry: Record<string, Json>) => {
        const [kind, item] = Object.entries(entry)[0] as [string, Record<string, Json>];
        const action = {
          Put: 'PutItem',
          Update: 'UpdateItem',
          Delete: 'DeleteItem',
          ConditionCheck: 'ConditionCheckItem',
        }[kind];
        return {
          action: `dynamodb:${action ?? kind}`,
          resource: resourceOf(item.TableName),
          context: {
            ...withLeadingKeys(leadingKey(kind === 'Put' ? item.Item : item.Key)),
            ...(kind === 'Update' ? { 'dynamodb:Attributes': updatedAttributes(item) } : {}),
          },
        };
      });
    case 'TransactGetItems':
      return (input.TransactItems ?? []).map((entry: { Get: Record<string, Json> }) => ({
        action: 'dynamodb:GetItem',
        resource: resourceOf(entry.Get.TableName),
        context: withLeadingKeys(leadingKey(entry.Get.Key)),
      }));
    default:
      return [
        {
          action: `dynamodb:${operation}`,
          resource: input.TableName ? resourceOf(input.TableName) : '*',
          context: {},
        },
      ];
  }
}

/** Batch calls are authorized as their single-message action (SQS's own rule). */
const sqsBatchActions: Record<string, string> = {
  SendMessageBatch: 'SendMessage',
  DeleteMessageBatch: 'DeleteMessage',
  ChangeMessageVisibilityBatch: 'ChangeMessageVisibility',
};

function sqsAuthorizations(request: AwsRequest): Authorization[] {
  let operation: string;
  let queueUrl: string | undefined;
  if (header(request, 'x-amz-target')) {
    operation = operationOf(request);
    const input = jsonBody(request);
    queueUrl = input.QueueUrl ?? (input.QueueName ? `/${input.QueueName}` : undefined);
  } else {
    const form = new URLSearchParams(request.body.toString('utf8'));
    operation = form.get('Action') ?? '';
    queueUrl = form.get('QueueUrl') ?? undefined;
  }
  const queueName = queueUrl?.split('/').filter(Boolean).pop();
  return [
    {
      action: `sqs:${sqsBatchActions[operation] ?? operation}`,
      resource: queueName ? queueArn(queueName) : '*',
      context: {},
    },
  ];
}

function s3Authorizations(request: AwsRequest): Authorization[] {
  const url = new URL(request.url, 'http://local');
  const [bucket = '', ...keyParts] = url.pathname.split('/').filter((_, index) => index > 0);
  const key = decodeURIComponent(keyParts.join('/'));
  const method = request.method.toUpperCase();
  if (!key) {
    if (method === 'POST' && url.searchParams.has('delete'))
      return [...request.body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => ({
        action: 's3:DeleteObject',
        resource: `arn:aws:s3:::${bucket}/${match[1]}`,
        context: {},
      }));
    const action =
      method === 'GET' ? 's3:ListBucket' : method === 'HEAD' ? 's3:ListBucket' : `s3:${method}Bucket`;
    return [{ action, resource: `arn:aws:s3:::${bucket}`, context: {} }];
  }
  const action =
    method === 'GET' || method === 'HEAD'
      ? 's3:GetObject'
      : method === 'DELETE'
        ? 's3:DeleteObject'
        : 's3:PutObject';
  return [{ action, resource: `arn:aws:s3:::${bucket}/${key}`, context: {} }];
}

function kmsAuthorizations(
  request: AwsRequest,
  keyArnOf: (keyId: string | undefined) => string,
): Authorization[] {
  const input = jsonBody(request);
  return [{ action: `kms:${operationOf(request)}`, resource: keyArnOf(input.KeyId), context: {} }];
}

export function authorizationsOf(
  service: AwsService,
  request: AwsRequest,
  options: { keyArnOf: (keyId: string | undefined) => string },
): Authorization[] {
  switch (service) {
    case 'dynamodb':
      return dynamodbAuthorizations(request);
    case 'sqs':
      return sqsAuthorizations(request);
    case 's3':
      return s3Authorizations(request);
    case 'kms':
      return kmsAuthorizations(request, options.keyArnOf);
    case 'lambda': {
      const name = invokedFunctionName(request.url);
      return [{ action: 'lambda:InvokeFunction', resource: name ? functionArn(name) : '*', context: {} }];
    }
  }
}

/** The API operation a request calls, as the SDK's command is named (`PutObject` for S3 by method). */
export function operationName(service: AwsService, request: AwsRequest): string {
  if (service === 'lambda') return 'Invoke';
  if (service !== 's3') return operationOf(request);
  const method = request.method.toUpperCase();
  return method === 'PUT'
    ? 'PutObject'
    : method === 'DELETE'
      ? 'DeleteObject'
      : method === 'HEAD'
        ? 'HeadObject'
        : 'GetObject';
}

/** How many items a DynamoDB transaction writes or reads (0 for any other request). */
export function transactionItemCount(request: AwsRequest): number {
  if (!/TransactWriteItems|TransactGetItems/.test(header(request, 'x-amz-target'))) return 0;
  return (jsonBody(request).TransactItems ?? []).length;
}

/** The access key id a SigV4 request was signed with. */
export function accessKeyIdOf(request: AwsRequest): string | undefined {
  const authorization = header(request, 'authorization');
  return /Credential=([^/,\s]+)\//.exec(authorization)?.[1];
}
