// Rails and workers end to end: the instruction appears after the sandbox delay, it is valid
// (boleto check digits, EMV CRC), and a sandbox payment moves the transaction to PAID with
// exactly one cashin.paid event, however often it is paid or its message delivered.

import { randomUUID } from 'node:crypto';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack, ObservedAwsRequest } from '../../infra/local/stack.ts';
import { methodCodesOf } from '../../shared/payment-methods.ts';
import {
  barcodeFromDigitableLine,
  dueDateFactor,
  parseBarcode,
  validateBarcode,
  validateDigitableLine,
} from '../../shared/rails/boleto.ts';
import { parseBolivianQr, verifyEmvCrc } from '../../shared/rails/emv-qr.ts';
import { listEventsWithAttempts } from '../../shared/store/events.ts';
import { call, checkFetched, createKey, pollUntil, sharedStack, useSharedStore } from '../support/api.ts';
import { ownStackTable, setJobsUnreachable } from '../support/own-stack.ts';
import { bobBody, boletoBody, copBody } from '../support/purchase-fixtures.ts';

// The shared stack runs with SANDBOX_INSTRUCTION_DELAY_MS=300.
const instructionDelayMs = 300;

async function purchaseAndWait(body: Record<string, unknown>, filled: (tx: any) => boolean) {
  const created = await call('POST', '/transactions/v2/purchase', { body });
  expect(created.status).toBe(201);
  const tx = await pollUntil(
    async () => (await call('GET', `/transactions/${created.body.id}`)).body,
    filled,
    instructionDelayMs + 15_000,
    50,
  );
  expect(filled(tx), 'instruction filled').toBe(true);
  return { created: created.body, tx };
}

async function payAndWait(id: string, key?: string) {
  const paid = await call('POST', `/sandbox/transactions/${id}/pay`, key ? { key } : {});
  expect(paid.status).toBe(202);
  expect(paid.body).toMatchObject({ transactionId: id, railStatus: 'PAID' });
  return pollUntil(
    async () => (await call('GET', `/transactions/${id}`, key ? { key } : {})).body,
    (tx) => tx.status === 'PAID',
    15_000,
    50,
  );
}

