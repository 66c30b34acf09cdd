// Issue 31 item 6: a refund's outcome is an event of its own. A refund that gives the money back
// delivers one signed `refund.succeeded` whose data is the refund; one the rail refuses delivers
// `refund.failed` with its reason; two refunds of one transaction are two events, each with an
// id naming its refund, listed with the transaction's and the account's events and redelivered
// by their id.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxRefusedRefundReason } from '../../shared/rails/sandbox/sandbox-rail.ts';
import { call, createKey, documentOf, pollUntil } from '../support/api.ts';
import { bobBody } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver('/refund-events');
});
afterAll(async () => {
  await receiver.close();
});

async function paidTransaction(key: string) {
  const created = await call('POST', '/transactions/v2/purchase', { key, body: bobBody() });
  expect(created.status, created.text).toBe(201);
  await pollUntil(
    async () => (await call('GET', `/transactions/${created.body.id}`, { key })).body,
    (tx) => Boolean(tx.qr),
    15_000,
    50,
  );
  expect((await call('POST', `/sandbox/transactions/${created.body.id}/pay`, { key })).status).toBe(202);
  return pollUntil(
    async () => (await call('GET', `/transactions/${created.body.id}`, { key })).body,
    (tx) => tx.status === 'PAID',
    15_000,
    50,
  );
}

const deliveriesOf = (type: string, refundId: string) =>
  receiver.received
    .map((entry) => ({ entry, body: JSON.parse(entry.body) }))
    .filter(({ body }) => body.type === type && body.data.id === refundId);

describe('refund events', () => {
  it('refund.succeeded and refund.failed: one signed event per refund, its data the refund', async () => {
    const account = await createKey(['createTransaction', 'manageAccount']);
    const key = account.secretKey;
    expect((await call('PUT', '/v2/account/webhook', { key, body: { url: receiver.url } })).status).toBe(200);
    const tx = await paidTransaction(key);

    const refused = await call('POST', `/transactions/${tx.id}/refunds`, {
      key,
      body: { amount: 100, reason: sandboxRefusedRefundReason },
    });
    const given = await call('POST', `/transactions/${tx.id}/refunds`, { key, body: { amount: 200 } });
    expect([refused.status, given.status]).toEqual([201, 201]);

    const [failedDelivery] = await pollUntil(
      async () => deliveriesOf('refund.failed', refused.body.id),
      (list) => list.length >= 1,
      15_000,
      100,
    );
    const [succeededDelivery] = await pollUntil(
      async () => deliveriesOf('refund.succeeded', given.body.id),
      (list) => list.length >= 1,
      15_000,
      100,
    );
    const refunds = (await call('GET', `/transactions/${tx.id}/refunds`, { key })).body.data;
    const asListed = (id: string) => refunds.find((refund: { id: string }) => refund.id === id);
    expect(succeededDelivery!.body).toMatchObject({
      id: `evt_${tx.id}_refundsucceeded_${given.body.id}`,
      type: 'refund.succeeded',
      data: asListed(given.body.id),
    });
    expect(succeededDelivery!.body.data).toMatchObject({
      status: 'SUCCEEDED',
      transactionId: tx.id,
      amount: 200,
    });
    expect(failedDelivery!.body).toMatchObject({
      id: `evt_${tx.id}_refundfailed_${refused.body.id}`,
      type: 'refund.failed',
      data: asListed(refused.body.id),
    });
    expect(failedDelivery!.body.data.failureReason).toContain('sandbox rail refused');
    const document = await documentOf();
    expect(document.verifyComponent('RefundSucceededEvent', succeededDelivery!.body)).toEqual([]);
    expect(document.verifyComponent('RefundFailedEvent', failedDelivery!.body)).toEqual([]);
    for (const { entry } of [succeededDelivery!, failedDelivery!])
      expect(() =>
        new Webhook(account.webhookSecret!).verify(entry.body, {
          'webhook-id': entry.headers['webhook-id'] as string,
          'webhook-timestamp': entry.headers['webhook-timestamp'] as string,
          'webhook-signature': entry.headers['webhook-signature'] as string,
        }),
      ).not.toThrow();

    // A second refund that succeeds is another event; each is listed and found by its id.
    const second = await call('POST', `/transactions/${tx.id}/refunds`, { key, body: { amount: 300 } });
    await pollUntil(
      async () => deliveriesOf('refund.succeeded', second.body.id),
      (list) => list.length >= 1,
      15_000,
      100,
    );
    const events = (await call('GET', `/transactions/${tx.id}/events`, { key })).body.data as Array<{
      id: string;
      type: string;
      deliveryStatus: string;
    }>;
    const refundEvents = events.filter((event) => event.type.startsWith('refund.')).map((event) => event.id);
    expect(refundEvents.sort()).toEqual(
      [
        `evt_${tx.id}_refundfailed_${refused.body.id}`,
        `evt_${tx.id}_refundsucceeded_${given.body.id}`,
        `evt_${tx.id}_refundsucceeded_${second.body.id}`,
      ].sort(),
    );
    const listed = await call('GET', '/events?type=refund.succeeded', { key });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.map((event: { id: string }) => event.id).sort()).toEqual(
      [
        `evt_${tx.id}_refundsucceeded_${given.body.id}`,
        `evt_${tx.id}_refundsucceeded_${second.body.id}`,
      ].sort(),
    );
    // Its id leads to it: a redelivery sends the same event again.
    const failedId = `evt_${tx.id}_refundfailed_${refused.body.id}`;
    const redelivery = await call('POST', `/events/${failedId}/redeliver`, { key });
    expect(redelivery.status, redelivery.text).toBe(202);
    await pollUntil(
      async () => deliveriesOf('refund.failed', refused.body.id),
      (list) => list.length >= 2,
      15_000,
      100,
    );
    // Exactly one delivery per refund event.
    expect(deliveriesOf('refund.succeeded', given.body.id)).toHaveLength(1);
  });
});
