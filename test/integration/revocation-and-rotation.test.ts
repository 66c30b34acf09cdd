// Revocation and rotation take effect at once where they are made (issue 27, item 3), on a stack
// whose key and settings caches last a minute: whatever passes here did not wait for a cache to
// expire. The instance that revokes a key refuses it from its next request on; signing reads the
// account's secrets consistently at each attempt, so the first delivery after a rotation carries
// the new secret's signature and an ended overlap stops the old one's at once. That every other
// instance converges within AUTH_CACHE_TTL_MS is checked on the shared stack
// (account-api.test.ts, "API keys").
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { setWebhookUrl } from '../../shared/accounts/manage-webhook.ts';
import { type CallOptions, call, pollUntil } from '../support/api.ts';
import { ownStackTable } from '../support/own-stack.ts';
import { copBody } from '../support/purchase-fixtures.ts';
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../support/webhook-receiver.ts';

/** Starting a stack (Java, fauxqs) on a busy machine: a deadline, not a budget. */
const startTimeoutMs = 180_000;
/** Each test cold-starts the functions it reaches first: on a busy machine, a deadline too. */
const testTimeoutMs = 120_000;
const unknownKeyId = 'key_00000000-0000-0000-0000-000000000000';

let stack: LocalStack;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [stack, receiver] = await Promise.all([
    startLocalStack({
      ...ownStackTable(),
      port: 0,
      env: {
        LOG_LEVEL: 'silent',
        SANDBOX_INSTRUCTION_DELAY_MS: '100',
        // Longer than the whole file: a cached key or account is never read again by expiry.
        AUTH_CACHE_TTL_MS: '600000',
        PAYMENT_POLL_SCHEDULE: '250ms,250ms,500ms,1s',
      },
      // Payments are found by the rail's notification only: every delivery of an account is made
      // by the payment worker, whose cache the first one warms.
      scheduleIntervalMs: 600_000,
    }),
    startWebhookReceiver(),
  ]);
}, startTimeoutMs);

afterAll(async () => {
  await Promise.all([stack?.stop(), receiver?.close()]);
});

const api = (method: string, path: string, key: string, options: CallOptions = {}) =>
  call(method, path, { key, baseUrl: stack.baseUrl, ...options });

async function merchant() {
  const issued = await issueApiKey({ permissions: ['createTransaction', 'manageAccount'] });
  await setWebhookUrl(issued.accountId, receiver.url);
  return issued;
}

/** Pays a COP purchase and answers the cashin.paid delivery the receiver got for it. */
async function paidDelivery(key: string): Promise<ReceivedWebhook> {
  const created = await api('POST', '/transactions/v2/purchase', key, { body: copBody() });
  expect(created.status, created.text).toBe(201);
  await pollUntil(
    async () => (await api('GET', `/transactions/${created.body.id}`, key)).body,
    (tx) => Boolean(tx.redirectUrl),
    15_000,
    50,
  );
  expect((await api('POST', `/sandbox/transactions/${created.body.id}/pay`, key)).status).toBe(202);
  const [delivery] = await pollUntil(
    async () => receiver.received.filter((entry) => JSON.parse(entry.body).data?.id === created.body.id),
    (list) => list.length > 0,
    15_000,
    50,
  );
  return delivery!;
}

function signedBy(delivery: ReceivedWebhook, secret: string): boolean {
  try {
    new Webhook(secret).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    });
    return true;
  } catch {
    return false;
  }
}

const signatureCount = (delivery: ReceivedWebhook) =>
  String(delivery.headers['webhook-signature']).split(' ').length;

describe('revocation', () => {
  it(
    'refuses a revoked key on its very next request to the function that revoked it',
    async () => {
      const admin = await issueApiKey({ permissions: ['manageAccount'] });
      const created = await api('POST', '/v2/api-keys', admin.secretKey, {
        body: { name: 'Leaked', permissions: ['manageAccount'] },
      });
      expect(created.status).toBe(201);
      const leaked = created.body.secret as string;
      // The leaked key is known (cached) by the revoking function before the revocation.
      expect((await api('DELETE', `/v2/api-keys/${unknownKeyId}`, leaked)).status).toBe(404);

      const revoked = await api('DELETE', `/v2/api-keys/${created.body.id}`, admin.secretKey);
      expect(revoked.status).toBe(200);

      const next = await api('DELETE', `/v2/api-keys/${unknownKeyId}`, leaked);
      expect(next.status).toBe(401);
    },
    testTimeoutMs,
  );

  it(
    'refuses a key that revoked itself on its next request',
    async () => {
      const admin = await issueApiKey({ permissions: ['manageAccount'] });
      const own = await api('GET', '/v2/api-keys', admin.secretKey);
      const ownId = own.body.data[0].id as string;
      expect((await api('DELETE', `/v2/api-keys/${ownId}`, admin.secretKey)).status).toBe(200);
      expect((await api('DELETE', `/v2/api-keys/${ownId}`, admin.secretKey)).status).toBe(401);
    },
    testTimeoutMs,
  );
});

describe('webhook secret rotation', () => {
  it(
    'signs the first delivery after a rotation with the new secret',
    async () => {
      const account = await merchant();
      // Before the rotation: the payment worker has read (and may cache) the account's secrets.
      const before = await paidDelivery(account.secretKey);
      expect(signedBy(before, account.webhookSecret!)).toBe(true);

      const rotated = await api('POST', '/v2/account/webhook/rotate-secret', account.secretKey);
      expect(rotated.status).toBe(200);

      const first = await paidDelivery(account.secretKey);
      expect(signedBy(first, rotated.body.secret)).toBe(true);
      // The overlap: the old secret still signs too.
      expect(signedBy(first, account.webhookSecret!)).toBe(true);
      expect(signatureCount(first)).toBe(2);
    },
    testTimeoutMs,
  );

  it(
    'stops signing with the old secret at once when the overlap is ended early',
    async () => {
      const account = await merchant();
      const rotated = await api('POST', '/v2/account/webhook/rotate-secret', account.secretKey);
      expect(rotated.status).toBe(200);
      const during = await paidDelivery(account.secretKey);
      expect(signatureCount(during)).toBe(2);

      const ended = await api('POST', '/v2/account/webhook/expire-previous-secrets', account.secretKey);
      expect(ended.status).toBe(200);
      expect(ended.body).toMatchObject({ url: receiver.url, secrets: [{ expiresAt: null }] });
      expect(ended.body.secrets).toHaveLength(1);
      expect(ended.text).not.toContain('whsec_');

      const after = await paidDelivery(account.secretKey);
      expect(signatureCount(after)).toBe(1);
      expect(signedBy(after, rotated.body.secret)).toBe(true);
      expect(signedBy(after, account.webhookSecret!)).toBe(false);
      // The test event too, and the settings say so.
      const test = await api('POST', '/v2/account/webhook/test', account.secretKey);
      expect(test.body).toMatchObject({ delivered: true });
      const testDelivery = receiver.received.find((entry) => JSON.parse(entry.body).id === test.body.id)!;
      expect(signatureCount(testDelivery)).toBe(1);
      expect(signedBy(testDelivery, rotated.body.secret)).toBe(true);
      expect((await api('GET', '/v2/account/webhook', account.secretKey)).body.secrets).toHaveLength(1);

      // Nothing left to end: the same answer, nothing changed.
      const again = await api('POST', '/v2/account/webhook/expire-previous-secrets', account.secretKey);
      expect(again.status).toBe(200);
      expect(again.body.secrets).toEqual(ended.body.secrets);
    },
    testTimeoutMs,
  );
});
