// cashin.paid delivery end to end: a real receiver on 127.0.0.1, Standard Webhooks signatures
// verified with the standardwebhooks package, retries, dead-lettering and redelivery.

import { randomUUID } from 'node:crypto';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateWebhookSecret } from '../../shared/accounts/manage-webhook.ts';
import { dynamo } from '../../shared/aws/clients.ts';
import { tableName } from '../../shared/config.ts';
import { keys } from '../../shared/store/keys.ts';
import { call, createKey, documentOf, pollUntil, sharedStack, useSharedStore } from '../support/api.ts';
import { bobBody, copBody } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

async function paidTransaction(body: Record<string, unknown>, key?: string) {
  const options = key ? { key } : {};
  const created = await call('POST', '/transactions/v2/purchase', { body, ...options });
  expect(created.status).toBe(201);
  await pollUntil(
    async () => (await call('GET', `/transactions/${created.body.id}`, options)).body,
    (tx) => Boolean(tx.redirectUrl ?? tx.qr),
    15_000,
    50,
  );
  expect((await call('POST', `/sandbox/transactions/${created.body.id}/pay`, options)).status).toBe(202);
  return created.body;
}

const deliveriesOf = (transactionId: string) =>
  receiver.received.filter((r) => JSON.parse(r.body).data.id === transactionId);
/** The transaction's events; an answer without a list (a moment's 429 or 5xx on a loaded machine) reads as none yet, so a poll asks again. */
const events = async (transactionId: string, key?: string) =>
  (await call('GET', `/transactions/${transactionId}/events`, key ? { key } : {})).body.data ?? [];