describe('instruction worker', () => {
  it('fills a valid boleto: barcode and line agree, check digits, due-date factor and value', async () => {
    const dueDate = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const { created, tx } = await purchaseAndWait({ ...boletoBody(), amount: 123_456, dueDate }, (t) =>
      Boolean(t.paymentInstruction?.boletoBarcode),
    );
    expect(created.paymentInstruction.boletoBarcode).toBe('');
    const { boletoBarcode, boletoDigitableLine, boletoUrl } = tx.paymentInstruction;
    expect(boletoBarcode).toMatch(/^\d{44}$/);
    expect(validateBarcode(boletoBarcode)).toEqual({ ok: true, problems: [] });
    expect(validateDigitableLine(boletoDigitableLine)).toEqual({ ok: true, problems: [] });
    expect(boletoDigitableLine).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(barcodeFromDigitableLine(boletoDigitableLine)).toBe(boletoBarcode);
    const parsed = parseBarcode(boletoBarcode, dueDate);
    expect(parsed.amountCents).toBe(123_456);
    expect(parsed.dueDateFactor).toBe(dueDateFactor(dueDate));
    expect(parsed.dueDate).toBe(dueDate);
    expect(boletoUrl).toMatch(/^http:\/\/localhost:\d+\/pay\/boleto\/\d{19}\.[A-Za-z0-9_-]{32}$/);
    expect(tx.paymentInstruction.dueDate).toBe(`${dueDate}T00:00:00.000Z`);
    expect(tx.expiresAt).not.toBeNull();
  });

  it.each(methodCodesOf('COP'))('fills COP %s with an absolute redirectUrl', async (method) => {
    const { created, tx } = await purchaseAndWait({ ...copBody(), paymentMethod: method }, (t) =>
      Boolean(t.redirectUrl),
    );
    expect(created.redirectUrl).toBeNull();
    expect(new URL(tx.redirectUrl).protocol).toBe('http:');
    expect(tx.redirectUrl).toMatch(/\/pay\/checkout\/\d{19}\.[A-Za-z0-9_-]{32}$/);
    const page = await fetch(tx.redirectUrl);
    await checkFetched(page);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('fills BOB with an EMV QR payload: CRC, currency, country and amount', async () => {
    const { created, tx } = await purchaseAndWait({ ...bobBody(), amount: 12_345 }, (t) => Boolean(t.qr));
    expect(created.qr).toBeNull();
    expect(verifyEmvCrc(tx.qr)).toBe(true);
    expect(tx.qr).toContain('5303068');
    expect(tx.qr).toContain('5802BO');
    expect(tx.qr).toContain('5406123.45');
    const qr = parseBolivianQr(tx.qr);
    expect(qr.amountCents).toBe(12_345);
    expect(qr.reference).toBe(tx.id);
  });
});

describe('payment worker and sandbox pay', () => {
  it('sandbox pay → PAID with paidAt and exactly one cashin.paid event, even when paid twice', async () => {
    const externalId = `paid-${randomUUID()}`;
    const { tx } = await purchaseAndWait({ ...copBody(), externalId }, (t) => Boolean(t.redirectUrl));
    const paid = await payAndWait(tx.id);
    expect(paid.status).toBe('PAID');
    expect(paid.paidAt).toMatch(/Z$/);
    const again = await call('POST', `/sandbox/transactions/${tx.id}/pay`);
    expect(again.status).toBe(202);
    expect(again.body.status).toBe('PAID');
    useSharedStore();
    const events = await listEventsWithAttempts(sharedStack().accountId, tx.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'cashin.paid', transactionId: tx.id });
    const [listed] = (await call('GET', `/transactions/${tx.id}/events`)).body.data;
    expect(listed).toMatchObject({ type: 'cashin.paid', data: { id: tx.id, status: 'PAID', externalId } });
    expect(events[0]!.eventId).toMatch(/^evt_/);
  });

  it('a payment job delivered several times creates one event', async () => {
    const { tx } = await purchaseAndWait(bobBody(), (t) => Boolean(t.qr));
    useSharedStore();
    const { watchPayment } = await import('../../shared/transactions/watch-payment.ts');
    const paid = await call('POST', `/sandbox/transactions/${tx.id}/pay`);
    expect(paid.status).toBe(202);
    expect(paid.body).toMatchObject({ transactionId: tx.id, railStatus: 'PAID' });
    // SQS delivers at least once: five copies of the notification, run here to completion,
    // race the stack's own copy. At most one of them moves the transaction to PAID.
    const job = { accountId: sharedStack().accountId, transactionId: tx.id, mode: 'notify' as const };
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => watchPayment(job)));
    expect(outcomes.filter((outcome) => outcome === 'paid').length).toBeLessThanOrEqual(1);
    const after = await pollUntil(
      async () => (await call('GET', `/transactions/${tx.id}`)).body,
      (t) => t.status === 'PAID',
      15_000,
      50,
    );
    expect(after.status).toBe('PAID');
    // Once PAID, any copy still to come finds nothing to do: no second event can appear.
    expect(await watchPayment(job)).toBe('nothing-to-do');
    const events = await listEventsWithAttempts(sharedStack().accountId, tx.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'cashin.paid', transactionId: tx.id });
    const [listed] = (await call('GET', `/transactions/${tx.id}/events`)).body.data;
    expect(listed).toMatchObject({ type: 'cashin.paid', data: { id: tx.id, status: 'PAID' } });
  });

  it("cannot pay another account's transaction (404)", async () => {
    const { tx } = await purchaseAndWait(copBody(), (t) => Boolean(t.redirectUrl));
    const other = await createKey(['createTransaction']);
    const response = await call('POST', `/sandbox/transactions/${tx.id}/pay`, { key: other.secretKey });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    // The owner still can.
    expect((await call('POST', `/sandbox/transactions/${tx.id}/pay`)).status).toBe(202);
  });

  it('needs createTransaction', async () => {
    const catalogOnly = await createKey(['isInvoiceAvailable']);
    expect((await call('POST', '/sandbox/transactions/1/pay', { key: catalogOnly.secretKey })).status).toBe(
      403,
    );
    expect((await call('POST', '/sandbox/transactions/1/pay', { key: null })).status).toBe(401);
  });
});

