// What a checkout sold, found again: the transaction names its offer, product, session and link
// on GET, in listings and in `cashin.paid`; GET /transactions filters by them; GET
// /v2/checkout-sessions lists the account's sessions (one link's alone) page by page. Sales go
// through POST /v2/checkout-sessions and the hosted form's submit (`submitCheckout`, run by this
// process's own store code, as checkout-submit.test.ts does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formFields } from '../../shared/checkout/checkout-form.ts';
import { newCheckoutSession } from '../../shared/checkout/create-checkout-session.ts';
import { saleMethods } from '../../shared/checkout/sale-methods.ts';
import { sellableOffer } from '../../shared/checkout/sellable-offer.ts';
import { submitCheckout } from '../../shared/checkout/submit-checkout.ts';
import { insertCheckoutSession } from '../../shared/store/checkout-sessions.ts';
import { getPaymentLinkRecord } from '../../shared/store/payment-links.ts';
import { call, createKey, pollUntil, useSharedStore } from '../support/api.ts';
import { pixBody, validCnpj, validCpf } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

interface Seller {
  accountId: string;
  key: string;
}

let receiver: WebhookReceiver;

/** An account that can sell in BRL: a selling key, and its document set by a managing key. */
async function newSeller(): Promise<Seller> {
  const selling = await createKey(['createTransaction', 'isInvoiceAvailable']);
  const manager = (await createKey(['manageAccount'], { accountId: selling.accountId })).secretKey;
  const settings = await call('PUT', '/v2/account/settings', {
    key: manager,
    body: { responsibleDocument: validCnpj },
  });
  expect(settings.status, settings.text).toBe(200);
  useSharedStore();
  return { accountId: selling.accountId, key: selling.secretKey };
}

const api = (seller: Seller, method: string, path: string, body?: unknown) =>
  call(method, path, { key: seller.key, ...(body === undefined ? {} : { body }) });

async function newOffer(seller: Seller, amount = 4_990): Promise<{ id: string; productId: string }> {
  const product = (await api(seller, 'POST', '/v2/products', { name: 'Caneca' })).body;
  const offer = await api(seller, 'POST', '/v2/offers', { productId: product.id, name: 'Azul', amount });
  expect(offer.status, offer.text).toBe(201);
  return offer.body;
}

/** A session opened through the API. */
async function openSession(seller: Seller, offerId: string): Promise<{ id: string; token: string }> {
  const response = await api(seller, 'POST', '/v2/checkout-sessions', {
    offerId,
    paymentMethods: ['PIX'],
    postbackUrl: receiver.url,
  });
  expect(response.status, response.text).toBe(201);
  return { id: response.body.id, token: new URL(response.body.url).pathname.split('/').at(-1)! };
}

/** A session as a visit of the link's page opens it: the link's terms and methods, its id. */
async function openSessionOfLink(seller: Seller, linkId: string): Promise<{ id: string; token: string }> {
  const link = (await getPaymentLinkRecord(linkId))!;
  const sale = await sellableOffer(seller.accountId, link.offerId);
  const methods = saleMethods({ amount: link.amount, currency: link.currency }, ['PIX']);
  const record = newCheckoutSession(
    seller.accountId,
    { sale, methods, terms: link.terms, paymentLinkId: link.id },
    { postbackUrl: receiver.url },
    new Date(),
  );
  await insertCheckoutSession(record);
  return { id: record.id, token: `${record.id}.${record.secret}` };
}

/** The payer submits the form; answers the transaction it created. */
async function pay(seller: Seller, session: { id: string; token: string }): Promise<string> {
  await submitCheckout(
    session.token,
    formFields(
      new URLSearchParams({
        name: 'Rita Lobo',
        email: 'rita@example.com',
        phone: '11987654321',
        cpf: validCpf,
      }).toString(),
    ),
  );
  const completed = (await api(seller, 'GET', `/v2/checkout-sessions/${session.id}`)).body;
  expect(completed.status).toBe('COMPLETE');
  return completed.transactionId;
}

const ids = (page: { data: Array<{ id: string }> }) => page.data.map((item) => item.id);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver.close();
});