describe('cashin.paid webhooks', () => {
  it("delivers exactly one signed cashin.paid to the transaction's postbackUrl", async () => {
    const externalId = `wh-${randomUUID()}`;
    const tx = await paidTransaction({ ...copBody(), externalId, postbackUrl: receiver.url });
    // DELIVERED is recorded after the receiver answered, and from then on every copy of the
    // delivery job finds nothing to do: no other POST can come.
    const [delivered] = await pollUntil(
      () => events(tx.id),
      (list) => list[0]?.deliveryStatus === 'DELIVERED',
      15_000,
      50,
    );
    expect(delivered?.deliveryStatus).toBe('DELIVERED');
    expect(deliveriesOf(tx.id)).toHaveLength(1);
    const [delivery] = deliveriesOf(tx.id);
    const headers = {
      'webhook-id': String(delivery!.headers['webhook-id']),
      'webhook-timestamp': String(delivery!.headers['webhook-timestamp']),
      'webhook-signature': String(delivery!.headers['webhook-signature']),
    };
    const verified = new Webhook(sharedStack().webhookSecret).verify(delivery!.body, headers) as any;
    expect(verified).toMatchObject({
      type: 'cashin.paid',
      data: { id: tx.id, externalId, status: 'PAID', currency: 'COP' },
    });
    expect(verified.id).toBe(headers['webhook-id']);
    // The payload is the one GET /openapi.json documents under `webhooks`.
    expect((await documentOf()).verifyComponent('CashinPaidEvent', verified)).toEqual([]);
    expect(verified.id).toMatch(/^evt_/);
    expect(verified.data.paidAt).toMatch(/Z$/);
    expect(delivery!.headers['content-type']).toBe('application/json');
    // The payer as the purchase named them: the merchant's own endpoint gets the document whole.
    const { payer } = (await call('GET', `/transactions/${tx.id}`)).body;
    expect(verified.data.payer).toEqual({
      name: 'Juan Pérez',
      email: 'juan@example.co',
      phone: '+573001234567',
      document: payer.document,
    });
    expect(payer.document).toMatch(/^\d+$/);
    const [event] = await events(tx.id);
    // The event listing is a listing: the document masked but its last four.
    expect(event.data.payer.document).toBe(
      `${'*'.repeat(payer.document.length - 4)}${payer.document.slice(-4)}`,
    );
    expect(event).toMatchObject({
      id: verified.id,
      type: 'cashin.paid',
      deliveryStatus: 'DELIVERED',
      attempts: [{ number: 1, statusCode: 200, error: null, url: receiver.url }],
    });
  });

  it("uses the account's global URL when the transaction has none", async () => {
    const global = await startWebhookReceiver('/global');
    try {
      const key = await createKey(['createTransaction'], { postbackUrl: global.url });
      const tx = await paidTransaction(bobBody(), key.secretKey);
      const [delivery] = await pollUntil(
        async () => global.received,
        (list) => list.length >= 1,
        15_000,
        50,
      );
      const verified = new Webhook(key.webhookSecret!).verify(
        delivery!.body,
        delivery!.headers as Record<string, string>,
      ) as any;
      expect(verified.data).toMatchObject({ id: tx.id, status: 'PAID', postbackUrl: global.url });
    } finally {
      await global.close();
    }
  });

  it('retries a failing receiver with the same webhook-id: 3 failures, then one success', async () => {
    receiver.failWith([500, 503, 502]);
    const tx = await paidTransaction({ ...copBody(), postbackUrl: receiver.url });
    const received = await pollUntil(
      async () => deliveriesOf(tx.id),
      (list) => list.length >= 4,
      15_000,
      100,
    );
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [event] = await pollUntil(
      () => events(tx.id),
      (list) => list[0]?.deliveryStatus === 'DELIVERED',
      15_000,
      100,
    );
    expect(event.attempts.map((a: any) => a.statusCode)).toEqual([500, 503, 502, 200]);
    expect(event.attempts.every((a: any) => a.durationMs >= 0 && a.at)).toBe(true);
  });

  it('gives up after the schedule (event FAILED, job in the DLQ), and redelivers on request', async () => {
    useSharedStore();
    const failing = await startWebhookReceiver('/down');
    failing.alwaysAnswer(500);
    try {
      const tx = await paidTransaction({ ...bobBody(), postbackUrl: failing.url });
      // The shared stack's schedule has three delays: four attempts in all.
      const [event] = await pollUntil(
        () => events(tx.id),
        (list) => list[0]?.deliveryStatus === 'FAILED',
        20_000,
        200,
      );
      expect(event.attempts).toHaveLength(4);
      expect(event.lastError).toContain('4 attempts');
      const sqs = new SQSClient({ region: 'us-east-1', endpoint: sharedStack().sqsEndpoint });
      const parked = await pollUntil(
        async () =>
          (
            await sqs.send(
              new ReceiveMessageCommand({
                QueueUrl: sharedStack().dlqUrls['deliver-event']!,
                MaxNumberOfMessages: 10,
                VisibilityTimeout: 0,
              }),
            )
          ).Messages ?? [],
        (messages) => messages.some((m) => JSON.parse(m.Body!).eventId === event.id),
        15_000,
        200,
      );
      expect(parked.some((m) => JSON.parse(m.Body!).eventId === event.id)).toBe(true);
      sqs.destroy();

      failing.alwaysAnswer(null);
      const redelivered = await call('POST', `/events/${event.id}/redeliver`);
      expect(redelivered.status).toBe(202);
      expect(redelivered.body).toEqual({ id: event.id, deliveryStatus: 'PENDING' });
      const [after] = await pollUntil(
        () => events(tx.id),
        (list) => list[0]?.deliveryStatus === 'DELIVERED',
        15_000,
        100,
      );
      expect(after.attempts).toHaveLength(5);
      expect(after.attempts.at(-1).statusCode).toBe(200);
      expect(new Set(failing.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    } finally {
      await failing.close();
    }
  });

  it('redelivers a retrying event now (its next attempt shown), but not while an attempt is being made', async () => {
    useSharedStore();
    const tx = await paidTransaction({ ...bobBody(), postbackUrl: receiver.url });
    const [delivered] = await pollUntil(
      () => events(tx.id),
      (list) => list[0]?.deliveryStatus === 'DELIVERED',
      15_000,
      100,
    );
    expect(delivered.nextAttemptAt).toBeNull();
    // The event as a failed attempt leaves it: PENDING, its next attempt an hour away.
    const nextAttemptAt = new Date(Date.now() + 3_600_000).toISOString();
    const work = keys.pendingWork('deliver-event', nextAttemptAt, tx.id);
    const retrying = (claimed: boolean) =>
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.event(sharedStack().accountId, tx.id, 'cashin.paid'),
          UpdateExpression: `SET deliveryStatus = :pending, runAttempts = :one, nextAttemptAt = :next, gsi2pk = :pk, gsi2sk = :sk${claimed ? ', claimedWorkSk = :sk' : ' REMOVE claimedWorkSk'}`,
          ExpressionAttributeValues: {
            ':pending': 'PENDING',
            ':one': 1,
            ':next': nextAttemptAt,
            ':pk': work.gsi2pk,
            ':sk': work.gsi2sk,
          },
        }),
      );
    await retrying(true);
    const busy = await call('POST', `/events/${delivered.id}/redeliver`);
    expect(busy.status).toBe(409);
    await retrying(false);
    const [waiting] = await events(tx.id);
    expect(waiting).toMatchObject({ deliveryStatus: 'PENDING', nextAttemptAt });
    expect((await call('POST', `/events/${delivered.id}/redeliver`)).status).toBe(202);
    const [after] = await pollUntil(
      () => events(tx.id),
      (list) =>
        list[0]?.deliveryStatus === 'DELIVERED' && list[0].attemptCount === delivered.attemptCount + 1,
      15_000,
      100,
    );
    expect(after.nextAttemptAt).toBeNull();
  });

  it('stops at 410 Gone', async () => {
    const gone = await startWebhookReceiver('/gone');
    gone.alwaysAnswer(410);
    try {
      const tx = await paidTransaction({ ...copBody(), postbackUrl: gone.url });
      const [event] = await pollUntil(
        () => events(tx.id),
        (list) => list[0]?.deliveryStatus === 'FAILED',
        15_000,
        100,
      );
      expect(event.attempts).toHaveLength(1);
      expect(event.lastError).toContain('410');
    } finally {
      await gone.close();
    }
  });

  it('keeps the first attempt and the last ten of an event redelivered many times, and counts them all', async () => {
    const gone = await startWebhookReceiver('/gone');
    gone.alwaysAnswer(410);
    try {
      const tx = await paidTransaction({ ...copBody(), postbackUrl: gone.url });
      const [failed] = await pollUntil(
        () => events(tx.id),
        (list) => list[0]?.deliveryStatus === 'FAILED',
        15_000,
        50,
      );
      // Ten redeliveries later (each one attempt: 410 stops a run at once), as the table holds them.
      const [first] = failed.attempts;
      const earlier = Array.from({ length: 10 }, (_, index) => ({ ...first, number: index + 2 }));
      useSharedStore();
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.event(sharedStack().accountId, tx.id, 'cashin.paid'),
          UpdateExpression: 'SET attempts = list_append(attempts, :earlier), attemptCount = :count',
          ExpressionAttributeValues: { ':earlier': earlier, ':count': 11 },
        }),
      );
      expect((await call('POST', `/events/${failed.id}/redeliver`)).status).toBe(202);
      const [event] = await pollUntil(
        () => events(tx.id),
        (list) => list[0]?.deliveryStatus === 'FAILED' && list[0]?.attempts.at(-1)?.number === 12,
        15_000,
        50,
      );
      expect(event.attemptCount).toBe(12);
      expect(event.attempts.map((attempt: { number: number }) => attempt.number)).toEqual([
        1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
      ]);
      expect(gone.received).toHaveLength(2);
    } finally {
      await gone.close();
    }
  });

  it('records an event with nowhere to go as UNDELIVERABLE, not lost', async () => {
    const key = await createKey(['createTransaction']);
    const tx = await paidTransaction(bobBody(), key.secretKey);
    const [event] = await pollUntil(
      () => events(tx.id, key.secretKey),
      (list) => list[0]?.deliveryStatus === 'UNDELIVERABLE',
      15_000,
      100,
    );
    expect(event).toMatchObject({ type: 'cashin.paid', attempts: [], data: { id: tx.id, status: 'PAID' } });
  });

  it('signs with both secrets while a rotated one is still valid', async () => {
    const key = await createKey(['createTransaction'], { postbackUrl: receiver.url });
    // Signing reads the secrets at each attempt: no cache to wait out.
    const rotated = await rotateWebhookSecret(key.accountId);
    const tx = await paidTransaction(copBody(), key.secretKey);
    const [delivery] = await pollUntil(
      async () => deliveriesOf(tx.id),
      (list) => list.length >= 1,
      15_000,
      50,
    );
    const signatures = String(delivery!.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
    for (const secret of [key.webhookSecret!, rotated.secret]) {
      expect(() =>
        new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>),
      ).not.toThrow();
    }
  });

  it('events and redelivery are scoped to the account and need createTransaction', async () => {
    const tx = await paidTransaction({ ...copBody(), postbackUrl: receiver.url });
    const [event] = await pollUntil(
      () => events(tx.id),
      (list) => list.length === 1,
      15_000,
      100,
    );
    const other = await createKey(['createTransaction']);
    expect((await call('GET', `/transactions/${tx.id}/events`, { key: other.secretKey })).status).toBe(404);
    expect((await call('POST', `/events/${event.id}/redeliver`, { key: other.secretKey })).status).toBe(404);
    const catalogOnly = await createKey(['isInvoiceAvailable']);
    expect((await call('GET', `/transactions/${tx.id}/events`, { key: catalogOnly.secretKey })).status).toBe(
      403,
    );
    expect((await call('POST', '/events/evt_nope/redeliver')).status).toBe(404);
  });
});