describe('poll chains', () => {
  it('a duplicated payment poll job stops: only one chain keeps polling', async () => {
    const { tx } = await purchaseAndWait(copBody(), (t) => Boolean(t.redirectUrl));
    useSharedStore();
    const { dynamo } = await import('../../shared/aws/clients.ts');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('../../shared/store/keys.ts');
    const { watchPayment } = await import('../../shared/transactions/watch-payment.ts');
    const accountId = sharedStack().accountId;
    const readDue = async () => {
      const { Item } = await dynamo().send(
        new GetCommand({
          TableName: sharedStack().tableName,
          Key: keys.transaction(accountId, tx.id),
          ConsistentRead: true,
        }),
      );
      return String(Item?.gsi2sk).split('#')[0]!;
    };
    const due = await readDue();
    const job = { accountId, transactionId: tx.id, mode: 'poll' as const, attempt: 1, workDueAt: due };
    // The stack's own chain may move the due time first; then both copies below must stop.
    const first = await watchPayment(job);
    const second = await watchPayment(job);
    expect(['pending', 'nothing-to-do']).toContain(first);
    // Whoever continued moved the work's due time, so the copy holding the old one stops.
    expect(second).toBe('nothing-to-do');
    expect(await readDue()).not.toBe(due);
    expect((await call('GET', `/transactions/${tx.id}`)).body.status).toBe('PENDING');
  });
});

