// A function's outbound calls keep to its deadline (issue 26, timeouts): with a PSP or a webhook
// receiver that never answers, the handler given a Lambda context ends cleanly before the
// context's deadline, with time left to record, its work left for the retry, instead of Lambda
// stopping it at its timeout mid-write (a worker: the whole batch fails) or middy's early timeout
// answering 500 while the call goes on. PIX_API_TIMEOUT_MS and WEBHOOK_TIMEOUT_MS keep their production value (10 s), longer
// than what these contexts have left: a call bounded by its configured timeout alone overruns.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
  SQSBatchResponse,
  SQSEvent,
  SQSRecord,
} from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext } from '../../infra/local/lambda-context.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { setWebhookUrl } from '../../shared/accounts/manage-webhook.ts';
import { txidFor } from '../../shared/rails/api-pix/txid.ts';
import { recordingMarginMs } from '../../shared/time-budget.ts';
import type { FillInstructionJob } from '../../shared/transactions/jobs.ts';
import { call, pollUntil } from '../support/api.ts';
import { apiPixEnvFor, type FakePsp, startFakePsp } from '../support/fake-psp/fake-psp.ts';
import { ownStackTable, setJobsUnreachable } from '../support/own-stack.ts';
import { pixBody } from '../support/purchase-fixtures.ts';

type HttpFunction = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;
type SqsFunction = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

let psp: FakePsp;
let stack: LocalStack;
/** A webhook receiver that accepts the connection and never answers. */
let silentReceiver: Server;
let key: string;
let accountId: string;

beforeAll(async () => {
  // Conformance to the API Pix document is api-pix.test.ts's concern; building its validator takes seconds.
  psp = await startFakePsp({ validate: false });
  silentReceiver = createServer(() => undefined);
  await new Promise<void>((resolve) => silentReceiver.listen(0, '127.0.0.1', resolve));
  stack = await startLocalStack({
    ...ownStackTable(),
    port: 0,
    // Nothing scheduled (the sweeper) runs the work these tests leave behind.
    scheduleIntervalMs: 3_600_000,
    env: { LOG_LEVEL: 'silent', SANDBOX_RAILS: 'false', ...apiPixEnvFor(psp) },
  });
  const issued = await issueApiKey({ permissions: ['createTransaction', 'manageAccount'] });
  key = issued.secretKey;
  accountId = issued.accountId;
}, 120_000);

afterAll(async () => {
  psp?.stallEverything(false);
  await stack?.stop();
  await psp?.close();
  silentReceiver?.closeAllConnections();
  await new Promise((resolve) => silentReceiver?.close(resolve));
});

const api = (method: string, path: string, body?: unknown) =>
  call(method, path, { key, baseUrl: stack.baseUrl, ...(body === undefined ? {} : { body }) });
const getTx = async (id: string) => (await api('GET', `/transactions/${id}`)).body;
const pspRequestsTo = (path: string) => psp.requests.filter((request) => request.path === path).length;

