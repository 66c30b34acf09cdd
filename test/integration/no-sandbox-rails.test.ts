// A stage without sandbox rails (SANDBOX_RAILS=false, like prod) and no live rail configured:
// docs/api.md "refuses the purchase: 422 … before any write", and the sandbox payment routes answer
// 404 even if they were reached; the rest of the API works as usual.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { basicAuthorization } from '../../shared/auth/credentials.ts';
import { newToken } from '../../shared/ids.ts';
import { paymentMethods } from '../../shared/payment-methods.ts';
import { type CallOptions, call } from '../support/api.ts';
import { ownStackTable } from '../support/own-stack.ts';
import { bodyFor } from '../support/purchase-fixtures.ts';

/** Starting a stack (Java, fauxqs) on a busy machine: a deadline, not a budget. */
const startTimeoutMs = 180_000;

let stack: LocalStack;
let secretKey: string;

beforeAll(async () => {
  stack = await startLocalStack({
    ...ownStackTable(),
    port: 0,
    env: { LOG_LEVEL: 'silent', SANDBOX_RAILS: 'false' },
  });
  ({ secretKey } = await issueApiKey({ permissions: ['isInvoiceAvailable', 'createTransaction'] }));
}, startTimeoutMs);

afterAll(async () => {
  await stack?.stop();
});

const api = (method: string, path: string, options: CallOptions = {}) =>
  call(method, path, { key: secretKey, baseUrl: stack.baseUrl, ...options });

describe('a stage without sandbox rails', () => {
  it.each(paymentMethods.map((row) => [`${row.method} (${row.currency})`, bodyFor(row)] as const))(
    'refuses a %s purchase with 422 before any write',
    async (method, body) => {
      const externalId = `no-rail-${randomUUID()}`;
      const refused = await api('POST', '/transactions/v2/purchase', { body: { ...body, externalId } });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({
        statusCode: 422,
        message: `paymentMethod: ${method} is not available on this stage`,
        error: 'Unprocessable Entity',
      });
      // Nothing was written: the externalId is still free and unknown.
      expect((await api('GET', `/transactions/${externalId}?searchBy=externalId`)).status).toBe(404);
    },
  );

  it('has no sandbox pay route, through the API or from a hosted page: API Gateway answers 404', async () => {
    // Such a stage does not deploy these routes, and the local gateway serves only the rows the
    // stage deploys, so the answer is API Gateway's own. Plain fetch: the OpenAPI conformance
    // check of call() rightly finds no documented operation.
    const pay = await fetch(`${stack.baseUrl}/sandbox/transactions/1234567890123456789/pay`, {
      method: 'POST',
      headers: { authorization: basicAuthorization(secretKey) },
    });
    expect(pay.status).toBe(404);
    expect(await pay.json()).toEqual({ message: 'Not Found' });
    const fromPage = await fetch(`${stack.baseUrl}/pay/${newToken()}/sandbox-pay`, {
      method: 'POST',
      body: 'bank=1007',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(fromPage.status).toBe(404);
    expect(await fromPage.json()).toEqual({ message: 'Not Found' });
  });

  it('serves everything else as usual', async () => {
    expect((await api('GET', '/health', { key: null })).status).toBe(200);
    expect((await api('POST', '/v2/products', { body: { name: 'Live' } })).status).toBe(201);
    expect((await api('GET', '/v2/account')).status).toBe(200);
  });
});
