// docs/api.md: logs are JSON lines "never keys, secrets, documents or bodies". A stack with logging
// at debug runs a full flow (keys, a rotated webhook secret, purchases with CPF/CNPJ and COP/BOB
// documents, a refused key, a rejected document, hosted pages, the sandbox Pay button, a signed
// webhook), everything it writes to stdout and stderr is captured, and the capture is scanned.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { rotateWebhookSecret } from '../../shared/accounts/manage-webhook.ts';
import { basicAuthorization } from '../../shared/auth/credentials.ts';
import { type CallOptions, call, pollUntil } from '../support/api.ts';
import { ownStackTable } from '../support/own-stack.ts';
import { bobBody, boletoBody, copBody, validCnpj, validCpf } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/** Starting a stack (Java, fauxqs) on a busy machine: a deadline, not a budget. */
const startTimeoutMs = 180_000;

let stack: LocalStack;
let receiver: WebhookReceiver;
let captured = '';
const restore: Array<() => void> = [];

function capture(stream: NodeJS.WriteStream): void {
  const original = stream.write.bind(stream);
  // Kept, not echoed: the test's own output stays readable.
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    captured += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    done?.();
    return true;
  }) as typeof stream.write;
  restore.push(() => {
    stream.write = original as typeof stream.write;
  });
}

beforeAll(async () => {
  capture(process.stdout);
  capture(process.stderr);
  [stack, receiver] = await Promise.all([
    startLocalStack({
      ...ownStackTable(),
      port: 0,
      env: {
        LOG_LEVEL: 'debug',
        SANDBOX_INSTRUCTION_DELAY_MS: '100',
        PAYMENT_POLL_SCHEDULE: '250ms,500ms,1s',
        WEBHOOK_RETRY_SCHEDULE: '200ms',
      },
    }),
    startWebhookReceiver(),
  ]);
}, startTimeoutMs);

afterAll(async () => {
  await Promise.all([stack?.stop(), receiver?.close()]);
  for (const undo of restore) undo();
});

describe('logs', () => {
  it('never contain a key, a secret, a token or a document', async () => {
    const issued = await issueApiKey({
      permissions: ['isInvoiceAvailable', 'createTransaction'],
      postbackUrl: receiver.url,
    });
    const rotated = await rotateWebhookSecret(issued.accountId);
    const api = (method: string, path: string, options: CallOptions = {}) =>
      call(method, path, { key: issued.secretKey, baseUrl: stack.baseUrl, ...options });

    const colombianDocument = '1.020.304.050';
    const bolivianDocument = '4567890 LP';
    const bodies = [
      { ...boletoBody(), cpf: validCpf, responsibleDocument: validCnpj },
      { ...copBody(), paymentMethod: 'PSE', responsibleDocument: colombianDocument },
      { ...bobBody(), responsibleDocument: bolivianDocument },
    ];
    const created = [];
    for (const body of bodies) {
      const response = await api('POST', '/transactions/v2/purchase', {
        body,
        headers: { 'idempotency-key': `logs-${randomUUID()}` },
      });
      expect(response.status, response.text).toBe(201);
      created.push(response.body);
    }
    // Refused and rejected requests log too.
    const wrongKey = 'sk_test_ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ';
    expect((await api('GET', '/v2/account', { key: wrongKey })).status).toBe(401);
    const badCpf = '529.982.247-26';
    expect(
      (await api('POST', '/transactions/v2/purchase', { body: { ...boletoBody(), cpf: badCpf } })).status,
    ).toBe(400);

    const filled = [];
    for (const tx of created) {
      filled.push(
        await pollUntil(
          async () => (await api('GET', `/transactions/${tx.id}`)).body,
          (t) => Boolean(t.paymentInstruction?.boletoUrl ?? t.redirectUrl ?? t.qr),
          15_000,
          50,
        ),
      );
    }
    const pageUrls = [filled[0].paymentInstruction.boletoUrl as string, filled[1].redirectUrl as string];
    const tokens = pageUrls.map((url) => new URL(url).pathname.split('/').pop()!);
    for (const url of pageUrls) expect((await fetch(url)).status).toBe(200);
    expect((await fetch(`${pageUrls[0]}/pdf`)).status).toBe(200);
    const paidFromPage = await api('POST', `/pay/${tokens[1]}/sandbox-pay`, {
      key: null,
      rawBody: 'bank=1007',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paidFromPage.status).toBe(303);
    expect((await api('POST', `/sandbox/transactions/${filled[2].id}/pay`)).status).toBe(202);
    const delivered = await pollUntil(
      async () => receiver.received,
      (list) => list.length >= 2,
      20_000,
      100,
    );
    const signatures = delivered.flatMap((request) =>
      String(request.headers['webhook-signature'])
        .split(' ')
        .map((signature) => signature.replace(/^v1,/, '')),
    );

    // The worker logs its attempt once the receiver has answered: after the receiver saw it.
    await pollUntil(
      async () => captured,
      (text) => text.includes('"message":"webhook attempt"'),
      10_000,
      50,
    );
    // Logging was on and the flow was logged.
    const lines = captured.split('\n').filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(10);
    expect(captured).toContain('"message":"request"');
    expect(captured).toContain('"message":"webhook attempt"');

    const digits = (text: string) => text.replace(/\W/g, '');
    const forbidden: Record<string, string[]> = {
      'secret key': [issued.secretKey, basicAuthorization(issued.secretKey).replace(/^Basic /, '')],
      'refused key': [wrongKey],
      'webhook secret': [issued.webhookSecret!, rotated.secret].flatMap((secret) => [
        secret,
        secret.replace(/^whsec_/, ''),
      ]),
      'webhook signature': signatures,
      'page token': tokens,
      document: [validCpf, validCnpj, colombianDocument, bolivianDocument, badCpf].flatMap((document) => [
        document,
        digits(document),
      ]),
    };
    for (const [kind, values] of Object.entries(forbidden)) {
      for (const value of values) {
        const line = captured.split('\n').find((text) => text.includes(value));
        expect(line, `${kind} ${value} in a log line`).toBeUndefined();
      }
    }
  }, 90_000);
});
