// Issue 28 item 2: an opt-in event type (cashin.expired) is written only for an account that
// opted in (PUT /v2/account/webhook `optInEventTypes`), inside the write that expires the
// transaction, and delivered like every event; an account that did not opt in has no such event
// to deliver or list. The choice is asserted by the write itself, so a choice changed after a
// stale read is neither lost nor ignored. The expiry runs the payment watch's use case with a
// clock past the deadline (no test waits for a charge to expire); everything else goes through
// HTTP and the shared stack's delivery worker.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSettings } from '../../shared/accounts/account-settings.ts';
import { deliverEvent } from '../../shared/events/deliver-event.ts';
import { getTransaction } from '../../shared/store/transactions.ts';
import { paySandboxTransaction } from '../../shared/transactions/sandbox-pay.ts';
import { watchPayment } from '../../shared/transactions/watch-payment.ts';
import { call, createKey, documentOf, pollUntil } from '../support/api.ts';
import { copBody } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver('/opt-in');
});
afterAll(async () => {
  await receiver.close();
});

/** An account whose global URL is the receiver, with the given opt-in types. */
async function merchant(optInEventTypes: string[]) {
  const account = await createKey(['createTransaction', 'manageAccount']);
  const set = await call('PUT', '/v2/account/webhook', {
    key: account.secretKey,
    body: { url: receiver.url, optInEventTypes },
  });
  expect(set.status, set.text).toBe(200);
  expect(set.body).toMatchObject({ url: receiver.url, optInEventTypes });
  return account;
}

/** A COP purchase with its instruction shown, as the payment watch reads it. */
async function filledPurchase(account: { secretKey: string; accountId: string }) {
  const created = await call('POST', '/transactions/v2/purchase', {
    key: account.secretKey,
    body: copBody(),
  });
  expect(created.status, created.text).toBe(201);
  const filled = await pollUntil(
    () => getTransaction(account.accountId, created.body.id, true),
    (tx) => Boolean(tx?.instructionFilledAt),
    15_000,
    50,
  );
  return filled!;
}

const afterExpiry = (tx: { expiresAt: string | null }, ms = 1000) => new Date(Date.parse(tx.expiresAt!) + ms);
const job = (tx: { accountId: string; id: string }) => ({
  accountId: tx.accountId,
  transactionId: tx.id,
  mode: 'notify' as const,
});
/** The payment watch past the deadline, without a first attempt of its own (the queue delivers). */
const expire = (tx: { accountId: string; id: string; expiresAt: string | null }) =>
  watchPayment(job(tx), afterExpiry(tx));
const eventsOf = async (key: string, id: string) =>
  (await call('GET', `/transactions/${id}/events`, { key })).body.data as Array<Record<string, any>>;
const deliveriesOf = (id: string) =>
  receiver.received.filter((entry) => JSON.parse(entry.body).data.id === id);