describe('transactions a checkout sold', () => {
  it('name their offer, product, session and link on GET, in listings, filters and cashin.paid', async () => {
    const seller = await newSeller();
    const offer = await newOffer(seller);
    const other = await newOffer(seller, 1_000);
    const link = (await api(seller, 'POST', '/v2/payment-links', { offerId: offer.id })).body;

    const direct = await openSession(seller, offer.id);
    const directTx = await pay(seller, direct);
    const viaLink = await openSessionOfLink(seller, link.id);
    const linkTx = await pay(seller, viaLink);
    const otherTx = await pay(seller, await openSession(seller, other.id));
    const plain = await api(seller, 'POST', '/transactions/v2/purchase', pixBody());
    expect(plain.status, plain.text).toBe(201);

    const sold = {
      offerId: offer.id,
      productId: offer.productId,
      checkoutSessionId: viaLink.id,
      paymentLinkId: link.id,
    };
    expect((await api(seller, 'GET', `/transactions/${linkTx}`)).body).toMatchObject(sold);
    expect((await api(seller, 'GET', `/transactions/${directTx}`)).body).toMatchObject({
      ...sold,
      checkoutSessionId: direct.id,
      paymentLinkId: null,
    });
    // The listing shows the same fields; a purchase made through the API has none of them.
    const listed = (await api(seller, 'GET', '/transactions')).body;
    expect(ids(listed)).toEqual([plain.body.id, otherTx, linkTx, directTx]);
    expect(listed.data[2]).toMatchObject(sold);
    expect(Object.keys(listed.data[0])).not.toContain('offerId');

    const filtered = async (query: string) => {
      const response = await api(seller, 'GET', `/transactions?${query}`);
      expect(response.status, response.text).toBe(200);
      return response.body;
    };
    expect(ids(await filtered(`offerId=${offer.id}`))).toEqual([linkTx, directTx]);
    expect(ids(await filtered(`paymentLinkId=${link.id}`))).toEqual([linkTx]);
    const bySession = await filtered(`checkoutSessionId=${direct.id}`);
    expect(bySession).toMatchObject({ data: [{ id: directTx }], nextCursor: null });
    // It combines with the other filters, and a session without a transaction has none to list.
    expect(ids(await filtered(`checkoutSessionId=${direct.id}&status=PAID`))).toEqual([]);
    expect(ids(await filtered(`checkoutSessionId=${(await openSession(seller, offer.id)).id}`))).toEqual([]);
    // Another account's ids find nothing of theirs.
    const stranger = await newSeller();
    expect(ids((await api(stranger, 'GET', `/transactions?checkoutSessionId=${direct.id}`)).body)).toEqual(
      [],
    );
    expect(ids((await api(stranger, 'GET', `/transactions?offerId=${offer.id}`)).body)).toEqual([]);

    // The payer pays: cashin.paid carries the same fields in `data`.
    await pollUntil(
      async () => (await api(seller, 'GET', `/transactions/${linkTx}`)).body,
      (transaction) => Boolean(transaction.qr),
      10_000,
      50,
    );
    expect((await api(seller, 'POST', `/sandbox/transactions/${linkTx}/pay`)).status).toBe(202);
    const delivery = await pollUntil(
      async () =>
        receiver.received
          .map((request) => JSON.parse(request.body))
          .find((event) => event.type === 'cashin.paid' && event.data.id === linkTx),
      (event) => event !== undefined,
      15_000,
      50,
    );
    expect(delivery.data).toMatchObject({ status: 'PAID', ...sold });
    expect(ids(await filtered(`checkoutSessionId=${viaLink.id}&status=PAID`))).toEqual([linkTx]);
    // Each route's first call starts its function (a second or two on a busy machine).
  }, 60_000);

  it.each([
    ['offerId', 'off_1', 'offerId: must be an offer id (off_ and a UUID)'],
    ['paymentLinkId', 'plink_x', 'paymentLinkId: must be a payment link id (plink_ and a UUID)'],
    ['checkoutSessionId', 'cs', 'checkoutSessionId: must be a checkout session id (cs_ and a UUID)'],
  ])('answers 400 for a %s that cannot be one', async (name, value, message) => {
    const response = await call('GET', `/transactions?${name}=${value}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });
});

describe('GET /v2/checkout-sessions', () => {
  it("lists the account's sessions newest first, page by page, and one link's alone", async () => {
    const seller = await newSeller();
    const offer = await newOffer(seller);
    const link = (await api(seller, 'POST', '/v2/payment-links', { offerId: offer.id })).body;
    const first = await openSessionOfLink(seller, link.id);
    const second = await openSession(seller, offer.id);
    const third = await openSessionOfLink(seller, link.id);
    const transactionId = await pay(seller, first);

    const pageOne = (await api(seller, 'GET', '/v2/checkout-sessions?limit=2')).body;
    expect(ids(pageOne)).toEqual([third.id, second.id]);
    expect(pageOne.data[0]).toMatchObject({
      status: 'OPEN',
      offerId: offer.id,
      paymentLinkId: link.id,
      transactionId: null,
    });
    const pageTwo = (await api(seller, 'GET', `/v2/checkout-sessions?limit=2&cursor=${pageOne.nextCursor}`))
      .body;
    expect(pageTwo).toMatchObject({
      data: [{ id: first.id, status: 'COMPLETE', transactionId }],
      nextCursor: null,
    });
    expect(ids((await api(seller, 'GET', `/v2/checkout-sessions?paymentLinkId=${link.id}`)).body)).toEqual([
      third.id,
      first.id,
    ]);

    // The cursor is this account's; the filter names a link; the route is for selling keys.
    const stranger = await newSeller();
    expect((await api(stranger, 'GET', `/v2/checkout-sessions?cursor=${pageOne.nextCursor}`)).status).toBe(
      400,
    );
    expect((await api(stranger, 'GET', '/v2/checkout-sessions')).body).toEqual({
      data: [],
      nextCursor: null,
    });
    const badLink = await api(seller, 'GET', '/v2/checkout-sessions?paymentLinkId=nope');
    expect(badLink.body).toEqual({
      status: 400,
      error: 'paymentLinkId: must be a payment link id (plink_ and a UUID)',
    });
    const manager = (await createKey(['manageAccount'], { accountId: seller.accountId })).secretKey;
    expect((await call('GET', '/v2/checkout-sessions', { key: manager })).status).toBe(403);
  });
});
