// An account with no signing secret: the event is visibly undeliverable (listed with the
// reason, redeliverable once a secret exists), not a job that throws until it is dead-lettered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateWebhookSecret } from '../../shared/accounts/manage-webhook.ts';
import { getAccount, replaceWebhookSecrets } from '../../shared/store/api-keys.ts';
import { call, createKey, pollUntil } from '../support/api.ts';
import { bobBody } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

describe('delivery for an account without a signing secret', () => {
  it('marks the event UNDELIVERABLE with the reason, and redelivers once a secret exists', async () => {
    const key = await createKey(['createTransaction'], { postbackUrl: receiver.url });
    const account = await getAccount(key.accountId);
    expect(
      await replaceWebhookSecrets(
        key.accountId,
        [],
        account!.webhookSecretsVersion ?? 0,
        new Date().toISOString(),
      ),
    ).toBe(true);

    const options = { key: key.secretKey };
    const created = await call('POST', '/transactions/v2/purchase', { body: bobBody(), ...options });
    expect(created.status).toBe(201);
    await pollUntil(
      async () => (await call('GET', `/transactions/${created.body.id}`, options)).body,
      (tx) => Boolean(tx.qr),
      15_000,
      50,
    );
    expect((await call('POST', `/sandbox/transactions/${created.body.id}/pay`, options)).status).toBe(202);
    const events = () =>
      call('GET', `/transactions/${created.body.id}/events`, options).then((r) => r.body.data);
    const [event] = await pollUntil(events, (list) => list[0]?.deliveryStatus === 'UNDELIVERABLE', 8000, 100);
    expect(event).toMatchObject({ deliveryStatus: 'UNDELIVERABLE', attempts: [] });
    expect(event.lastError).toMatch(/no webhook signing secret/);

    await rotateWebhookSecret(key.accountId);
    // Signing reads the account's secrets at each attempt: the first redelivery has one.
    expect((await call('POST', `/events/${event.id}/redeliver`, options)).status).toBe(202);
    const [delivered] = await pollUntil(
      events,
      (list) => list[0]?.deliveryStatus === 'DELIVERED',
      10_000,
      100,
    );
    expect(delivered.deliveryStatus).toBe('DELIVERED');
  });
});