describe('opt-in event types', () => {
  it('an account that opted in receives one signed cashin.expired, the transaction as it expired', async () => {
    const account = await merchant(['cashin.expired']);
    const tx = await filledPurchase(account);
    // As the payment worker runs it: the first attempt is made here, on the event just written.
    const inline = { endBy: Date.now() + 30_000, deliver: deliverEvent };
    expect(await watchPayment(job(tx), afterExpiry(tx), inline)).toBe('expired');

    const [delivery] = await pollUntil(
      async () => deliveriesOf(tx.id),
      (list) => list.length >= 1,
      15_000,
      50,
    );
    const verified = new Webhook(account.webhookSecret!).verify(delivery!.body, {
      'webhook-id': String(delivery!.headers['webhook-id']),
      'webhook-timestamp': String(delivery!.headers['webhook-timestamp']),
      'webhook-signature': String(delivery!.headers['webhook-signature']),
    }) as any;
    expect(verified).toMatchObject({
      id: `evt_${tx.id}_expired`,
      type: 'cashin.expired',
      data: { id: tx.id, status: 'EXPIRED', paidAt: null, postbackUrl: receiver.url },
    });
    expect((await documentOf()).verifyComponent('CashinExpiredEvent', verified)).toEqual([]);

    const [event] = await pollUntil(
      () => eventsOf(account.secretKey, tx.id),
      (list) => list[0]?.deliveryStatus === 'DELIVERED',
      15_000,
      50,
    );
    expect(event).toMatchObject({ id: verified.id, type: 'cashin.expired', attemptCount: 1 });
    const listed = await call('GET', '/events?type=cashin.expired', { key: account.secretKey });
    expect(listed.body.data.map((entry: { id: string }) => entry.id)).toEqual([verified.id]);
    expect(deliveriesOf(tx.id)).toHaveLength(1);
  });

  it('an account that did not opt in has no cashin.expired to deliver or list', async () => {
    const account = await merchant([]);
    const tx = await filledPurchase(account);
    expect(await expire(tx)).toBe('expired');
    expect((await call('GET', `/transactions/${tx.id}`, { key: account.secretKey })).body.status).toBe(
      'EXPIRED',
    );
    // The event would have been written with the expiry, in the same transaction: none exists,
    // so nothing can be delivered later.
    expect(await eventsOf(account.secretKey, tx.id)).toEqual([]);
    const listed = await call('GET', '/events?type=cashin.expired', { key: account.secretKey });
    expect(listed.body.data).toEqual([]);
    expect(deliveriesOf(tx.id)).toEqual([]);
  });

  it('a choice changed after the expiring function read it is the one the write follows', async () => {
    // This process caches each account's settings (as a worker does): read them, then change the
    // choice through the API (another process), then expire here with the stale copy.
    const optsIn = await merchant([]);
    const optsOut = await merchant(['cashin.expired']);
    const [joining, leaving] = await Promise.all([filledPurchase(optsIn), filledPurchase(optsOut)]);
    expect((await accountSettings(optsIn.accountId))?.optInEventTypes ?? []).toEqual([]);
    expect((await accountSettings(optsOut.accountId))?.optInEventTypes).toEqual(['cashin.expired']);
    for (const [account, optInEventTypes] of [
      [optsIn, ['cashin.expired']],
      [optsOut, []],
    ] as const) {
      const changed = await call('PUT', '/v2/account/webhook', {
        key: account.secretKey,
        body: { optInEventTypes },
      });
      expect(changed.body).toMatchObject({ url: receiver.url, optInEventTypes });
    }

    expect(await expire(joining)).toBe('expired');
    expect(await expire(leaving)).toBe('expired');
    expect((await eventsOf(optsIn.secretKey, joining.id)).map((event) => event.type)).toEqual([
      'cashin.expired',
    ]);
    expect(await eventsOf(optsOut.secretKey, leaving.id)).toEqual([]);
  });

  it('a payment reported after the expiry adds cashin.paid; cashin.expired keeps the transaction as it expired', async () => {
    const account = await merchant(['cashin.expired']);
    const tx = await filledPurchase(account);
    const expiry = Date.parse(tx.expiresAt!);
    // Paid a second before the deadline, reported by the rail 5 s later (after our close).
    await paySandboxTransaction(tx, new Date(expiry - 1000), { settleAfterMs: 5000 });
    expect(await expire(tx)).toBe('expired');
    expect(await watchPayment(job(tx), new Date(expiry + 6000))).toBe('paid');

    const events = await pollUntil(
      () => eventsOf(account.secretKey, tx.id),
      (list) => list.length === 2 && list.every((event) => event.deliveryStatus === 'DELIVERED'),
      15_000,
      50,
    );
    const byType = Object.fromEntries(events.map((event) => [event.type, event]));
    expect(byType['cashin.expired']?.data).toMatchObject({ status: 'EXPIRED', paidAt: null });
    expect(byType['cashin.paid']?.data).toMatchObject({
      status: 'PAID',
      paidAt: new Date(expiry - 1000).toISOString(),
    });
    const sent = deliveriesOf(tx.id).map((entry) => JSON.parse(entry.body));
    expect(sent.map((body) => [body.type, body.data.status]).sort()).toEqual([
      ['cashin.expired', 'EXPIRED'],
      ['cashin.paid', 'PAID'],
    ]);
  });

  it('PUT /v2/account/webhook takes only opt-in types, and at least one setting', async () => {
    const account = await createKey(['manageAccount']);
    const always = await call('PUT', '/v2/account/webhook', {
      key: account.secretKey,
      body: { optInEventTypes: ['cashin.paid'] },
    });
    expect(always.status).toBe(400);
    expect(always.body.error).toMatch(/^optInEventTypes\[0\]: must be one of cashin\.expired/);
    const nothing = await call('PUT', '/v2/account/webhook', { key: account.secretKey, body: {} });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error).toMatch(/url, optInEventTypes/);
    const twice = await call('PUT', '/v2/account/webhook', {
      key: account.secretKey,
      body: { optInEventTypes: ['cashin.expired', 'cashin.expired'] },
    });
    expect(twice.body).toMatchObject({ url: null, optInEventTypes: ['cashin.expired'] });
    expect(
      (await call('GET', '/v2/account/webhook', { key: account.secretKey })).body.optInEventTypes,
    ).toEqual(['cashin.expired']);
  });
});
