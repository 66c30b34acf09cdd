// A dependency that hangs (accepts the connection, never answers) must not hold a request
// until the function's timeout: Lambda's Invoke API and SQS both hanging during a purchase
// (every way its job could leave) still gives 201, and the sweeper sends the job once they answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../infra/local/stack.ts';
import { call, pollUntil } from '../support/api.ts';
import { ownStackTable } from '../support/own-stack.ts';
import { bobBody } from '../support/purchase-fixtures.ts';

let stack: LocalStack;
beforeAll(async () => {
  const { startLocalStack } = await import('../../infra/local/stack.ts');
  stack = await startLocalStack({
    ...ownStackTable(),
    port: 0,
    env: { LOG_LEVEL: 'silent', SANDBOX_INSTRUCTION_DELAY_MS: '100', SWEEP_AFTER_MS: '500' },
    scheduleIntervalMs: 500,
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe('Lambda and SQS hang during a purchase', () => {
  it('answers 201 (the Lambda and SQS clients give up after their request timeouts) and the work is not lost', async () => {
    const { issueApiKey } = await import('../../shared/accounts/issue-api-key.ts');
    const key = await issueApiKey({ permissions: ['createTransaction'] });
    stack.lambdaProxy.setHung(true);
    stack.sqsProxy.setHung(true);
    const created = await call('POST', '/transactions/v2/purchase', {
      body: bobBody(),
      key: key.secretKey,
      baseUrl: stack.baseUrl,
    });
    expect(created.status, created.text).toBe(201);
    stack.lambdaProxy.setHung(false);
    stack.sqsProxy.setHung(false);
    const tx = await pollUntil(
      async () =>
        (
          await call('GET', `/transactions/${created.body.id}`, {
            key: key.secretKey,
            baseUrl: stack.baseUrl,
          })
        ).body,
      (t) => Boolean(t.qr),
      15_000,
      100,
    );
    expect(tx.qr).toEqual(expect.any(String));
  }, 60_000);
});