describe('nothing is lost between the write and the worker', () => {
  // This block's own stack, so Lambda and the queues can be taken down without disturbing other
  // tests; it records which AWS requests each function made.
  let stack: LocalStack;
  let key: string;
  const requests: ObservedAwsRequest[] = [];
  const madeBy = (functionName: string, since: number) =>
    requests.slice(since).filter((request) => request.functionName === functionName);
  beforeAll(async () => {
    const { startLocalStack } = await import('../../infra/local/stack.ts');
    stack = await startLocalStack({
      ...ownStackTable(),
      port: 0,
      env: { LOG_LEVEL: 'silent', SANDBOX_INSTRUCTION_DELAY_MS: '0', SWEEP_AFTER_MS: '500' },
      scheduleIntervalMs: 500,
      asyncRetryDelaysMs: [100, 100],
      observeAwsRequests: (observed) => requests.push(observed),
      onWorkerError: () => undefined,
    });
    const { issueApiKey } = await import('../../shared/accounts/issue-api-key.ts');
    key = (await issueApiKey({ permissions: ['createTransaction'] })).secretKey;
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const purchase = async () => {
    const created = await call('POST', '/transactions/v2/purchase', {
      body: bobBody(),
      key,
      baseUrl: stack.baseUrl,
    });
    expect(created.status, created.text).toBe(201);
    return created.body.id as string;
  };
  const filled = (id: string) =>
    pollUntil(
      async () => (await call('GET', `/transactions/${id}`, { key, baseUrl: stack.baseUrl })).body,
      (t) => Boolean(t.qr),
      15_000,
      100,
    );

  it("a purchase's instruction job starts as an invocation of its worker: no SQS request, even with SQS down", async () => {
    const since = requests.length;
    stack.sqsProxy.setDown(true);
    try {
      const tx = await filled(await purchase());
      expect(verifyEmvCrc(tx.qr)).toBe(true);
    } finally {
      stack.sqsProxy.setDown(false);
    }
    const purchaseCalls = madeBy('route:createPurchase', since);
    expect(purchaseCalls.filter((call) => call.service === 'lambda').map((call) => call.operation)).toEqual([
      'Invoke',
    ]);
    expect(purchaseCalls.filter((call) => call.service === 'sqs')).toEqual([]);
  });

  it('a job Lambda does not take goes through the queue', async () => {
    const since = requests.length;
    stack.lambdaProxy.setDown(true);
    let id: string;
    try {
      id = await purchase();
    } finally {
      stack.lambdaProxy.setDown(false);
    }
    expect(verifyEmvCrc((await filled(id)).qr)).toBe(true);
    expect(
      madeBy('route:createPurchase', since)
        .filter((call) => call.service === 'sqs')
        .map((call) => call.operation),
    ).toEqual(['SendMessage']);
  });

  it('an invoked job that fails is handed to its queue, whose retries take over', async () => {
    const since = requests.length;
    // A job the worker refuses (no transaction id), invoked as another function would invoke it.
    const { LambdaClient, InvokeCommand } = await import('@aws-sdk/client-lambda');
    const lambda = new LambdaClient({ region: 'us-east-1', endpoint: stack.env.LAMBDA_ENDPOINT });
    try {
      const answer = await lambda.send(
        new InvokeCommand({
          FunctionName: 'queue-fill-instruction',
          InvocationType: 'Event',
          Payload: JSON.stringify({
            jobInvocation: { queue: 'fill-instruction', body: JSON.stringify({ accountId: 'acc_x' }) },
          }),
        }),
      );
      expect(answer.StatusCode).toBe(202);
    } finally {
      lambda.destroy();
    }
    const handedOver = await pollUntil(
      async () => madeBy('queue:fill-instruction', since).filter((call) => call.service === 'sqs'),
      (calls) => calls.length > 0,
      10_000,
      50,
    );
    expect(handedOver[0]!.operation).toBe('SendMessage');
  });

  it("an invocation that still fails ends, as Lambda gives it up, in the queue's dead-letter queue", async () => {
    const { LambdaClient, InvokeCommand } = await import('@aws-sdk/client-lambda');
    const lambda = new LambdaClient({ region: 'us-east-1', endpoint: stack.env.LAMBDA_ENDPOINT });
    const body = JSON.stringify({ accountId: `acc_${randomUUID()}` });
    // The worker cannot hand the job to its queue either: Lambda retries it twice, then gives up.
    stack.sqsProxy.setDown(true);
    try {
      await lambda.send(
        new InvokeCommand({
          FunctionName: 'queue-fill-instruction',
          InvocationType: 'Event',
          Payload: JSON.stringify({ jobInvocation: { queue: 'fill-instruction', body } }),
        }),
      );
      const record = await pollUntil(
        async () => {
          const { Messages } = await stack.sqs.send(
            new ReceiveMessageCommand({
              QueueUrl: stack.queues['fill-instruction'].dlqUrl,
              MaxNumberOfMessages: 10,
              WaitTimeSeconds: 0,
            }),
          );
          return (Messages ?? [])
            .map((message) => JSON.parse(message.Body ?? '{}'))
            .find((parsed) => parsed.requestPayload?.jobInvocation?.body === body);
        },
        (found) => found !== undefined,
        15_000,
        100,
      );
      expect(record.requestContext).toMatchObject({
        condition: 'RetriesExhausted',
        approximateInvokeCount: 3,
      });
      expect(record.responseContext.functionError).toBe('Unhandled');
      // Given up, it is no longer pending, nor are the retries it waited for.
      expect(
        await pollUntil(
          async () => stack.lambda.pending(),
          (pending) => pending === 0,
          5_000,
          50,
        ),
      ).toBe(0);
    } finally {
      stack.sqsProxy.setDown(false);
      lambda.destroy();
    }
  });

  it('a function whose row does not grant the queue may not invoke its worker (AccessDeniedException)', async () => {
    const { LambdaClient, InvokeCommand } = await import('@aws-sdk/client-lambda');
    const { accessKeyIdFor } = await import('../../infra/local/parity/local-functions.ts');
    // Signed as the function that reads a transaction, which sends no job.
    const lambda = new LambdaClient({
      region: 'us-east-1',
      endpoint: stack.env.LAMBDA_ENDPOINT,
      credentials: { accessKeyId: accessKeyIdFor('route:getTransaction'), secretAccessKey: 'local' },
    });
    try {
      await expect(
        lambda.send(
          new InvokeCommand({
            FunctionName: 'queue-fill-instruction',
            InvocationType: 'Event',
            Payload: '{}',
          }),
        ),
      ).rejects.toMatchObject({ name: 'AccessDeniedException' });
    } finally {
      lambda.destroy();
    }
  });

  it('a purchase made while Lambda and SQS are both unreachable still gets its instruction (the sweeper sends it)', async () => {
    setJobsUnreachable(stack, true);
    let id: string;
    try {
      id = await purchase();
      // No job could be sent, so the instruction cannot be there yet: paying it now is refused.
      const early = await call('POST', `/sandbox/transactions/${id}/pay`, { key, baseUrl: stack.baseUrl });
      expect(early.status).toBe(409);
      expect(early.body).toEqual({
        statusCode: 409,
        message: expect.stringContaining('instruction'),
        error: 'Conflict',
      });
    } finally {
      setJobsUnreachable(stack, false);
    }
    expect(verifyEmvCrc((await filled(id)).qr)).toBe(true);
  });
});
