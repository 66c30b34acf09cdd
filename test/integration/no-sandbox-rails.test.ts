// A stage without sandbox rails (SANDBOX_RAILS=false, like prod): purchases are accepted, but
// no instruction is invented (the job ends in the DLQ: README "refuses to create instructions
// rather than pretend"), and the sandbox payment routes answer 404 even if they were reached.
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { newToken } from '../../shared/ids.ts';
import { type CallOptions, call, pollUntil } from '../support/api.ts';
import { bobBody, boletoBody, copBody } from '../support/purchase-fixtures.ts';

/** Starting a stack (Java, fauxqs) on a busy machine: a deadline, not a budget. */
const startTimeoutMs = 180_000;

let stack: LocalStack;
let secretKey: string;
const workerErrors: unknown[] = [];

beforeAll(async () => {
  stack = await startLocalStack({
    port: 0,
    env: { LOG_LEVEL: 'silent', SANDBOX_RAILS: 'false', SANDBOX_INSTRUCTION_DELAY_MS: '0' },
    // Failed jobs come back after a second, so the refused one reaches the DLQ quickly.
    visibilityTimeoutSeconds: 1,
    onWorkerError: (_queue, error) => workerErrors.push(error),
  });
  ({ secretKey } = await issueApiKey({ permissions: ['isInvoiceAvailable', 'createTransaction'] }));
}, startTimeoutMs);

afterAll(async () => {
  await stack?.stop();
});

const api = (method: string, path: string, options: CallOptions = {}) =>
  call(method, path, { key: secretKey, baseUrl: stack.baseUrl, ...options });

describe('a stage without sandbox rails', () => {
  it('accepts a purchase but fills no instruction: the job is refused and parked in the DLQ', async () => {
    const created = await api('POST', '/transactions/v2/purchase', { body: bobBody() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'PENDING', qr: null });
    const parked = await pollUntil(
      async () =>
        (
          await stack.sqs.send(
            new ReceiveMessageCommand({
              QueueUrl: stack.queues['fill-instruction'].dlqUrl,
              MaxNumberOfMessages: 10,
              VisibilityTimeout: 0,
            }),
          )
        ).Messages ?? [],
      (messages) => messages.some((message) => JSON.parse(message.Body!).transactionId === created.body.id),
      40_000,
      250,
    );
    expect(parked.some((message) => JSON.parse(message.Body!).transactionId === created.body.id)).toBe(true);
    const tx = (await api('GET', `/transactions/${created.body.id}`)).body;
    expect(tx).toMatchObject({ status: 'PENDING', qr: null, redirectUrl: null, expiresAt: null });
  }, 60_000);

  it('answers 404 to sandbox pay, through the API and from a hosted page', async () => {
    const created = await api('POST', '/transactions/v2/purchase', { body: copBody() });
    expect(created.status).toBe(201);
    const pay = await api('POST', `/sandbox/transactions/${created.body.id}/pay`);
    expect(pay.status).toBe(404);
    expect(pay.body).toEqual({ statusCode: 404, message: expect.any(String), error: 'Not Found' });
    const fromPage = await api('POST', `/pay/${newToken()}/sandbox-pay`, {
      key: null,
      rawBody: 'bank=1007',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(fromPage.status).toBe(404);
    expect(fromPage.text).toContain('data-status="INVALID"');
    expect((await api('GET', `/transactions/${created.body.id}`)).body.status).toBe('PENDING');
  });

  it('serves everything else as usual', async () => {
    expect((await api('GET', '/health', { key: null })).status).toBe(200);
    expect((await api('POST', '/v2/products', { body: { name: 'Live' } })).status).toBe(201);
    const boleto = await api('POST', '/transactions/v2/purchase', { body: boletoBody() });
    expect(boleto.status).toBe(201);
    expect(boleto.body.costFee).toBe(350);
  });
});
