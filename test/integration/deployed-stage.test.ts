// A stack configured as every AWS stage is (ALLOW_INSECURE_POSTBACK=false), started by this
// file so it can also break things: unsafe postback URLs stop delivery at once, /health answers
// 503 while a dependency is down, and a PATCH that keeps losing its race answers 409.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwsRequest } from '../../infra/local/parity/authorization-requests.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { setWebhookUrl } from '../../shared/accounts/manage-webhook.ts';
import { keys } from '../../shared/store/keys.ts';
import { type CallOptions, call, pollUntil } from '../support/api.ts';
import { ownStackTable } from '../support/own-stack.ts';
import { bobBody, copBody } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/** Starting a stack (Java, fauxqs) on a busy machine: a deadline, not a budget. */
const startTimeoutMs = 180_000;

let stack: LocalStack;
let receiver: WebhookReceiver;
/** The contention test's rival writer: runs before each DynamoDB request a function makes. */
let beforeDynamoRequest: ((request: AwsRequest) => Promise<void>) | undefined;
let secretKey: string;
let accountId: string;

beforeAll(async () => {
  [stack, receiver] = await Promise.all([
    startLocalStack({
      ...ownStackTable(),
      port: 0,
      beforeAwsRequest: async (service, request) => {
        if (service === 'dynamodb') await beforeDynamoRequest?.(request);
      },
      env: {
        LOG_LEVEL: 'silent',
        ALLOW_INSECURE_POSTBACK: 'false',
        SANDBOX_INSTRUCTION_DELAY_MS: '100',
        PAYMENT_POLL_SCHEDULE: '250ms,250ms,500ms,1s',
        WEBHOOK_RETRY_SCHEDULE: '200ms,400ms',
        AUTH_CACHE_TTL_MS: '500',
        // /health answers from this cache: the test waits it out twice (SQS down, then up again).
        HEALTH_CACHE_TTL_MS: '500',
      },
    }),
    startWebhookReceiver(),
  ]);
  const issued = await issueApiKey({ permissions: ['isInvoiceAvailable', 'createTransaction'] });
  secretKey = issued.secretKey;
  accountId = issued.accountId;
}, startTimeoutMs);

afterAll(async () => {
  await Promise.all([stack?.stop(), receiver?.close()]);
});

const api = (method: string, path: string, options: CallOptions = {}) =>
  call(method, path, { key: secretKey, baseUrl: stack.baseUrl, ...options });

async function paidTransaction(body: Record<string, unknown>, key = secretKey) {
  const created = await api('POST', '/transactions/v2/purchase', { body, key });
  expect(created.status, created.text).toBe(201);
  const filled = await pollUntil(
    async () => (await api('GET', `/transactions/${created.body.id}`, { key })).body,
    (tx) => Boolean(tx.redirectUrl ?? tx.qr),
    15_000,
    50,
  );
  expect(Boolean(filled.redirectUrl ?? filled.qr)).toBe(true);
  expect((await api('POST', `/sandbox/transactions/${created.body.id}/pay`, { key })).status).toBe(202);
  return created.body as { id: string };
}

async function failedEvent(transactionId: string, key = secretKey) {
  const [event] = await pollUntil(
    async () => (await api('GET', `/transactions/${transactionId}/events`, { key })).body.data,
    (list) => list[0]?.deliveryStatus === 'FAILED',
    20_000,
    100,
  );
  expect(event?.deliveryStatus).toBe('FAILED');
  return event;
}

