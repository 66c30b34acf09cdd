// The webhook promises of docs/api.md on the shared stack: the retry waits really observed, a new
// global URL applied within the settings TTL, an UNDELIVERABLE event delivered once a URL
// exists, and the webhook's `data` equal to what GET /transactions/:id shows.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWebhookUrl } from '../../shared/accounts/manage-webhook.ts';
import { call, createKey, pollUntil, sharedStack, useSharedStore } from '../support/api.ts';
import { bobBody, copBody } from '../support/purchase-fixtures.ts';
import { sharedView } from '../support/transaction-views.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

// The shared stack runs with these (test/support/global-setup.ts).
const retryScheduleMs = [200, 400, 600];

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

async function paidTransaction(body: Record<string, unknown>, key: string) {
  const created = await call('POST', '/transactions/v2/purchase', { body, key });
  expect(created.status, created.text).toBe(201);
  const filled = await pollUntil(
    async () => (await call('GET', `/transactions/${created.body.id}`, { key })).body,
    (tx) => Boolean(tx.redirectUrl ?? tx.qr),
    15_000,
    50,
  );
  expect(Boolean(filled.redirectUrl ?? filled.qr)).toBe(true);
  expect((await call('POST', `/sandbox/transactions/${created.body.id}/pay`, { key })).status).toBe(202);
  return created.body as { id: string };
}

const eventsOf = async (transactionId: string, key: string) =>
  (await call('GET', `/transactions/${transactionId}/events`, { key })).body.data;

async function settledEvent(transactionId: string, key: string, status: string) {
  const [event] = await pollUntil(
    () => eventsOf(transactionId, key),
    (list) => list[0]?.deliveryStatus === status,
    20_000,
    100,
  );
  expect(event?.deliveryStatus).toBe(status);
  return event;
}

/** Waits out the account-settings cache of the stack's functions: the promise is about that TTL. */
const afterSettingsTtl = () =>
  new Promise((resolve) => setTimeout(resolve, sharedStack().authCacheTtlMs + 200));

describe('webhook promises', () => {
  it('waits at least each step of the retry schedule between attempts', async () => {
    const failing = await startWebhookReceiver('/flaky');
    failing.failWith([500, 500, 500]);
    try {
      const key = await createKey(['createTransaction'], { postbackUrl: failing.url });
      const tx = await paidTransaction(copBody(), key.secretKey);
      const event = await settledEvent(tx.id, key.secretKey, 'DELIVERED');
      const times = event.attempts.map((attempt: { at: string }) => Date.parse(attempt.at));
      expect(event.attempts.map((attempt: { statusCode: number }) => attempt.statusCode)).toEqual([
        500, 500, 500, 200,
      ]);
      for (let index = 0; index < retryScheduleMs.length; index++) {
        expect(times[index + 1]! - times[index]!, `wait before attempt ${index + 2}`).toBeGreaterThanOrEqual(
          retryScheduleMs[index]!,
        );
      }
      // The receiver saw the same spacing.
      const seen = failing.received.map((request) => request.at);
      expect(seen).toHaveLength(4);
    } finally {
      await failing.close();
    }
  });

  it('sends data equal to GET /transactions/:id once paid', async () => {
    const key = await createKey(['createTransaction'], { postbackUrl: receiver.url });
    const tx = await paidTransaction({ ...bobBody(), externalId: `view-${key.keyId}` }, key.secretKey);
    await settledEvent(tx.id, key.secretKey, 'DELIVERED');
    const delivery = receiver.received.find((request) => JSON.parse(request.body).data.id === tx.id)!;
    const verified = new Webhook(key.webhookSecret!).verify(
      delivery.body,
      delivery.headers as Record<string, string>,
    ) as { data: unknown };
    const view = await call('GET', `/transactions/${tx.id}`, { key: key.secretKey });
    expect(view.body.status).toBe('PAID');
    expect(verified.data).toEqual(sharedView(view.body));
  });

  it('applies a new global URL within the settings TTL', async () => {
    useSharedStore();
    const before = await startWebhookReceiver('/before');
    const after = await startWebhookReceiver('/after');
    try {
      const key = await createKey(['createTransaction'], { postbackUrl: before.url });
      // A first delivery loads the account's settings into the stack's cache.
      const first = await paidTransaction(copBody(), key.secretKey);
      expect((await settledEvent(first.id, key.secretKey, 'DELIVERED')).attempts[0].url).toBe(before.url);
      await setWebhookUrl(key.accountId, after.url);
      await afterSettingsTtl();
      const second = await paidTransaction(copBody(), key.secretKey);
      const event = await settledEvent(second.id, key.secretKey, 'DELIVERED');
      expect(event.attempts.map((attempt: { url: string }) => attempt.url)).toEqual([after.url]);
      expect(after.received.map((request) => JSON.parse(request.body).data.id)).toEqual([second.id]);
      expect(before.received.map((request) => JSON.parse(request.body).data.id)).toEqual([first.id]);
    } finally {
      await Promise.all([before.close(), after.close()]);
    }
  });

  it('delivers an UNDELIVERABLE event once the account has a URL and it is redelivered', async () => {
    useSharedStore();
    const key = await createKey(['createTransaction']);
    const tx = await paidTransaction(bobBody(), key.secretKey);
    const undeliverable = await settledEvent(tx.id, key.secretKey, 'UNDELIVERABLE');
    expect(undeliverable.attempts).toEqual([]);

    await setWebhookUrl(key.accountId, receiver.url);
    await afterSettingsTtl();
    const redelivered = await call('POST', `/events/${undeliverable.id}/redeliver`, { key: key.secretKey });
    expect(redelivered.status).toBe(202);
    expect(redelivered.body).toEqual({ id: undeliverable.id, deliveryStatus: 'PENDING' });
    const delivered = await settledEvent(tx.id, key.secretKey, 'DELIVERED');
    expect(delivered.attempts).toMatchObject([{ number: 1, statusCode: 200, url: receiver.url }]);
    const delivery = receiver.received.find((request) => JSON.parse(request.body).data.id === tx.id)!;
    expect(delivery.headers['webhook-id']).toBe(undeliverable.id);
    expect(() =>
      new Webhook(key.webhookSecret!).verify(delivery.body, delivery.headers as Record<string, string>),
    ).not.toThrow();
  });
});
