// Subscriptions over HTTP, for each method that charges each cycle anew: cycle 1 charged at
// creation, paid in the sandbox, the next cycle run now (sandbox next-cycle), an unpaid cycle
// making the subscription PAST_DUE and a paid one ACTIVE again, the merchant's cancel, two
// next-cycle calls at once charging their cycle once, a cycle whose charge the rail keeps refusing
// given up after its attempts, and the offers that cannot take one.
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods, recurringDebitMethod } from '../../shared/payment-methods.ts';
import { sandboxRefusedRenewalsName } from '../../shared/rails/sandbox/sandbox-renewal-refusal.ts';
import { dueSubscriptions, getSubscription } from '../../shared/store/subscriptions.ts';
import { maxChargeAttempts } from '../../shared/subscriptions/charge-retry.ts';
import { cycleChargeAt } from '../../shared/subscriptions/cycle-schedule.ts';
import { runCycleSteps } from '../../shared/subscriptions/run-cycle-steps.ts';
import { call, createKey, pollUntil, useSharedStore } from '../support/api.ts';
import { boletoBody, checkoutFormFor, validCnpj, validCpf } from '../support/purchase-fixtures.ts';
import { createRecurringOffer } from '../support/recurring-offer.ts';

const cycleMethods = paymentMethods.filter((row) => 'chargesCycles' in row && row.chargesCycles);

let seller: string;
let manager: string;
const api = (method: string, path: string, body?: unknown, key = seller) =>
  call(method, path, { key, ...(body === undefined ? {} : { body }) });

const newOffer = (offer: Record<string, unknown> = {}) =>
  createRecurringOffer(api, 'Clube do livro', {
    name: 'Mensal',
    amount: 4_990,
    billingCycle: 'MONTHLY',
    ...offer,
  });

const customer = {
  name: 'Maria da Silva',
  email: 'maria@example.com.br',
  phone: '(11) 91234-5678',
  document: validCpf,
  address: boletoBody().boletoAddress,
};

async function subscribe(offerId: string, paymentMethod: string, extra: Record<string, unknown> = {}) {
  const response = await api('POST', '/v2/subscriptions', { offerId, customer, paymentMethod, ...extra });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const readSubscription = async (id: string) => (await api('GET', `/v2/subscriptions/${id}`)).body;
const readTransaction = async (id: string) => (await api('GET', `/transactions/${id}`)).body;

/** Pays a cycle's charge in the sandbox once its instruction is filled, and waits for PAID. */
async function payCharge(transactionId: string) {
  await pollUntil(
    () => readTransaction(transactionId),
    (tx) => tx.qr !== null || tx.boletoDigitableLine !== null,
  );
  const pay = await api('POST', `/sandbox/transactions/${transactionId}/pay`);
  expect(pay.status, pay.text).toBe(202);
  const paid = await pollUntil(
    () => readTransaction(transactionId),
    (tx) => tx.status === 'PAID',
  );
  expect(paid.status).toBe('PAID');
}

const eventTypesOf = async (transactionId: string) =>
  ((await api('GET', `/transactions/${transactionId}/events`)).body.data as Array<{ type: string }>)
    .map((event) => event.type)
    .sort();

beforeAll(async () => {
  const selling = await createKey(['createTransaction', 'isInvoiceAvailable']);
  seller = selling.secretKey;
  manager = (await createKey(['manageAccount'], { accountId: selling.accountId })).secretKey;
  const settings = await api('PUT', '/v2/account/settings', { responsibleDocument: validCnpj }, manager);
  expect(settings.status, settings.text).toBe(200);
});

describe.each(cycleMethods.map((row) => [row.method]))('%s subscriptions', (method) => {
  it('charge cycle 1 at creation, cycle 2 on next-cycle, each a transaction naming its cycle', async () => {
    const offer = await newOffer();
    const created = await subscribe(offer.id, method, { externalId: `club-${method}-${Date.now()}` });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^sub_[0-9a-f]{32}$/),
      status: 'ACTIVE',
      offerId: offer.id,
      productId: offer.productId,
      amount: 4_990,
      currency: 'BRL',
      billingCycle: 'MONTHLY',
      paymentMethod: method,
      authorization: null,
      currentCycle: 1,
      nextChargeDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const first = created.currentTransactionId as string;
    expect(await readTransaction(first)).toMatchObject({
      subscriptionId: created.id,
      cycle: 1,
      amount: 4_990,
      method,
      offerId: offer.id,
    });
    await payCharge(first);
    expect(await eventTypesOf(first)).toEqual([
      'cashin.paid',
      'subscription.activated',
      'subscription.charge_created',
    ]);

    const run = await api('POST', `/sandbox/subscriptions/${created.id}/next-cycle`);
    expect(run.status, run.text).toBe(200);
    expect(run.body.subscription).toMatchObject({ status: 'ACTIVE', currentCycle: 2 });
    const second = run.body.transactionId as string;
    expect(second).not.toBe(first);
    expect(await readTransaction(second)).toMatchObject({ subscriptionId: created.id, cycle: 2 });
    await payCharge(second);
    expect(await readSubscription(created.id)).toMatchObject({ status: 'ACTIVE', currentCycle: 2 });
    const listed = await api('GET', '/v2/subscriptions?status=ACTIVE&limit=100');
    expect(listed.body.data.map((sub: { id: string }) => sub.id)).toContain(created.id);
  });

  it('an unpaid cycle makes it PAST_DUE; paying the next makes it ACTIVE again', async () => {
    const created = await subscribe((await newOffer()).id, method);
    const run = await api('POST', `/sandbox/subscriptions/${created.id}/next-cycle`);
    expect(run.status, run.text).toBe(200);
    expect(run.body.subscription).toMatchObject({ status: 'PAST_DUE', currentCycle: 2 });
    expect(await eventTypesOf(created.currentTransactionId)).toContain('subscription.past_due');
    await payCharge(run.body.transactionId);
    const active = await pollUntil(
      () => readSubscription(created.id),
      (sub) => sub.status === 'ACTIVE',
    );
    expect(active.status).toBe('ACTIVE');
    expect(await eventTypesOf(run.body.transactionId)).toContain('subscription.activated');
  });
});

