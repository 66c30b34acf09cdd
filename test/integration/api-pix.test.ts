// BRL PIX on the API Pix rail against a fake PSP (HTTPS, mutual TLS, OAuth client credentials)
// that validates every request and response against the Central Bank's API Pix document. The
// stage runs no sandbox rails, so it also shows a stage refusing the methods it has no rail
// for (issue 13, item 6).
import { randomInt } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { GetQueueAttributesCommand, SetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { hasError, parsePix } from 'pix-utils';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { dynamo } from '../../shared/aws/clients.ts';
import { serviceConfig } from '../../shared/config.ts';
import { type QueueName, queues } from '../../shared/queues.ts';
import { devolucaoIdFor } from '../../shared/rails/api-pix/devolucao-id.ts';
import { registerStageWebhooks } from '../../shared/rails/api-pix/register-stage-webhooks.ts';
import { txidFor } from '../../shared/rails/api-pix/txid.ts';
import { parseDynamicBrCode } from '../../shared/rails/br-code.ts';
import { receiptPath, receiptPdfPath } from '../../shared/receipts/receipt-model.ts';
import { settleRefund } from '../../shared/refunds/settle-refund.ts';
import { keys } from '../../shared/store/keys.ts';
import { getListingCursor, saveListingCursor } from '../../shared/store/payment-listing-cursors.ts';
import { reconcilePayments } from '../../shared/transactions/reconcile-payments.ts';
import { transientRetryDelaysMs } from '../../shared/transient-retry.ts';
import { call, pollUntil } from '../support/api.ts';
import { apiPixEnvFor, type FakePix, type FakePsp, startFakePsp } from '../support/fake-psp/fake-psp.ts';
import { ownStackTable } from '../support/own-stack.ts';
import { bobBody, boletoBody, copBody, pixBody } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let psp: FakePsp;
let stack: LocalStack;
let receiver: WebhookReceiver;
let key: string;
let accountId: string;
let webhookSecret: string;
/** Messages the stack's workers received, by queue. */
const received: Record<string, number> = {};
/** DynamoDB requests the PSP notification route has made. */
let notificationReads = 0;

beforeAll(async () => {
  psp = await startFakePsp();
  receiver = await startWebhookReceiver();
  stack = await startLocalStack({
    ...ownStackTable(),
    port: 0,
    visibilityTimeoutSeconds: 1,
    // The tests read the PSP's listing themselves (reconcilePayments), so no scheduled run races them.
    scheduleIntervalMs: 3_600_000,
    // A job's first attempt is an invocation of its worker: counted as its queue's.
    observeInvocations: (functionName) => {
      const queue = functionName.replace(/^queue:/, '');
      received[queue] = (received[queue] ?? 0) + 1;
    },
    observeAwsRequests: (observed) => {
      if (observed.service === 'dynamodb' && observed.functionName === 'route:receivePixNotification')
        notificationReads++;
    },
    // Only counts what each worker receives (no copies are made).
    duplicates: {
      decide(queue) {
        received[queue] = (received[queue] ?? 0) + 1;
        return 'none';
      },
    },
    env: {
      LOG_LEVEL: 'silent',
      SANDBOX_RAILS: 'false',
      ...apiPixEnvFor(psp),
      PIX_API_TIMEOUT_MS: '3000',
      // API Pix pushes and lists its payments: a charge is asked about on its own only once a
      // day (the safety net) and at its deadline, so a payment seen within seconds was seen
      // because of the notification, or of a reading of the listing (GET /pix).
    },
  });
  // What `npm start` does: each kind of notification registered at its function's URL.
  await registerStageWebhooks(stack.functionUrls);
  // Each worker runs in its own sandbox, and a cold start can outlast this file's 1 s visibility
  // timeout, which would redeliver a first batch (and count a second GET /cob): start them warm.
  await Promise.all(
    ['queue:fill-instruction', 'queue:watch-payment', 'queue:deliver-event'].map((name) =>
      stack.functions.invoke(name, { Records: [] }, 10_000),
    ),
  );
  const issued = await issueApiKey({ permissions: ['createTransaction'], postbackUrl: receiver.url });
  key = issued.secretKey;
  accountId = issued.accountId;
  webhookSecret = issued.webhookSecret!;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await psp?.close();
  await receiver?.close();
});

const api = (method: string, path: string, body?: unknown) =>
  call(method, path, { key, baseUrl: stack.baseUrl, ...(body === undefined ? {} : { body }) });
const getTx = async (id: string) => (await api('GET', `/transactions/${id}`)).body;
const cobRequests = (txid: string, method?: string) =>
  psp.requests.filter((r) => r.path === `/api/v2/cob/${txid}` && (!method || r.method === method));

async function purchaseWithQr(body: Record<string, unknown> = pixBody()) {
  const created = await api('POST', '/transactions/v2/purchase', body);
  expect(created.status, created.text).toBe(201);
  expect(created.body).toMatchObject({ method: 'PIX', qr: null, status: 'PENDING' });
  const tx = await pollUntil(
    () => getTx(created.body.id),
    (t) => Boolean(t.qr),
    15_000,
    50,
  );
  expect(tx.qr, 'BR Code filled').toBeTruthy();
  return { tx, txid: txidFor({ accountId, transactionId: tx.id }) };
}

/** Messages in one of this stack's queues: visible, in flight or delayed (0: every job has ended). */
/** Jobs of a queue not done yet: its messages, and invocations of workers still running. */
async function queued(name: QueueName): Promise<number> {
  const { Attributes = {} } = await stack.sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: stack.queues[name].url, AttributeNames: ['All'] }),
  );
  return (
    stack.lambda.pending() +
    Number(Attributes.ApproximateNumberOfMessages ?? 0) +
    Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0) +
    Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0)
  );
}

