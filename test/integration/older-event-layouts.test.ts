// Events as they are stored now, and as they were: attempts are kept on the event itself (one
// conditional write per attempt), its id names its transaction (no lookup item) and its data is
// its transaction (final once PAID), not a copy. An event recorded before has its attempts as
// items of their own, an `evt_<uuid>` id found through a lookup item and its own copy of the
// data: both layouts read, list and redeliver as one story.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { keys } from '../../shared/store/keys.ts';
import { withDocumentAccess } from '../../shared/transactions/payer.ts';
import type { TransactionView } from '../../shared/transactions/transaction.ts';
import { call, createKey, pollUntil, sharedStack, useSharedStore } from '../support/api.ts';
import { purchaseWithInstruction } from '../support/hosted-page-flow.ts';
import { copBody } from '../support/purchase-fixtures.ts';
import { sharedView } from '../support/transaction-views.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver('/attempts-layout');
});
afterAll(async () => {
  await receiver.close();
});

async function deliveredEvent(key: string) {
  const { id } = await purchaseWithInstruction(copBody(), (tx) => Boolean(tx.redirectUrl), key);
  expect((await call('POST', `/sandbox/transactions/${id}/pay`, { key })).status).toBe(202);
  const [event] = await pollUntil(
    async () => (await call('GET', `/transactions/${id}/events`, { key })).body.data,
    (events: any[]) => events[0]?.deliveryStatus === 'DELIVERED',
    20_000,
    100,
  );
  return { id, event };
}

describe('delivery attempts', () => {
  it('are kept on the event item: no attempt item is written, and no copy of the transaction', async () => {
    const key = await createKey(['createTransaction'], { postbackUrl: receiver.url });
    const { id, event } = await deliveredEvent(key.secretKey);
    expect(event.attempts).toMatchObject([{ number: 1, statusCode: 200, url: receiver.url }]);
    expect(event.id).toBe(`evt_${id}_paid`);
    useSharedStore();
    const table = sharedStack().tableName;
    const stored = await dynamo().send(
      new GetCommand({ TableName: table, Key: keys.event(key.accountId, id, 'cashin.paid') }),
    );
    expect(stored.Item?.attempts).toMatchObject([{ number: 1, statusCode: 200 }]);
    expect(stored.Item).not.toHaveProperty('data');
    const transaction = sharedView((await call('GET', `/transactions/${id}`, { key: key.secretKey })).body);
    // The listing masks the payer's document; the webhook carries it whole, as the GET does.
    expect(event.data).toEqual(withDocumentAccess(transaction as TransactionView, 'masked'));
    const delivered = receiver.received.find((webhook) => webhook.headers['webhook-id'] === event.id);
    expect(JSON.parse(delivered!.body).data).toEqual(transaction);
    const item = await dynamo().send(
      new GetCommand({ TableName: table, Key: keys.eventAttempt(key.accountId, id, 'cashin.paid', 1) }),
    );
    expect(item.Item).toBeUndefined();
  });

  it('recorded before they moved onto the event still read in order, and a redelivery goes on after them', async () => {
    const key = await createKey(['createTransaction'], { postbackUrl: receiver.url });
    const { id, event } = await deliveredEvent(key.secretKey);
    useSharedStore();
    const table = sharedStack().tableName;
    // Rewrite the event as the older layout left it: attempt 1 an item of its own.
    const [first] = event.attempts;
    await dynamo().send(
      new PutCommand({
        TableName: table,
        Item: {
          ...keys.eventAttempt(key.accountId, id, 'cashin.paid', 1),
          entity: 'deliveryAttempt',
          eventKind: 'cashin.paid',
          eventId: event.id,
          ...first,
        },
      }),
    );
    await dynamo().send(
      new UpdateCommand({
        TableName: table,
        Key: keys.event(key.accountId, id, 'cashin.paid'),
        UpdateExpression: 'REMOVE attempts',
      }),
    );
    const listed = async () =>
      (await call('GET', '/events?limit=100', { key: key.secretKey })).body.data.find(
        (entry: { id: string }) => entry.id === event.id,
      );
    expect(
      (await call('GET', `/transactions/${id}/events`, { key: key.secretKey })).body.data[0].attempts,
    ).toEqual([first]);
    expect((await listed()).lastAttempt).toEqual(first);

    expect((await call('POST', `/events/${event.id}/redeliver`, { key: key.secretKey })).status).toBe(202);
    const [after] = await pollUntil(
      async () => (await call('GET', `/transactions/${id}/events`, { key: key.secretKey })).body.data,
      (events: any[]) => events[0]?.attempts.length === 2 && events[0].deliveryStatus === 'DELIVERED',
      20_000,
      100,
    );
    expect(after.attempts.map((attempt: { number: number }) => attempt.number)).toEqual([1, 2]);
    expect(after.attempts[0]).toEqual(first);
    expect((await listed()).lastAttempt).toMatchObject({ number: 2, statusCode: 200 });
    await dynamo().send(
      new DeleteCommand({ TableName: table, Key: keys.eventAttempt(key.accountId, id, 'cashin.paid', 1) }),
    );
  });

  it('with an older evt_<uuid> id are found through their lookup item, and redelivered', async () => {
    const key = await createKey(['createTransaction'], { postbackUrl: receiver.url });
    const { id } = await deliveredEvent(key.secretKey);
    useSharedStore();
    const table = sharedStack().tableName;
    const olderId = `evt_${randomUUID()}`;
    // Its own copy of the data, as the older layout kept it (marked, to see it is the one sent).
    const transaction = sharedView((await call('GET', `/transactions/${id}`, { key: key.secretKey })).body);
    const copy = { ...transaction, description: 'as it was copied' };
    await dynamo().send(
      new UpdateCommand({
        TableName: table,
        Key: keys.event(key.accountId, id, 'cashin.paid'),
        UpdateExpression: 'SET eventId = :id, #data = :data',
        ExpressionAttributeNames: { '#data': 'data' },
        ExpressionAttributeValues: { ':id': olderId, ':data': copy },
      }),
    );
    const redeliver = () => call('POST', `/events/${olderId}/redeliver`, { key: key.secretKey });
    expect((await redeliver()).status).toBe(404);
    await dynamo().send(
      new PutCommand({
        TableName: table,
        Item: {
          ...keys.eventById(key.accountId, olderId),
          entity: 'eventRef',
          transactionId: id,
          eventKind: 'cashin.paid',
        },
      }),
    );
    expect((await redeliver()).status).toBe(202);
    const [after] = await pollUntil(
      async () => (await call('GET', `/transactions/${id}/events`, { key: key.secretKey })).body.data,
      (events: any[]) => events[0]?.attempts.length === 2 && events[0].deliveryStatus === 'DELIVERED',
      20_000,
      100,
    );
    expect(after.id).toBe(olderId);
    expect(after.data).toEqual(withDocumentAccess(copy as unknown as TransactionView, 'masked'));
    const redelivered = receiver.received.at(-1)!;
    expect(redelivered.headers['webhook-id']).toBe(olderId);
    expect(JSON.parse(redelivered.body).data).toEqual(copy);
    // The id of the new layout no longer leads to this event: its stored id is the older one.
    expect((await call('POST', `/events/evt_${id}_paid/redeliver`, { key: key.secretKey })).status).toBe(404);
  });
});