describe('a subscription', () => {
  const [row] = cycleMethods;
  const method = row!.method;

  it('canceled by the merchant charges no more cycles', async () => {
    const created = await subscribe((await newOffer()).id, method);
    const canceled = await api('POST', `/v2/subscriptions/${created.id}/cancel`);
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.body).toMatchObject({
      status: 'CANCELED',
      cancelReason: 'MERCHANT',
      canceledAt: expect.any(String),
      nextChargeDate: null,
    });
    expect((await api('POST', `/v2/subscriptions/${created.id}/cancel`)).body.status).toBe('CANCELED');
    const run = await api('POST', `/sandbox/subscriptions/${created.id}/next-cycle`);
    expect(run.status).toBe(409);
    expect(await eventTypesOf(created.currentTransactionId)).toContain('subscription.canceled');
  });

  it('charges its cycle once when next-cycle runs twice at once', async () => {
    const created = await subscribe((await newOffer()).id, method);
    const runs = await Promise.all(
      [1, 2, 3].map(() => api('POST', `/sandbox/subscriptions/${created.id}/next-cycle`)),
    );
    for (const run of runs) expect(run.status, run.text).toBe(200);
    const charged = new Set(runs.map((run) => run.body.transactionId));
    expect(charged.size).toBe(1);
    const subscription = await readSubscription(created.id);
    expect(subscription.currentCycle).toBe(2);
    const listed = await api('GET', `/transactions?offerId=${created.offerId}&limit=100`);
    expect(listed.body.data.map((tx: { cycle: number }) => tx.cycle).sort()).toEqual([1, 2]);
  });

  it("is found by the cycle job's due index on its charge day, and its steps run there", async () => {
    useSharedStore();
    const created = await subscribe((await newOffer()).id, method);
    const accountId = (await api('GET', '/v2/account')).body.accountId as string;
    const stored = (await getSubscription(accountId, created.id, true))!;
    const chargeDay = cycleChargeAt(stored.firstDueDate, stored.billingCycle, 2);
    // Due on cycle 2's charge day (cycle 1's deadline comes first, and the index holds it).
    const before = (await dueSubscriptions(new Date(chargeDay.getTime() - 40 * 86_400_000), 1000)).map(
      (entry) => entry.id,
    );
    expect(before).not.toContain(created.id);
    const due = (await dueSubscriptions(chargeDay, 1000)).map((entry) => entry.id);
    expect(due).toContain(created.id);
    // The job's steps at that instant: cycle 1 ended unpaid, cycle 2 charged.
    const after = await runCycleSteps(stored, chargeDay);
    expect(after).toMatchObject({ status: 'PAST_DUE', currentCycle: 2, unpaidCycles: 1 });
    expect((await readTransaction(after.currentTransactionId!)).cycle).toBe(2);
    // A second run at the same instant finds nothing more to do.
    expect(await runCycleSteps(after, chargeDay)).toMatchObject({ currentCycle: 2 });
  });

  it('gives a cycle up when the rail refuses its charge at every attempt: PAST_DUE and one event', async () => {
    useSharedStore();
    const refused = { customer: { ...customer, name: sandboxRefusedRenewalsName } };
    const created = await subscribe((await newOffer()).id, method, refused);
    const first = created.currentTransactionId as string;
    await payCharge(first);
    const nextCycle = () => api('POST', `/sandbox/subscriptions/${created.id}/next-cycle`);

    // The cycle job on cycle 2's charge day: the attempt fails, and the job comes back at the
    // retry's time (its due-index entry moves there), not at its next minute.
    const accountId = (await api('GET', '/v2/account')).body.accountId as string;
    const stored = (await getSubscription(accountId, created.id, true))!;
    const chargeDay = cycleChargeAt(stored.firstDueDate, stored.billingCycle, 2);
    const { chargeRetry } = await runCycleSteps(stored, chargeDay);
    expect(chargeRetry).toEqual({ cycle: 2, attempts: 1, at: expect.any(String) });
    const retryAt = new Date(chargeRetry!.at);
    expect(retryAt.getTime()).toBeGreaterThan(chargeDay.getTime());
    const dueIds = async (at: Date) => (await dueSubscriptions(at, 1000)).map((entry) => entry.id);
    expect(await dueIds(new Date(retryAt.getTime() - 1_000))).not.toContain(created.id);
    expect(await dueIds(retryAt)).toContain(created.id);

    for (let attempt = 2; attempt < maxChargeAttempts; attempt += 1)
      expect((await nextCycle()).body.subscription).toMatchObject({ status: 'ACTIVE', currentCycle: 1 });
    const givenUp = await nextCycle();
    expect(givenUp.body).toMatchObject({
      transactionId: null,
      subscription: { status: 'PAST_DUE', currentCycle: 2, currentTransactionId: first },
    });
    const events = await eventTypesOf(first);
    expect(events.filter((type) => type === 'subscription.past_due')).toHaveLength(1);
    const listed = await api('GET', `/transactions?offerId=${created.offerId}&limit=100`);
    expect(listed.body.data.map((tx: { cycle: number }) => tx.cycle)).toEqual([1]);
  });

  it("is made by a recurring offer's checkout session: the form subscribes, once, and cycle 1 completes the session", async () => {
    const offer = await newOffer();
    const session = await api('POST', '/v2/checkout-sessions', { offerId: offer.id });
    expect(session.status, session.text).toBe(201);
    expect(session.body.paymentMethods).toEqual(cycleMethods.map((row) => row.method));
    const token = new URL(session.body.url).pathname.split('/').at(-1)!;
    // The payer is told the price repeats before subscribing.
    const page = await fetch(session.body.url);
    const html = await page.text();
    expect(html).toContain('R$\u00a049,90 por mês');
    expect(html).toContain('data-testid="recurrence"');
    // A stage without a Pix Automático PSP offers only the methods that charge each cycle anew.
    expect(html).not.toContain('PIX_AUTOMATICO');
    const form = new URLSearchParams(checkoutFormFor(row!)).toString();
    const post = () =>
      call('POST', `/checkout/${token}`, {
        key: null,
        rawBody: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const [first, second] = await Promise.all([post(), post()]);
    expect(first.status, first.text).toBe(303);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    const completed = (await api('GET', `/v2/checkout-sessions/${session.body.id}`)).body;
    expect(completed.status).toBe('COMPLETE');
    const charge = await readTransaction(completed.transactionId);
    expect(charge).toMatchObject({ cycle: 1, method, offerId: offer.id, checkoutSessionId: session.body.id });
    expect(await readSubscription(charge.subscriptionId)).toMatchObject({
      status: 'ACTIVE',
      currentCycle: 1,
      currentTransactionId: completed.transactionId,
      paymentMethod: method,
    });
  });

  it.each([
    ['a one-time offer', { billingCycle: null }, /^offerId: is a one-time offer/],
    ['an offer in COP', { currency: 'COP', amount: 5_000_000 }, /^offerId: is priced in COP/],
  ])('refuses %s', async (_case, offer, message) => {
    const response = await api('POST', '/v2/subscriptions', {
      offerId: (await newOffer(offer)).id,
      customer,
      paymentMethod: method,
    });
    expect(response.status, response.text).toBe(400);
    expect(response.body.error ?? response.body.message).toMatch(message);
  });

  it('refuses an inactive offer and an archived product, not a deactivated product', async () => {
    const inactive = await newOffer();
    await api('PATCH', `/v2/offers/${inactive.id}`, { active: false });
    const refused = await api('POST', '/v2/subscriptions', {
      offerId: inactive.id,
      customer,
      paymentMethod: method,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/offer is inactive/);

    const archived = await newOffer();
    expect((await api('DELETE', `/v2/products/${archived.productId}`)).status).toBeLessThan(300);
    const gone = await api('POST', '/v2/subscriptions', {
      offerId: archived.id,
      customer,
      paymentMethod: method,
    });
    expect(JSON.stringify(gone.body)).toMatch(/archived/);

    const paused = await newOffer();
    await api('PATCH', `/v2/products/${paused.productId}`, { active: false });
    await subscribe(paused.id, method);
  });

  it(`answers 422 naming paymentMethod for ${recurringDebitMethod} on a stage without its PSP`, async () => {
    const response = await api('POST', '/v2/subscriptions', {
      offerId: (await newOffer()).id,
      customer,
      paymentMethod: recurringDebitMethod,
    });
    expect(response.status, response.text).toBe(422);
    expect(JSON.stringify(response.body)).toMatch(
      /paymentMethod: PIX_AUTOMATICO is not available on this stage/,
    );
  });
});