/** Whether the transaction still owes background work (it has an entry in the work index). */
async function owesWork(transactionId: string): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: stack.tableName,
      Key: keys.transaction(accountId, transactionId),
      ConsistentRead: true,
    }),
  );
  return Item?.gsi2pk !== undefined;
}

/** The webhooks the receiver got for a transaction, once it got one. */
const webhooksOnceDelivered = (transactionId: string) =>
  pollUntil(
    async () => receiver.received.filter((r) => JSON.parse(r.body).data?.id === transactionId),
    (list) => list.length >= 1,
    15_000,
    50,
  );

/** A Pix charge the PSP created 57 s ago with `expiresIn` 60: it expires within seconds. */
async function purchaseAboutToExpire() {
  psp.setClockOffset(-57_000);
  try {
    return await purchaseWithQr({ ...pixBody(), expiresIn: 60 });
  } finally {
    psp.setClockOffset(0);
  }
}

describe('API Pix rail', () => {
  it('creates the charge with an idempotent PUT and shows the PSP BR Code; notification → PAID and one cashin.paid', async () => {
    const { tx, txid } = await purchaseWithQr({ ...pixBody(), amount: 4_321, expiresIn: 1800 });
    expect(txid).toMatch(/^[A-Za-z0-9]{26,35}$/);
    const cob = psp.cobs.get(txid)!;
    expect(cob).toMatchObject({
      status: 'ATIVA',
      valor: { original: '43.21' },
      chave: psp.chave,
      calendario: { expiracao: 1800 },
      devedor: { cpf: '52998224725', nome: 'Maria da Silva' },
    });
    expect(tx.qr).toBe(cob.pixCopiaECola);
    const independent = parsePix(tx.qr) as unknown as Record<string, unknown>;
    expect(hasError(parsePix(tx.qr))).toBe(false);
    expect(independent).toMatchObject({ type: 'DYNAMIC', url: cob.location });
    expect(parseDynamicBrCode(tx.qr).amountCents).toBe(4_321);
    expect(Date.parse(tx.expiresAt)).toBe(Date.parse(cob.calendario.criacao) + 1_800_000);
    expect(tx.redirectUrl).toMatch(/\/pay\/pix\/\d{19}\.[A-Za-z0-9_-]{32}$/);

    // Push first: once the instruction is filled nobody polls the charge; the notification makes us look.
    const readsBeforePay = cobRequests(txid, 'GET').length;
    // The instruction came with the PUT's answer: nothing read the charge back.
    expect(readsBeforePay, 'no GET /cob before the payment').toBe(0);
    const checksBeforePay = received['watch-payment'] ?? 0;
    const deliveryJobsBeforePay = received['deliver-event'] ?? 0;
    await psp.pay(txid);
    const paid = await pollUntil(
      () => getTx(tx.id),
      (t) => t.status === 'PAID',
      15_000,
      50,
    );
    expect(paid.paidAt).toBe(
      cob.pix![0]!.horario.replace(/(\.\d{3})?Z$/, (m) => (m.length > 1 ? m : '.000Z')),
    );
    // The receipt (page and PDF) names the Pix by the end-to-end id of the payment recorded.
    const endToEndId = cob.pix![0]!.endToEndId;
    const token = new URL(tx.redirectUrl).pathname.split('/').pop()!;
    const receipt = await fetch(`${stack.baseUrl}${receiptPath(token)}`);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain(
      `data-testid="receipt-reference"><code class="mono">${endToEndId}</code>`,
    );
    const pdf = Buffer.from(await (await fetch(`${stack.baseUrl}${receiptPdfPath(token)}`)).arrayBuffer());
    expect(pdf.toString('latin1')).toContain(Buffer.from(endToEndId, 'latin1').toString('hex'));
    const deliveries = () => receiver.received.filter((r) => JSON.parse(r.body).data?.id === tx.id);
    await pollUntil(
      async () => deliveries(),
      (list) => list.length >= 1,
      15_000,
      50,
    );
    // The check that made it PAID made the webhook's first attempt itself: no delivery job.
    expect(received['deliver-event'] ?? 0).toBe(deliveryJobsBeforePay);
    // The PSP retries its notification: the check it asks for runs (the worker received it and
    // the queue holds nothing: it ended), reads the charge, finds no devolução; nothing more happens.
    const checksBefore = received['watch-payment'] ?? 0;
    expect(await psp.notify({ pix: cob.pix })).toBe(200);
    const checkEnded = await pollUntil(
      async () => (received['watch-payment'] ?? 0) > checksBefore && (await queued('watch-payment')) === 0,
      (ended) => ended,
      15_000,
      50,
    );
    expect(checkEnded, 'the notified check ran and ended').toBe(true);
    expect(deliveries()).toHaveLength(1);
    // One GET /cob per notified check: the payment's, and the repeated notification's (a
    // notification of a paid Pix may tell of a MED devolução; the charge's answer decides). A job
    // redelivered under load (1 s visibility timeout) reads once more, and nothing else does.
    const reads = cobRequests(txid, 'GET').length - readsBeforePay;
    expect(reads, 'one GET /cob per notified check').toBeGreaterThanOrEqual(2);
    expect(reads).toBeLessThanOrEqual((received['watch-payment'] ?? 0) - checksBeforePay);
    const verified = new Webhook(webhookSecret).verify(
      deliveries()[0]!.body,
      deliveries()[0]!.headers as Record<string, string>,
    ) as any;
    expect(verified).toMatchObject({
      type: 'cashin.paid',
      data: { id: tx.id, method: 'PIX', status: 'PAID' },
    });
  });

  it('settles a Pix whose notification is lost at the next reading of GET /pix; a window read again changes nothing', async () => {
    const { tx, txid } = await purchaseWithQr();
    await psp.pay(txid, { notify: false });
    const listingsBefore = psp.requests.filter((r) => r.path === '/api/v2/pix').length;
    const deliveryJobsBefore = received['deliver-event'] ?? 0;
    const first = await reconcilePayments('api-pix');
    expect(first).toMatchObject({ ran: true, readThrough: true });
    expect(first.settled).toBeGreaterThanOrEqual(1);
    expect((await getTx(tx.id)).status).toBe('PAID');
    // The next window overlaps this one: the Pix is listed again, known from the cursor (no
    // lookup of its txid or its transaction), and settles nothing.
    const second = await reconcilePayments('api-pix');
    expect(second.listed).toBeGreaterThanOrEqual(1);
    expect(second.known).toBeGreaterThanOrEqual(1);
    expect(second.settled).toBe(0);
    expect(psp.requests.filter((r) => r.path === '/api/v2/pix').length).toBeGreaterThanOrEqual(
      listingsBefore + 2,
    );
    expect(await webhooksOnceDelivered(tx.id)).toHaveLength(1);
    // The reading that settled it made the first attempt itself.
    expect(received['deliver-event'] ?? 0).toBe(deliveryJobsBefore);
  });

  it('a Pix the first reading of GET /pix never read is settled by its second reading, a safety-net period later', async () => {
    const { tx, txid } = await purchaseWithQr();
    await psp.pay(txid, { notify: false });
    // The first reading's window is lost: its cursor is moved past the payment.
    const cursor = await getListingCursor('api-pix');
    const lostUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    expect(
      await saveListingCursor(
        'api-pix',
        { since: lostUntil, window: null, readThroughAt: null },
        cursor?.version ?? 0,
      ),
    ).toBe(true);
    try {
      expect((await reconcilePayments('api-pix')).settled).toBe(0);
      expect((await getTx(tx.id)).status).toBe('PENDING');
      const aDayOn = new Date(Date.now() + serviceConfig().safetyNetPollMs + 60_000);
      const again = await reconcilePayments('api-pix', aDayOn, Date.now, undefined, { reading: 'again' });
      expect(again).toMatchObject({ reading: 'again', readThrough: true });
      expect(again.settled).toBeGreaterThanOrEqual(1);
      expect((await getTx(tx.id)).status).toBe('PAID');
      expect(await webhooksOnceDelivered(tx.id)).toHaveLength(1);
    } finally {
      const moved = await getListingCursor('api-pix');
      await saveListingCursor(
        'api-pix',
        { since: new Date().toISOString(), window: null, readThroughAt: null },
        moved!.version,
      );
    }
  });

  it('a listing the PSP fails to answer moves nothing; the next reading settles the Pix', async () => {
    const { tx, txid } = await purchaseWithQr();
    await psp.pay(txid, { notify: false });
    // The first call and each of its retries within seconds.
    psp.failNext(transientRetryDelaysMs.length + 1);
    await expect(reconcilePayments('api-pix')).rejects.toThrow(/503/);
    expect((await getTx(tx.id)).status).toBe('PENDING');
    await reconcilePayments('api-pix');
    expect((await getTx(tx.id)).status).toBe('PAID');
  });

  it('a Pix missed by both the notification and the listing is found by the charge check at its deadline', async () => {
    const created = await purchaseAboutToExpire();
    psp.setListingLag(3_600_000);
    try {
      await psp.pay(created.txid, { notify: false });
      await reconcilePayments('api-pix');
      expect((await getTx(created.tx.id)).status).toBe('PENDING');
      const paid = await pollUntil(
        () => getTx(created.tx.id),
        (t) => t.status !== 'PENDING',
        15_000,
        100,
      );
      expect(paid.status).toBe('PAID');
      expect(cobRequests(created.txid, 'PATCH')).toEqual([]);
    } finally {
      psp.setListingLag(0);
    }
  });

  it('closes an ATIVA charge past its expiry with PATCH, then expires the transaction', async () => {
    const created = await purchaseAboutToExpire();
    const { tx, txid } = created;
    const expired = await pollUntil(
      () => getTx(tx.id),
      (t) => t.status === 'EXPIRED',
      15_000,
      100,
    );
    expect(expired.status).toBe('EXPIRED');
    expect(psp.cobs.get(txid)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(cobRequests(txid, 'PATCH')).toEqual([
      { method: 'PATCH', path: `/api/v2/cob/${txid}`, status: 200 },
    ]);
    await expect(psp.pay(txid)).rejects.toThrow(/not payable/);
  });

  it('fetches a new token after the PSP answers 401 for an expired one', async () => {
    await purchaseWithQr();
    const before = psp.tokensIssued();
    const unauthorizedBefore = psp.requests.filter((r) => r.status === 401).length;
    psp.expireTokens();
    const { txid } = await purchaseWithQr();
    expect(psp.tokensIssued()).toBe(before + 1);
    expect(psp.requests.filter((r) => r.status === 401).length).toBe(unauthorizedBefore + 1);
    expect(psp.cobs.get(txid)!.status).toBe('ATIVA');
  });

  it('retries after PSP 5xx and recovers', async () => {
    psp.failNext(2);
    const { txid } = await purchaseWithQr();
    expect(psp.requests.filter((r) => r.status === 503).length).toBeGreaterThanOrEqual(2);
    expect(psp.cobs.get(txid)!.status).toBe('ATIVA');
  });

  describe('at the production visibility timeout of the instruction queue', () => {
    const fillQueueUrl = () => stack.queues['fill-instruction'].url;
    const setFillVisibility = (seconds: number) =>
      stack.sqs.send(
        new SetQueueAttributesCommand({
          QueueUrl: fillQueueUrl(),
          Attributes: { VisibilityTimeout: String(seconds) },
        }),
      );
    const fillMessages = async () => {
      const { Attributes = {} } = await stack.sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: fillQueueUrl(), AttributeNames: ['All'] }),
      );
      return (
        Number(Attributes.ApproximateNumberOfMessages ?? 0) +
        Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0) +
        Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0)
      );
    };
    beforeAll(() => setFillVisibility(queues['fill-instruction'].workerTimeoutSeconds * 6));
    afterAll(async () => {
      psp.failFirstCreateOfEachCharge(null);
      await setFillVisibility(1);
    });

    // Issue 27, item 8: the retry waited for the message's visibility timeout (two minutes).
    it.each([
      ['one 503', '503', [503, 201]],
      ['a lost answer (the charge was created)', 'answer-lost', [0, 201]],
    ] as const)(
      'after %s on PUT /cob the QR appears within seconds, from one charge',
      async (_, fault, puts) => {
        // On until the QR shows: the worker's first PUT may come after the purchase's answer.
        psp.failFirstCreateOfEachCharge(fault);
        const created = await api('POST', '/transactions/v2/purchase', pixBody());
        expect(created.status, created.text).toBe(201);
        const tx = await pollUntil(
          () => getTx(created.body.id),
          (t) => Boolean(t.qr),
          15_000,
          50,
        );
        psp.failFirstCreateOfEachCharge(null);
        expect(tx.qr, 'the QR shows within seconds, not at the visibility timeout (120 s)').toBeTruthy();
        const txid = txidFor({ accountId, transactionId: created.body.id });
        expect(cobRequests(txid, 'PUT').map((r) => r.status)).toEqual(puts);
        const cob = psp.cobs.get(txid)!;
        expect(cob).toMatchObject({ status: 'ATIVA', revisao: 0 });
        expect(tx.qr).toBe(cob.pixCopiaECola);
        // Its job ended there: no copy of it is left in the queue to come back.
        expect(await pollUntil(fillMessages, (count) => count === 0, 10_000, 50)).toBe(0);
      },
    );
  });

  it('gives up a call the PSP never answers (deadline) or resets, and retries until it works', async () => {
    psp.stallThenResetNext();
    const { txid } = await purchaseWithQr();
    // The stalled PUT (0), then the reset one (0) unless a request of the PSP's other traffic (a
    // listing read by the schedule) drew the reset, then the one that works.
    const statuses = cobRequests(txid, 'PUT').map((r) => r.status);
    expect(statuses.at(-1)).toBe(201);
    expect(statuses.slice(0, -1)).toEqual(statuses.length === 3 ? [0, 0] : [0]);
    expect(psp.cobs.get(txid)!.status).toBe('ATIVA');
    // The stalled call was given up by the client at its deadline (PIX_API_TIMEOUT_MS=3000).
    const lasted = await pollUntil(
      async () => psp.stalledCallLastedMs(),
      (ms) => ms !== undefined,
      15_000,
      100,
    );
    expect(lasted).toBeGreaterThanOrEqual(2900);
    expect(lasted).toBeLessThan(6000);
  });

  it('shows a final PSP refusal (RFC 7807 4xx) on the transaction and does not retry it', async () => {
    psp.rejectNextCreate();
    const created = await api('POST', '/transactions/v2/purchase', pixBody());
    expect(created.status).toBe(201);
    const failed = await pollUntil(
      () => getTx(created.body.id),
      (t) => Boolean(t.instructionFailure),
      10_000,
      100,
    );
    expect(failed).toMatchObject({ status: 'PENDING', qr: null });
    expect(failed.instructionFailure).toMatch(/refused the charge: Cobrança inválida/);
    const txid = txidFor({ accountId, transactionId: created.body.id });
    const puts = cobRequests(txid, 'PUT').length;
    // Its job ended (the queue holds nothing) and it owes no work (out of the work index, so the
    // sweeper never starts it again): nothing is left that could retry it.
    const left = await pollUntil(
      () => queued('fill-instruction'),
      (count) => count === 0,
      10_000,
      50,
    );
    expect(left, 'instruction jobs left in the queue').toBe(0);
    expect(await owesWork(created.body.id)).toBe(false);
    expect(cobRequests(txid, 'PUT').length).toBe(puts);
  });

  it('a forged notification changes nothing: it only makes us ask the PSP', async () => {
    const { tx, txid } = await purchaseWithQr();
    const getsBefore = cobRequests(txid, 'GET').length;
    const forged = {
      pix: [{ endToEndId: `E${'1'.repeat(31)}`, txid, valor: '150.00', horario: new Date().toISOString() }],
    };
    expect(await psp.notify(forged)).toBe(200);
    await pollUntil(
      async () => cobRequests(txid, 'GET').length,
      (n) => n > getsBefore,
      15_000,
      50,
    );
    expect((await getTx(tx.id)).status).toBe('PENDING');
    // Unknown txids and malformed bodies: nothing to look up, nothing changes.
    expect(await psp.notify({ pix: [{ ...forged.pix[0], txid: 'X'.repeat(35) }] })).toBe(200);
    const garbage = await fetch(`${stack.functionUrls.receivePixNotification}/rails/api-pix/webhook/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pix: 'everything' }),
    });
    expect(garbage.status).toBe(400);
    expect((await getTx(tx.id)).status).toBe('PENDING');
    expect(receiver.received.filter((r) => JSON.parse(r.body).data?.id === tx.id)).toHaveLength(0);
  });

  it('takes the PSP notifications at the function URL it registered with the PSP, not on the API', async () => {
    const origin = stack.functionUrls.receivePixNotification!;
    expect(psp.registeredWebhooks.get('pix')?.webhookUrl).toBe(`${origin}/rails/api-pix/webhook`);
    const post = (url: string, method = 'POST') =>
      fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify({ pix: [] }) } : {}),
      });
    // API Gateway has no route for it: no API request is billed for a notification.
    expect((await post(`${stack.baseUrl}/rails/api-pix/webhook/pix`)).status).toBe(404);
    expect((await post(`${origin}/rails/api-pix/webhook/pix`)).status).toBe(200);
    // A function URL passes every method and path to its function, which takes only its route's.
    for (const [url, method] of [
      [`${origin}/rails/api-pix/webhook/rec`, 'POST'],
      [`${origin}/`, 'POST'],
      [`${origin}/rails/api-pix/webhook/pix`, 'GET'],
    ] as const) {
      const refused = await post(url, method);
      expect(refused.status, `${method} ${url}`).toBe(404);
      expect(await refused.json()).toMatchObject({
        statusCode: 404,
        message: expect.stringContaining('this URL takes POST /rails/api-pix/webhook/pix'),
      });
    }
  });

  it('reads nothing for txids that cannot be ours; one of ours among them is still settled', async () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    const randomText = (length: number) =>
      Array.from({ length }, () => letters[randomInt(letters.length)]).join('');
    const pixOf = (txid: string) => ({
      endToEndId: `E${randomText(31)}`,
      txid,
      valor: '1.00',
      horario: new Date().toISOString(),
    });
    const strangers = Array.from({ length: 100 }, () => pixOf(randomText(26 + randomInt(10))));

    const readsBefore = notificationReads;
    expect(await psp.notify({ pix: strangers })).toBe(200);
    expect(notificationReads - readsBefore, 'DynamoDB requests for 100 random txids').toBe(0);

    const { tx, txid } = await purchaseWithQr();
    await psp.pay(txid, { notify: false });
    const readsBeforeOurs = notificationReads;
    expect(await psp.notify({ pix: [...strangers.slice(1), ...psp.cobs.get(txid)!.pix!] })).toBe(200);
    expect(notificationReads - readsBeforeOurs, 'one request: the reservation of our txid').toBe(1);
    const paid = await pollUntil(
      () => getTx(tx.id),
      (t) => t.status === 'PAID',
      15_000,
      50,
    );
    expect(paid.status).toBe('PAID');
  });

  it('the PSP refuses a client certificate it did not issue', async () => {
    const outcome = await new Promise<string>((resolve) => {
      const req = httpsRequest(
        psp.tokenUrl,
        {
          method: 'POST',
          cert: psp.certificates.stranger.cert,
          key: psp.certificates.stranger.key,
          ca: psp.certificates.ca,
        },
        (res) => resolve(`answered ${res.statusCode}`),
      );
      req.on('error', (error) => resolve(`refused: ${error.message}`));
      req.end();
    });
    expect(outcome).toMatch(/^refused/);
  });
});

describe('a stage without sandbox rails (issue 13, item 6)', () => {
  it.each([
    ['BOLETO', boletoBody()],
    ['BANK_TRANSFER', copBody()],
    ['QR', bobBody()],
  ])('refuses %s with a 422 naming the method, and writes nothing', async (method, body) => {
    const response = await api('POST', '/transactions/v2/purchase', {
      ...body,
      externalId: `no-rail-${method}`,
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: expect.stringContaining(`paymentMethod: ${method}`),
    });
    expect((await api('GET', `/transactions/no-rail-${method}?searchBy=externalId`)).status).toBe(404);
  });
});

async function paidPix(amount: number) {
  const { tx, txid } = await purchaseWithQr({ ...pixBody(), amount });
  await psp.pay(txid, { notify: false });
  await reconcilePayments('api-pix');
  const paid = await getTx(tx.id);
  expect(paid.status).toBe('PAID');
  return { tx: paid, txid, pix: psp.cobs.get(txid)!.pix![0]! };
}
const refund = (id: string, body: Record<string, unknown> = {}) =>
  api('POST', `/transactions/${id}/refunds`, body);

describe('refunds on API Pix: devoluções (issue 31, item 2)', () => {
  /** The refund's devolução on the PSP, once the settle-refund worker asked for it. */
  const devolucaoOf = (pix: FakePix, refundId: string) =>
    pollUntil(
      async () => pix.devolucoes?.find((d) => d.id === devolucaoIdFor(refundId)),
      (found) => found !== undefined,
      15_000,
      50,
    );
  /** What a retried settle-refund job does (the worker's first run asked for the devolução). */
  const settleAgain = (transactionId: string, refundId: string) =>
    settleRefund({ accountId, transactionId, refundId }, new Date(), Date.now() + 10_000);
  const devolucaoPuts = (e2eid: string) =>
    psp.requests.filter((r) => r.method === 'PUT' && r.path.startsWith(`/api/v2/pix/${e2eid}/devolucao/`));

  it('keeps the e2eid on PAID; a partial refund, then the rest, each a devolução EM_PROCESSAMENTO → DEVOLVIDO → SUCCEEDED; a retried settle is the same devolução', async () => {
    const { tx, pix } = await paidPix(4_000);
    const { Item } = await dynamo().send(
      new GetCommand({
        TableName: stack.tableName,
        Key: keys.transaction(accountId, tx.id),
        ConsistentRead: true,
      }),
    );
    expect(Item?.railPaymentId).toBe(pix.endToEndId);

    const part = await refund(tx.id, { amount: 1_000, reason: 'um item devolvido' });
    expect(part.status, part.text).toBe(201);
    const first = await devolucaoOf(pix, part.body.id);
    expect(first).toMatchObject({ valor: '10.00', natureza: 'ORIGINAL', descricao: 'um item devolvido' });
    await settleAgain(tx.id, part.body.id);
    await settleAgain(tx.id, part.body.id);
    expect((await api('GET', `/refunds/${part.body.id}`)).body).toMatchObject({
      status: 'SUCCEEDED',
      amount: 1_000,
    });
    expect(first!.status).toBe('DEVOLVIDO');

    const rest = await refund(tx.id);
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.amount).toBe(3_000);
    expect(await devolucaoOf(pix, rest.body.id)).toMatchObject({ valor: '30.00', natureza: 'ORIGINAL' });
    await settleAgain(tx.id, rest.body.id);
    expect((await api('GET', `/refunds/${rest.body.id}`)).body.status).toBe('SUCCEEDED');
    expect(await getTx(tx.id)).toMatchObject({ status: 'REFUNDED', refundedAmount: 4_000 });
    // One devolução per refund, however often its job ran: a retry reads the devolução it asked
    // for (a job redelivered while the first run was asking PUTs the same id again).
    expect(new Set(devolucaoPuts(pix.endToEndId).map((r) => r.path)).size).toBe(2);
    expect(pix.devolucoes).toHaveLength(2);
  });

  it('a devolução NAO_REALIZADO → the refund FAILED with the PSP motivo; its amount can be refunded again', async () => {
    const { tx, pix } = await paidPix(2_500);
    psp.refuseNextDevolucao('Conta transacional do pagador encerrada');
    const asked = await refund(tx.id);
    expect(asked.status, asked.text).toBe(201);
    await devolucaoOf(pix, asked.body.id);
    await settleAgain(tx.id, asked.body.id);
    expect((await api('GET', `/refunds/${asked.body.id}`)).body).toMatchObject({
      status: 'FAILED',
      failureReason: 'Conta transacional do pagador encerrada',
    });
    expect(await getTx(tx.id)).toMatchObject({ status: 'PAID', refundedAmount: 0 });
    expect((await refund(tx.id, { amount: 2_500 })).status).toBe(201);
  });
});

describe('Pix disputes: MED devoluções (issue 31, item 4)', () => {
  const brlBalance = async () => {
    const balances = await api('GET', '/v2/balance');
    expect(balances.status, balances.text).toBe(200);
    return balances.body.data.find((b: { currency: string }) => b.currency === 'BRL');
  };
  const disputedBrl = async () => (await brlBalance()).disputed;
  /** The webhooks of `type` the receiver got for the transaction, each verified with the account's secret. */
  const signedEvents = (type: string, transactionId: string) =>
    receiver.received
      .filter((r) => {
        const body = JSON.parse(r.body);
        return body.type === type && body.data?.transactionId === transactionId;
      })
      .map((r) => new Webhook(webhookSecret).verify(r.body, r.headers as Record<string, string>) as any);
  /** The charge's Pix as the PSP has it now. */
  const cobPix = (txid: string) => psp.cobs.get(txid)!.pix!;
  /** Waits for the payment check a notification asked for to run and end. */
  async function notifiedCheckEnded(checksBefore: number) {
    const ended = await pollUntil(
      async () => (received['watch-payment'] ?? 0) > checksBefore && (await queued('watch-payment')) === 0,
      (done) => done,
      15_000,
      50,
    );
    expect(ended, 'the notified check ran and ended').toBe(true);
  }

  it('a MED devolução the PSP notifies → one dispute on the transaction, the balance disputed and one cashin.disputed, however often it is seen; refunds only of what is left', async () => {
    const { tx, txid, pix } = await paidPix(5_000);
    const disputedBefore = await disputedBrl();
    const med = await psp.startMed(txid, 'MED_FRAUDE', { valor: '20.00' });
    const disputed = await pollUntil(
      () => getTx(tx.id),
      (t) => t.disputes?.length === 1,
      15_000,
      50,
    );
    expect(disputed.disputes).toEqual([
      {
        id: expect.stringMatching(new RegExp(`^dp_${tx.id}_[0-9a-f]{16}$`)),
        amount: 2_000,
        reason: 'MED_FRAUDE',
        status: 'LOST',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(disputed).toMatchObject({ status: 'PAID', refundedAmount: 0 });
    expect(await disputedBrl()).toBe(disputedBefore + 2_000);
    const entries = (await api('GET', '/v2/balance/entries?limit=100')).body.data;
    expect(entries.filter((e: { transactionId: string }) => e.transactionId === tx.id)).toContainEqual(
      expect.objectContaining({ kind: 'dispute', amount: -2_000, currency: 'BRL' }),
    );

    // The PSP notifies the same devolução again: still one dispute, counted once.
    const checksBefore = received['watch-payment'] ?? 0;
    expect(await psp.notify({ pix: [pix] })).toBe(200);
    await notifiedCheckEnded(checksBefore);
    expect((await getTx(tx.id)).disputes).toHaveLength(1);
    expect(await disputedBrl()).toBe(disputedBefore + 2_000);
    const entriesAgain = (await api('GET', '/v2/balance/entries?limit=100')).body.data;
    expect(
      entriesAgain.filter(
        (e: { kind: string; transactionId: string }) => e.transactionId === tx.id && e.kind === 'dispute',
      ),
    ).toHaveLength(1);
    expect(pix.devolucoes?.map((d) => d.id)).toEqual([med.id]);
    // One cashin.disputed, written with the dispute, verified like every webhook.
    const disputedEvents = () => signedEvents('cashin.disputed', tx.id);
    await pollUntil(
      async () => disputedEvents(),
      (list) => list.length >= 1,
      15_000,
      50,
    );
    expect(disputedEvents()).toHaveLength(1);
    expect(disputedEvents()[0].data).toEqual({ transactionId: tx.id, dispute: disputed.disputes[0] });

    const tooMuch = await refund(tx.id, { amount: 3_500 });
    expect(tooMuch.status, tooMuch.text).toBe(409);
    expect(tooMuch.body.message).toMatch(
      /amount: 3500 is more than the 3000 cents .* a dispute took 2000 cents back/,
    );
    const rest = await refund(tx.id);
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.amount).toBe(3_000);
  });

  it('a MED devolução whose notification is lost is found at the next reading of GET /pix, once', async () => {
    const { tx, txid } = await paidPix(1_800);
    await psp.startMed(txid, 'MED_PIX_AUTOMATICO', { valor: '8.00', notify: false });
    await reconcilePayments('api-pix');
    const disputed = await getTx(tx.id);
    expect(disputed.disputes).toEqual([
      expect.objectContaining({ amount: 800, reason: 'MED_PIX_AUTOMATICO', status: 'LOST' }),
    ]);
    await reconcilePayments('api-pix');
    expect((await getTx(tx.id)).disputes).toHaveLength(1);
  });

  it('a MED devolução in process is an OPEN dispute, LOST once the PSP reports it DEVOLVIDO; ours (ORIGINAL) never are disputes', async () => {
    const { tx, txid, pix } = await paidPix(3_000);
    const ours = await refund(tx.id, { amount: 500 });
    expect(ours.status, ours.text).toBe(201);
    // Our devolução first (the settle-refund job asks for it), so the MED takes what is left.
    await pollUntil(
      async () => pix.devolucoes?.length ?? 0,
      (count) => count === 1,
      15_000,
      50,
    );
    const med = await psp.startMed(txid, 'MED_OPERACIONAL', { processing: true });
    expect(med.valor).toBe('25.00');
    const open = await pollUntil(
      () => getTx(tx.id),
      (t) => t.disputes?.length === 1,
      15_000,
      50,
    );
    expect(open.disputes[0]).toMatchObject({ amount: 2_500, reason: 'MED_OPERACIONAL', status: 'OPEN' });
    await psp.finishMed(txid, med.id);
    const lost = await pollUntil(
      () => getTx(tx.id),
      (t) => t.disputes?.[0]?.status === 'LOST',
      15_000,
      50,
    );
    expect(lost.disputes).toHaveLength(1);
    expect(lost.disputes[0]).toMatchObject({ id: open.disputes[0].id, amount: 2_500 });
    expect((await refund(tx.id, { amount: 1 })).status).toBe(409);
    // The merchant is told how it ended: one cashin.dispute_closed, LOST, verified like every webhook.
    const closed = await pollUntil(
      async () => signedEvents('cashin.dispute_closed', tx.id),
      (list) => list.length >= 1,
      15_000,
      50,
    );
    expect(closed).toHaveLength(1);
    expect(closed[0].data).toEqual({ transactionId: tx.id, dispute: lost.disputes[0] });
    expect(closed[0].id).toBe(`evt_${tx.id}_disputeclosed_${open.disputes[0].id}`);
  });

  it("a MED devolução in process that the payer's bank does not carry out (NAO_REALIZADO) → the dispute WON: its amount back in the balance by a reversal entry, a REFUNDED transaction PAID again and its amount refundable, one cashin.dispute_closed", async () => {
    const { tx, txid } = await paidPix(4_000);
    const { disputed: disputedBefore, available: availableBefore } = await brlBalance();
    const med = await psp.startMed(txid, 'MED_FRAUDE', { valor: '15.00', processing: true });
    const open = await pollUntil(
      () => getTx(tx.id),
      (t) => t.disputes?.[0]?.status === 'OPEN',
      15_000,
      50,
    );
    expect(await brlBalance()).toMatchObject({
      disputed: disputedBefore + 1_500,
      available: availableBefore - 1_500,
    });
    expect((await refund(tx.id, { amount: 3_000 })).status).toBe(409);
    // What the dispute left is refunded: the transaction is REFUNDED.
    const rest = await refund(tx.id);
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.amount).toBe(2_500);
    expect(await getTx(tx.id)).toMatchObject({ status: 'REFUNDED', refundedAmount: 2_500 });

    await psp.finishMed(txid, med.id, { status: 'NAO_REALIZADO', motivo: 'Contestação improcedente' });
    const won = await pollUntil(
      () => getTx(tx.id),
      (t) => t.disputes?.[0]?.status !== 'OPEN',
      15_000,
      50,
    );
    expect(won.disputes).toEqual([{ ...open.disputes[0], status: 'WON', updatedAt: expect.any(String) }]);
    // The dispute's amount can be refunded again: PAID, with the refund it had.
    expect(won).toMatchObject({ status: 'PAID', refundedAmount: 2_500 });
    expect(await brlBalance()).toMatchObject({
      disputed: disputedBefore,
      available: availableBefore - 2_500,
    });
    const entries = (await api('GET', '/v2/balance/entries?limit=100')).body.data.filter(
      (e: { transactionId: string }) => e.transactionId === tx.id,
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ kind: 'dispute_reversal', amount: 1_500, currency: 'BRL' }),
    );
    const closed = await pollUntil(
      async () => signedEvents('cashin.dispute_closed', tx.id),
      (list) => list.length >= 1,
      15_000,
      50,
    );
    expect(closed.map((event) => event.data)).toEqual([{ transactionId: tx.id, dispute: won.disputes[0] }]);

    // Seen again (a second notification): nothing more moves.
    const checksBefore = received['watch-payment'] ?? 0;
    expect(await psp.notify({ pix: cobPix(txid) })).toBe(200);
    await notifiedCheckEnded(checksBefore);
    expect((await brlBalance()).available).toBe(availableBefore - 2_500);
    expect(signedEvents('cashin.dispute_closed', tx.id)).toHaveLength(1);
    expect((await refund(tx.id, { amount: 1_501 })).status).toBe(409);
    const again = await refund(tx.id, { amount: 1_500 });
    expect(again.status, again.text).toBe(201);
    expect(await getTx(tx.id)).toMatchObject({ status: 'REFUNDED', refundedAmount: 4_000 });
  });
});

describe('the fake PSP', () => {
  it('saw no request from the adapter that breaks the API Pix document, and sent none that does', () => {
    expect(psp.requests.length).toBeGreaterThan(20);
    expect(psp.requestViolations).toEqual([]);
    expect(psp.responseViolations).toEqual([]);
  });
});
