// The pure parts of the local stack's IAM: what a request asks IAM for, CloudFormation
// intrinsics given local values, and that caching decisions by key shape never changes one.
import { describe, expect, it } from 'vitest';
import {
  type AwsRequest,
  authorizationsOf,
  queryPartitionKey,
  updatedAttributes,
} from '../../infra/local/parity/authorization-requests.ts';
import { resolveIntrinsics } from '../../infra/local/parity/cfn-intrinsics.ts';
import { keyShape, PolicyEvaluator } from '../../infra/local/parity/policy-evaluator.ts';
import { keyScopes } from '../../shared/store/keys.ts';

const dynamoRequest = (operation: string, body: object): AwsRequest => ({
  method: 'POST',
  url: '/',
  headers: { 'x-amz-target': `DynamoDB_20120810.${operation}` },
  body: Buffer.from(JSON.stringify(body)),
});
const options = { keyArnOf: () => 'arn:aws:kms:us-east-1:000000000000:key/k' };
const tableArn = 'arn:aws:dynamodb:us-east-1:000000000000:table/t';

describe('authorizations of a request', () => {
  it('names the partition keys of each item; a transaction authorizes each item as its own action', () => {
    const [get] = authorizationsOf(
      'dynamodb',
      dynamoRequest('GetItem', { TableName: 't', Key: { pk: { S: 'KEY#a' }, sk: { S: 'KEY' } } }),
      options,
    );
    expect(get).toEqual({
      action: 'dynamodb:GetItem',
      resource: tableArn,
      context: { 'dynamodb:LeadingKeys': ['KEY#a'] },
    });
    const transaction = authorizationsOf(
      'dynamodb',
      dynamoRequest('TransactWriteItems', {
        TransactItems: [
          { Put: { TableName: 't', Item: { pk: { S: 'ACC#1#TX#2' }, sk: { S: 'TX' } } } },
          { ConditionCheck: { TableName: 't', Key: { pk: { S: 'TXID#2' }, sk: { S: 'UNIQUE' } } } },
        ],
      }),
      options,
    );
    expect(transaction.map(({ action, context }) => [action, context['dynamodb:LeadingKeys']])).toEqual([
      ['dynamodb:PutItem', ['ACC#1#TX#2']],
      ['dynamodb:ConditionCheckItem', ['TXID#2']],
    ]);
  });

  it("reads a Query's partition key from its key condition, on the index it names", () => {
    const input = {
      TableName: 't',
      IndexName: 'gsi1',
      KeyConditionExpression: '#p = :p AND begins_with(gsi1sk, :s)',
      ExpressionAttributeNames: { '#p': 'gsi1pk' },
      ExpressionAttributeValues: { ':p': { S: 'ACC#1#TXLIST' }, ':s': { S: '2026' } },
    };
    expect(queryPartitionKey(input)).toEqual(['ACC#1#TXLIST']);
    expect(authorizationsOf('dynamodb', dynamoRequest('Query', input), options)[0]!.resource).toBe(
      `${tableArn}/index/gsi1`,
    );
  });

  it('lists the attributes an update writes, with the key', () => {
    expect(updatedAttributes({ UpdateExpression: 'SET lastUsedOn = :day' })).toEqual([
      'pk',
      'sk',
      'lastUsedOn',
    ]);
    expect(
      updatedAttributes({
        UpdateExpression: 'SET #t = if_not_exists(#t, :z) + :one, a.b = :x REMOVE c, d[1] ADD e :n',
        ExpressionAttributeNames: { '#t': 'tokens' },
      }),
    ).toEqual(['pk', 'sk', 'tokens', 'a', 'c', 'd', 'e']);
  });

  it('authorizes SQS batch calls as their single-message action, on the queue the URL names', () => {
    const [send] = authorizationsOf(
      'sqs',
      {
        method: 'POST',
        url: '/',
        headers: { 'x-amz-target': 'AmazonSQS.SendMessageBatch' },
        body: Buffer.from(JSON.stringify({ QueueUrl: 'http://127.0.0.1:1/000000000000/q-watch' })),
      },
      options,
    );
    expect(send).toEqual({
      action: 'sqs:SendMessage',
      resource: 'arn:aws:sqs:us-east-1:000000000000:q-watch',
      context: {},
    });
  });

  it('maps S3 REST calls to object actions', () => {
    const request = (method: string) => ({
      method,
      url: '/bucket/products/a%20b.png',
      headers: {},
      body: Buffer.alloc(0),
    });
    expect(authorizationsOf('s3', request('PUT'), options)[0]).toMatchObject({
      action: 's3:PutObject',
      resource: 'arn:aws:s3:::bucket/products/a b.png',
    });
    expect(authorizationsOf('s3', request('DELETE'), options)[0]!.action).toBe('s3:DeleteObject');
  });
});

describe('CloudFormation intrinsics', () => {
  it('resolves Ref, GetAtt, Join, Sub and pseudo parameters to local values', () => {
    const physical = { Table1: { Ref: 'cashin-local', Arn: tableArn } };
    expect(
      resolveIntrinsics(
        {
          name: { Ref: 'Table1' },
          arn: { 'Fn::GetAtt': ['Table1', 'Arn'] },
          index: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['Table1', 'Arn'] }, '/index/*']] },
          sub: { 'Fn::Sub': ['arn:', '$', '{AWS::Partition}:iam::', '$', '{AWS::AccountId}:root'].join('') },
        },
        physical,
      ),
    ).toEqual({
      name: 'cashin-local',
      arn: tableArn,
      index: `${tableArn}/index/*`,
      sub: 'arn:aws:iam::000000000000:root',
    });
    expect(() => resolveIntrinsics({ Ref: 'Missing' }, physical)).toThrow(/no local value for Ref Missing/);
  });
});

describe('decisions cached by key shape', () => {
  it('blanks identifiers and keeps the layout markers', () => {
    expect(keyShape('ACC#acc_1#TX#123')).toBe('ACC#*#TX#*');
    expect(keyShape('RAIL#sandbox-cop#ACC#acc_1#TX#9')).toBe('RAIL#*#ACC#*#TX#*');
  });

  it('decide as the simulator does for each key, cached or not', async () => {
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['dynamodb:GetItem'],
          Resource: tableArn,
          Condition: {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...keyScopes['hosted-pages']] },
          },
        },
      ],
    };
    const cached = new PolicyEvaluator({ roleName: 'Pages', policy });
    const keys = [
      'PAGE#tok1',
      'PAGE#tok2',
      'ACC#acc_1#TX#1',
      'ACC#acc_2#TX#2',
      'ACC#acc_1',
      'ACC#acc_1#TXEXT#a#TX#b',
      'KEY#abc',
      'BRAND#acc_1',
      'RATE#acc_1',
      'TXID#55',
    ];
    for (const key of keys) {
      const fresh = new PolicyEvaluator({ roleName: 'Pages', policy });
      const authorization = {
        action: 'dynamodb:GetItem',
        resource: tableArn,
        context: { 'dynamodb:LeadingKeys': [key] },
      };
      expect((await cached.decide(authorization)).allowed, key).toBe(
        (await fresh.decide(authorization)).allowed,
      );
    }
    expect(cached.simulations).toBeLessThan(keys.length);
  });
});
