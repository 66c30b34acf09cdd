// Deployment parity through the shared local stack, where each function runs in its own sandbox
// with exactly its synthesized environment and every AWS call is checked against its synthesized
// IAM policy. The routes here answered 500 on AWS while the in-process stack let them pass: a
// hosted page reading the account item for branding, rotation sealing and the test webhook
// opening secrets without a key grant, and the deep health check reading an API key with a
// health-only scope.
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIamGateway } from '../../infra/local/parity/iam-gateway.ts';
import { PolicyEvaluator } from '../../infra/local/parity/policy-evaluator.ts';
import { call, createKey, sharedStack } from '../support/api.ts';
import { purchaseWithInstruction } from '../support/hosted-page-flow.ts';
import { copBody } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const everything = ['isInvoiceAvailable', 'createTransaction', 'manageAccount'] as const;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver?.close());

describe('routes that need more than their old rows gave them', () => {
  it("serves a hosted page with the merchant's branding (read from the branding item, not the account)", async () => {
    const { secretKey: key } = await createKey([...everything]);
    const branded = await call('PUT', '/v2/account/branding', {
      key,
      body: { displayName: 'Tienda Parity', brandColor: '#123456' },
    });
    expect(branded.status, branded.text).toBe(200);
    const tx = await purchaseWithInstruction(copBody(), (t) => Boolean(t.redirectUrl), key);
    const page = await fetch(tx.redirectUrl);
    const html = await page.text();
    expect(page.status, html.slice(0, 300)).toBe(200);
    expect(html).toContain('Tienda Parity');
  });

  it('rotates the webhook secret and sends a signed test webhook', async () => {
    const { secretKey: key } = await createKey([...everything]);
    expect((await call('PUT', '/v2/account/webhook', { key, body: { url: receiver.url } })).status).toBe(200);
    const rotated = await call('POST', '/v2/account/webhook/rotate-secret', { key });
    expect(rotated.status, rotated.text).toBe(200);
    const test = await call('POST', '/v2/account/webhook/test', { key });
    expect(test.status, test.text).toBe(200);
    expect(test.body).toMatchObject({ type: 'webhook.test', delivered: true });
  });

  it('answers the deep health check for a key holder', async () => {
    const deep = await call('GET', '/health/deep');
    expect(deep.status, deep.text).toBe(200);
  });
});

describe('the IAM gateway answers a denied call as the service does', () => {
  const policy = {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['dynamodb:GetItem'],
        Resource: `arn:aws:dynamodb:us-east-1:000000000000:table/${sharedStack().tableName}`,
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['PAGE#*'] } },
      },
    ],
  };
  const caller = {
    functionName: 'test:reader',
    roleName: 'TestReaderRole',
    evaluator: new PolicyEvaluator({ roleName: 'TestReaderRole', policy }),
  };
  const credentials = { accessKeyId: 'TESTREADER', secretAccessKey: 'local' };
  const gatewayTo = (service: 'dynamodb' | 'sqs', upstream: string) =>
    startIamGateway({
      service,
      upstream,
      callers: new Map([['TESTREADER', caller]]),
      enforce: true,
      keyArnOf: () => '*',
    });

  it('DynamoDB: allowed keys pass, others get AccessDeniedException (HTTP 400)', async () => {
    const gateway = await gatewayTo('dynamodb', sharedStack().dynamoEndpoint);
    const client = new DynamoDBClient({
      region: 'us-east-1',
      endpoint: gateway.endpoint,
      credentials,
      maxAttempts: 1,
    });
    try {
      const allowed = await client.send(
        new GetItemCommand({
          TableName: sharedStack().tableName,
          Key: { pk: { S: 'PAGE#none' }, sk: { S: 'PAGE' } },
        }),
      );
      expect(allowed.Item).toBeUndefined();
      const denied = await client
        .send(
          new GetItemCommand({
            TableName: sharedStack().tableName,
            Key: { pk: { S: 'KEY#abc' }, sk: { S: 'KEY' } },
          }),
        )
        .catch(
          (error: unknown) =>
            error as { name: string; message: string; $metadata: { httpStatusCode: number } },
        );
      expect(denied).toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } });
      expect((denied as { message: string }).message).toContain(
        'is not authorized to perform: dynamodb:GetItem',
      );
    } finally {
      client.destroy();
      await gateway.close();
    }
  });

  it('SQS: a send the policy does not allow is refused with HTTP 403', async () => {
    const gateway = await gatewayTo('sqs', sharedStack().sqsEndpoint);
    const client = new SQSClient({
      region: 'us-east-1',
      endpoint: gateway.endpoint,
      credentials,
      maxAttempts: 1,
    });
    try {
      const denied = await client
        .send(
          new SendMessageCommand({ QueueUrl: sharedStack().queueUrls['watch-payment']!, MessageBody: '{}' }),
        )
        .catch((error: unknown) => error as { name: string; $metadata: { httpStatusCode: number } });
      expect(denied).toMatchObject({ $metadata: { httpStatusCode: 403 } });
      expect((denied as { name: string }).name).toMatch(/^AccessDenied/);
    } finally {
      client.destroy();
      await gateway.close();
    }
  });
});