describe('postback URLs on a stage without insecure postbacks', () => {
  it.each([
    ['an http:// URL', (port: number) => `http://127.0.0.1:${port}/hooks`],
    ['a loopback https URL', (port: number) => `https://127.0.0.1:${port}/hooks`],
    ['localhost (resolves to loopback)', (port: number) => `https://localhost:${port}/hooks`],
    ['a private address', () => 'https://10.20.30.40/hooks'],
    ['a link-local address', () => 'https://169.254.169.254/latest/meta-data'],
  ])('%s: one refused attempt, FAILED at once, nothing sent', async (_name, url) => {
    const postbackUrl = url(Number(new URL(receiver.url).port));
    const tx = await paidTransaction({ ...copBody(), postbackUrl });
    const event = await failedEvent(tx.id);
    expect(event.attempts).toHaveLength(1);
    expect(event.attempts[0]).toMatchObject({ number: 1, url: postbackUrl, statusCode: null });
    expect(event.lastError).toMatch(/^postback URL refused/);
    expect(receiver.received.filter((request) => JSON.parse(request.body).data.id === tx.id)).toEqual([]);
  });

  it("the account's global URL is held to the same rule", async () => {
    const own = await issueApiKey({ permissions: ['createTransaction'] });
    await setWebhookUrl(own.accountId, receiver.url);
    const tx = await paidTransaction(bobBody(), own.secretKey);
    const event = await failedEvent(tx.id, own.secretKey);
    expect(event.attempts).toMatchObject([{ number: 1, url: receiver.url, statusCode: null }]);
    expect(event.lastError).toMatch(/^postback URL refused/);
    expect(receiver.received).toEqual([]);
  });
});

describe('GET /health', () => {
  it('answers 503 naming the failing dependency while SQS is down, 200 again after', async () => {
    expect((await api('GET', '/health', { key: null })).status).toBe(200);
    stack.sqsProxy.setDown(true);
    try {
      // /health answers from a short per-instance cache (docs/decisions.md); /health/deep checks every call.
      const deep = await api('GET', '/health/deep');
      expect(deep.status).toBe(503);
      const down = await pollUntil(
        () => api('GET', '/health', { key: null }),
        (response) => response.status === 503,
        30_000,
        250,
      );
      expect(down.status).toBe(503);
      expect(down.headers.get('x-request-id')).toBeTruthy();
      expect(down.body).toMatchObject({ status: 'degraded', checks: { table: 'ok' } });
      const queueChecks = Object.entries(down.body.checks).filter(([name]) => name.startsWith('queue:'));
      expect(queueChecks.length).toBeGreaterThanOrEqual(3);
      for (const [name, state] of queueChecks) expect(state, name).toBe('failing');
    } finally {
      stack.sqsProxy.setDown(false);
    }
    const up = await pollUntil(
      () => api('GET', '/health', { key: null }),
      (response) => response.status === 200,
      30_000,
      250,
    );
    expect(up.status).toBe(200);
    expect(up.body.status).toBe('ok');
  }, 90_000);
});

describe('PATCH /v2/products/:id under contention', () => {
  it('answers 409 after losing the race 8 times (docs/api.md: "409 after 8 lost races")', async () => {
    const created = await api('POST', '/v2/products', { body: { name: 'Contended' } });
    expect(created.status).toBe(201);
    const productId = created.body.id as string;
    // A rival writer on its own client: just before each of this stack's conditional writes of
    // the product, it changes the product, so every attempt finds the version moved.
    const rival = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: 'us-east-1', endpoint: stack.dynamoEndpoint }),
    );
    let lostRaces = 0;
    // The function runs in its own sandbox: the rival acts on the requests it sends to DynamoDB.
    beforeDynamoRequest = async (request) => {
      const target = String(request.headers['x-amz-target'] ?? '');
      const body = request.body.toString('utf8');
      if (target.endsWith('.PutItem') && body.includes('#version = :version') && body.includes(productId)) {
        lostRaces++;
        await rival.send(
          new UpdateCommand({
            TableName: stack.tableName,
            Key: keys.product(accountId, productId),
            UpdateExpression: 'SET #version = #version + :one',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':one': 1 },
          }),
        );
      }
    };
    try {
      const response = await api('PATCH', `/v2/products/${productId}`, { body: { name: 'Mine' } });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ status: 409, error: expect.any(String) });
      expect(lostRaces).toBe(8);
    } finally {
      beforeDynamoRequest = undefined;
      rival.destroy();
    }
    // Without a rival the same change goes through.
    const calm = await api('PATCH', `/v2/products/${productId}`, { body: { name: 'Mine' } });
    expect(calm.status).toBe(200);
    expect(calm.body.name).toBe('Mine');
  });
});