/** An API Gateway v2 event as the gateway sends it for this key. */
function httpEvent(method: string, path: string, pathParameters: Record<string, string> = {}) {
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { authorization: `Basic ${Buffer.from(`secret:${key}`).toString('base64')}` },
    pathParameters,
    requestContext: {
      requestId: `req-${Date.now()}`,
      timeEpoch: Date.now(),
      http: { method, path, sourceIp: '127.0.0.1', protocol: 'HTTP/1.1', userAgent: 'test' },
    },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

function sqsEvent(job: FillInstructionJob): SQSEvent {
  const record = {
    messageId: `msg-${Date.now()}`,
    body: JSON.stringify(job),
    attributes: { ApproximateReceiveCount: '1' },
  } as unknown as SQSRecord;
  return { Records: [record] };
}

/** Runs the function with a context that has `remainingMs` left; answers what it returned and when. */
async function invoke<E, R>(fn: (event: E, context: Context) => Promise<R>, event: E, remainingMs: number) {
  const startedAt = Date.now();
  const result = await fn(event, lambdaContext('under-test', remainingMs));
  return { result, tookMs: Date.now() - startedAt };
}

async function purchaseWithQr() {
  const created = await api('POST', '/transactions/v2/purchase', pixBody());
  expect(created.status, created.text).toBe(201);
  return pollUntil(
    () => getTx(created.body.id),
    (tx) => Boolean(tx.qr),
    15_000,
    50,
  );
}

/** A PENDING Pix transaction whose instruction job was never sent (Lambda and SQS down at the purchase). */
async function purchaseWithoutJob(): Promise<FillInstructionJob> {
  setJobsUnreachable(stack, true);
  try {
    const created = await api('POST', '/transactions/v2/purchase', pixBody());
    expect(created.status, created.text).toBe(201);
    return { accountId, transactionId: created.body.id };
  } finally {
    setJobsUnreachable(stack, false);
  }
}

describe('cancel with a PSP that never answers', () => {
  it('answers before the HTTP function’s 10 s timeout, leaving the transaction PENDING; the retry cancels it', async () => {
    const tx = await purchaseWithQr();
    const { handler } = (await import('../../functions/http/cancel-transaction.ts')) as {
      handler: HttpFunction;
    };
    const functionTimeoutMs = 10_000;
    psp.stallEverything(true);
    let outcome: Awaited<
      ReturnType<typeof invoke<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>>
    >;
    try {
      outcome = await invoke(
        handler,
        httpEvent('POST', `/transactions/${tx.id}/cancel`, { id: tx.id }),
        functionTimeoutMs,
      );
    } finally {
      psp.stallEverything(false);
    }
    // The PATCH was given what the function had less the margin to record an answer, not its own
    // 10 s: the use case ended by itself, with time left. (Without that, middy's early timeout
    // answers 500 just before the deadline while the PATCH goes on, and may close the charge at
    // the PSP with nothing recorded here.)
    expect(outcome.tookMs).toBeLessThan(functionTimeoutMs - 1000);
    expect(outcome.tookMs).toBeGreaterThanOrEqual(functionTimeoutMs - recordingMarginMs - 500);
    expect(outcome.result.statusCode).toBe(500);
    expect(JSON.parse(outcome.result.body ?? '{}')).toEqual({
      statusCode: 500,
      message: 'Internal Server Error',
      error: 'Internal Server Error',
    });
    expect((await getTx(tx.id)).status).toBe('PENDING');

    const retried = await api('POST', `/transactions/${tx.id}/cancel`);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('CANCELED');
  }, 60_000);
});

describe('the instruction worker with a PSP that never answers', () => {
  it('fails the record before its context’s deadline; the next delivery fills the instruction', async () => {
    const job = await purchaseWithoutJob();
    const { handler } = (await import('../../functions/workers/fill-instruction.ts')) as {
      handler: SqsFunction;
    };
    const remainingMs = 5_000;
    psp.stallEverything(true);
    let outcome: Awaited<ReturnType<typeof invoke<SQSEvent, SQSBatchResponse>>>;
    const event = sqsEvent(job);
    try {
      outcome = await invoke(handler, event, remainingMs);
    } finally {
      psp.stallEverything(false);
    }
    expect(outcome.tookMs).toBeLessThan(remainingMs);
    expect(outcome.result.batchItemFailures).toEqual([{ itemIdentifier: event.Records[0]!.messageId }]);
    const txid = txidFor(job);
    expect(psp.cobs.has(txid)).toBe(false);

    const again = await invoke(handler, sqsEvent(job), 20_000);
    expect(again.result.batchItemFailures).toEqual([]);
    expect(psp.cobs.get(txid)?.status).toBe('ATIVA');
    expect((await getTx(job.transactionId)).qr).toBe(psp.cobs.get(txid)!.pixCopiaECola);
  }, 40_000);

  it('starts no PSP call when less than the recording margin is left', async () => {
    const job = await purchaseWithoutJob();
    const { handler } = (await import('../../functions/workers/fill-instruction.ts')) as {
      handler: SqsFunction;
    };
    const callsBefore = psp.requests.length;
    const outcome = await invoke(handler, sqsEvent(job), recordingMarginMs + 200);
    expect(outcome.result.batchItemFailures).toHaveLength(1);
    expect(psp.requests.length).toBe(callsBefore);
    expect(pspRequestsTo(`/api/v2/cob/${txidFor(job)}`)).toBe(0);
  });
});

describe('the test webhook to a receiver that never answers', () => {
  it('reports the timeout before the HTTP function’s deadline', async () => {
    const { port } = silentReceiver.address() as AddressInfo;
    await setWebhookUrl(accountId, `http://127.0.0.1:${port}/hooks`);
    const { handler } = (await import('../../functions/http/send-test-webhook.ts')) as {
      handler: HttpFunction;
    };
    const remainingMs = 5_000;
    const outcome = await invoke(handler, httpEvent('POST', '/v2/account/webhook/test'), remainingMs);
    expect(outcome.tookMs).toBeLessThan(remainingMs - 1000);
    expect(outcome.result.statusCode).toBe(200);
    expect(JSON.parse(outcome.result.body ?? '{}')).toMatchObject({
      delivered: false,
      statusCode: null,
      error: expect.stringMatching(/^no response within \d+ ms$/),
    });
  });
});
