// Checkout sessions and payment links over HTTP: selling an offer of the catalog, with the sale's
// terms taken from the account's settings, and every way an offer cannot be sold refused by name.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { offerAmountRange } from '../../shared/catalog/offer-amounts.ts';
import { methodsForOffer } from '../../shared/checkout/sale-methods.ts';
import { purchaseCurrencies } from '../../shared/payment-methods.ts';
import { keys } from '../../shared/store/keys.ts';
import { call, createKey, sharedStack, useSharedStore } from '../support/api.ts';
import { validCnpj } from '../support/purchase-fixtures.ts';

const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let seller: string;
let manager: string;
const api = (method: string, path: string, body?: unknown, key = seller) =>
  call(method, path, { key, ...(body === undefined ? {} : { body }) });

async function newOffer(
  offer: { amount?: number; currency?: string } = {},
  key = seller,
): Promise<{ id: string; productId: string; amount: number; currency: string }> {
  const product = await api('POST', '/v2/products', { name: 'Curso de fotografia' }, key);
  expect(product.status).toBe(201);
  const response = await api(
    'POST',
    '/v2/offers',
    { productId: product.body.id, name: 'Acesso vitalício', amount: 19_900, ...offer },
    key,
  );
  expect(response.status, response.text).toBe(201);
  return response.body;
}

beforeAll(async () => {
  // One account: a selling key and the dashboard's managing key.
  const selling = await createKey(['createTransaction', 'isInvoiceAvailable']);
  seller = selling.secretKey;
  manager = (await createKey(['manageAccount'], { accountId: selling.accountId })).secretKey;
  const settings = await api('PUT', '/v2/account/settings', { responsibleDocument: validCnpj }, manager);
  expect(settings.status, settings.text).toBe(200);
});

describe('/v2/account/settings', () => {
  it('keeps the document without punctuation, sets fields one at a time and clears with null', async () => {
    const key = (await createKey(['manageAccount'])).secretKey;
    const zone = 'America/Sao_Paulo';
    expect((await api('GET', '/v2/account/settings', undefined, key)).body).toEqual({
      responsibleDocument: null,
      responsibleExternalId: null,
      timeZone: zone,
    });
    const first = await api('PUT', '/v2/account/settings', { responsibleDocument: validCnpj }, key);
    expect(first.body).toEqual({
      responsibleDocument: '11222333000181',
      responsibleExternalId: null,
      timeZone: zone,
    });
    const second = await api('PUT', '/v2/account/settings', { responsibleExternalId: 'loja-42' }, key);
    expect(second.body).toEqual({
      responsibleDocument: '11222333000181',
      responsibleExternalId: 'loja-42',
      timeZone: zone,
    });
    const cleared = await api('PUT', '/v2/account/settings', { responsibleDocument: null }, key);
    expect(cleared.body).toEqual({
      responsibleDocument: null,
      responsibleExternalId: 'loja-42',
      timeZone: zone,
    });
    expect((await api('GET', '/v2/account/settings', undefined, key)).body).toEqual(cleared.body);
    const bogota = await api('PUT', '/v2/account/settings', { timeZone: 'America/Bogota' }, key);
    expect(bogota.body.timeZone).toBe('America/Bogota');
    const reset = await api('PUT', '/v2/account/settings', { timeZone: null }, key);
    expect(reset.body.timeZone).toBe(zone);
  });

  it.each([
    [
      'an invalid CNPJ',
      { responsibleDocument: '11.222.333/0001-82' },
      /^responsibleDocument: is not a valid CNPJ/,
    ],
    [
      'an empty body',
      {},
      /^body: must contain at least one of responsibleDocument, responsibleExternalId, timeZone$/,
    ],
    ['an unknown time zone', { timeZone: 'America/Atlantis' }, /^timeZone: must be an IANA time zone/],
    ['an unknown field', { fees: {} }, /^fees: unknown field$/],
  ])('answers 400 for %s', async (_case, body, message) => {
    const response = await api('PUT', '/v2/account/settings', body, manager);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 400, error: expect.stringMatching(message) });
  });

  it('belongs to manageAccount keys', async () => {
    expect((await api('GET', '/v2/account/settings')).status).toBe(403);
  });
});

describe('POST /v2/checkout-sessions', () => {
  it.each(purchaseCurrencies)(
    'opens a session for a %s offer with every method that can collect it',
    async (currency) => {
      const amount = offerAmountRange(currency).min;
      const offer = await newOffer({ amount, currency });
      const response = await api('POST', '/v2/checkout-sessions', { offerId: offer.id });
      expect(response.status, response.text).toBe(201);
      const session = response.body;
      expect(session).toEqual({
        id: expect.stringMatching(/^cs_[0-9a-f-]{36}$/),
        url: expect.stringMatching(
          new RegExp(`^${sharedStack().baseUrl}/checkout/cs_[0-9a-f-]{36}\\.[\\w-]{32}$`),
        ),
        status: 'OPEN',
        offerId: offer.id,
        productId: offer.productId,
        amount,
        currency,
        paymentMethods: methodsForOffer({ amount, currency }),
        customer: { name: null, email: null, phone: null, document: null },
        successUrl: null,
        cancelUrl: null,
        externalId: null,
        postbackUrl: null,
        sendEmails: true,
        metadata: {},
        paymentLinkId: null,
        transactionId: null,
        expiresAt: expect.stringMatching(iso),
        createdAt: expect.stringMatching(iso),
      });
      expect(session.paymentMethods.length).toBeGreaterThan(0);
      expect(Date.parse(session.expiresAt) - Date.parse(session.createdAt)).toBe(86_400_000);
      expect((await api('GET', `/v2/checkout-sessions/${session.id}`)).body).toEqual(session);
    },
  );

  it('keeps what the merchant sent: methods, customer, return URLs, expiry, reference, sendEmails and metadata', async () => {
    const offer = await newOffer({ amount: 5_000_000, currency: 'COP' });
    const body = {
      offerId: offer.id,
      paymentMethods: ['NEQUI', 'PSE'],
      customer: {
        name: ' Ana María ',
        email: 'ana@example.com',
        phone: '+573001234567',
        document: '1020304050',
      },
      successUrl: 'https://tienda.example.com/gracias',
      cancelUrl: 'https://tienda.example.com/carrito',
      expiresIn: 1800,
      externalId: 'pedido-981',
      postbackUrl: 'https://tienda.example.com/webhooks',
      sendEmails: false,
      metadata: { cart: [1, 2] },
    };
    const response = await api('POST', '/v2/checkout-sessions', body);
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      // In the catalogue's order, whatever the request's.
      paymentMethods: ['PSE', 'NEQUI'],
      customer: {
        name: 'Ana María',
        email: 'ana@example.com',
        phone: '+573001234567',
        document: '1020304050',
      },
      successUrl: body.successUrl,
      cancelUrl: body.cancelUrl,
      externalId: 'pedido-981',
      postbackUrl: body.postbackUrl,
      sendEmails: false,
      metadata: { cart: [1, 2] },
    });
    expect(Date.parse(response.body.expiresAt) - Date.parse(response.body.createdAt)).toBe(1_800_000);
    expect((await api('GET', `/v2/checkout-sessions/${response.body.id}`)).body).toEqual(response.body);
  });

  it('refuses an offer that cannot be sold, naming why', async () => {
    const inactiveOffer = await newOffer();
    expect((await api('PATCH', `/v2/offers/${inactiveOffer.id}`, { active: false })).status).toBe(200);
    const inactiveProduct = await newOffer();
    expect((await api('PATCH', `/v2/products/${inactiveProduct.productId}`, { active: false })).status).toBe(
      200,
    );
    const archived = await newOffer();
    expect((await api('DELETE', `/v2/products/${archived.productId}`)).status).toBe(200);
    for (const [offer, reason] of [
      [inactiveOffer, 'the offer is inactive'],
      [inactiveProduct, 'its product is inactive'],
      [archived, 'its product is archived'],
    ] as const) {
      for (const path of ['/v2/checkout-sessions', '/v2/payment-links']) {
        const response = await api('POST', path, { offerId: offer.id });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ status: 400, error: `offerId: cannot be sold: ${reason}` });
      }
    }
  });

  it("refuses a BRL sale until the account names its document, and another account's offer", async () => {
    const other = await createKey(['createTransaction', 'isInvoiceAvailable']);
    const offer = await newOffer({}, other.secretKey);
    const refused = await api('POST', '/v2/checkout-sessions', { offerId: offer.id }, other.secretKey);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(
      /^offerId: a BRL sale names the merchant's CPF or CNPJ; set responsibleDocument/,
    );
    // COP names the payer, not the merchant: no setting needed.
    const cop = await newOffer({ amount: 2_000_000, currency: 'COP' }, other.secretKey);
    expect((await api('POST', '/v2/checkout-sessions', { offerId: cop.id }, other.secretKey)).status).toBe(
      201,
    );

    const foreign = await api('POST', '/v2/checkout-sessions', { offerId: offer.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ status: 404, error: 'offerId: no such offer in this account' });
  });

  it.each([
    [
      'a method of another currency',
      { paymentMethods: ['PSE'] },
      /^paymentMethods\[0\]: PSE cannot collect this offer \(BRL 19900 cents\)/,
    ],
    ['a method twice', { paymentMethods: ['PIX', 'PIX'] }, /^paymentMethods: must not name a method twice$/],
    ['no method', { paymentMethods: [] }, /^paymentMethods: must name at least one payment method$/],
    ['an unknown method', { paymentMethods: ['CASH'] }, /^paymentMethods\[0\]: must be one of /],
    [
      'an expiry under 30 minutes',
      { expiresIn: 60 },
      /^expiresIn: must be an integer number of seconds between 1800 and 86400$/,
    ],
    [
      'a success URL that is not one',
      { successUrl: 'javascript:alert(1)' },
      /^successUrl: must be an absolute http or https URL$/,
    ],
    [
      'a customer e-mail that is not one',
      { customer: { email: 'ana' } },
      /^customer\.email: must be a valid e-mail address$/,
    ],
    ['an unknown customer field', { customer: { cpf: '1' } }, /^customer\.cpf: unknown field$/],
    ['no offerId', { offerId: undefined }, /^offerId: is required$/],
  ])('answers 400 for %s', async (_case, change, message) => {
    const offer = await newOffer();
    const response = await api('POST', '/v2/checkout-sessions', { offerId: offer.id, ...change });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 400, error: expect.stringMatching(message) });
  });

  it('is EXPIRED once its time passes without a transaction', async () => {
    const offer = await newOffer();
    const session = (await api('POST', '/v2/checkout-sessions', { offerId: offer.id, expiresIn: 1800 })).body;
    useSharedStore();
    await dynamo().send(
      new UpdateCommand({
        TableName: sharedStack().tableName,
        Key: keys.checkoutSession(session.id),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect((await api('GET', `/v2/checkout-sessions/${session.id}`)).body.status).toBe('EXPIRED');
  });

  it("answers 404 for an unknown, malformed or another account's session", async () => {
    const other = await createKey(['createTransaction', 'isInvoiceAvailable']);
    const cop = await newOffer({ amount: 2_000_000, currency: 'COP' }, other.secretKey);
    const theirs = (await api('POST', '/v2/checkout-sessions', { offerId: cop.id }, other.secretKey)).body;
    for (const id of ['cs_00000000-0000-4000-8000-000000000000', 'cs_nope', theirs.id]) {
      const response = await api('GET', `/v2/checkout-sessions/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: 404, error: 'id: no such checkout session in this account' });
    }
  });
});

describe('/v2/payment-links', () => {
  it('makes, reads, lists newest first and turns links off and on', async () => {
    const key = (await createKey(['createTransaction', 'isInvoiceAvailable'])).secretKey;
    const offer = await newOffer({ amount: 10_000, currency: 'BOB' }, key);
    const made = [];
    for (const body of [
      { offerId: offer.id },
      { offerId: offer.id, paymentMethods: ['QR'], active: false },
    ]) {
      const response = await api('POST', '/v2/payment-links', body, key);
      expect(response.status, response.text).toBe(201);
      made.push(response.body);
    }
    expect(made[0]).toEqual({
      id: expect.stringMatching(/^plink_[0-9a-f-]{36}$/),
      url: `${sharedStack().baseUrl}/l/${made[0].id}`,
      active: true,
      offerId: offer.id,
      productId: offer.productId,
      amount: 10_000,
      currency: 'BOB',
      paymentMethods: null,
      createdAt: expect.stringMatching(iso),
      updatedAt: made[0].createdAt,
    });
    expect(made[1]).toMatchObject({ active: false, paymentMethods: ['QR'] });
    expect((await api('GET', `/v2/payment-links/${made[0].id}`, undefined, key)).body).toEqual(made[0]);

    const first = await api('GET', '/v2/payment-links?limit=1', undefined, key);
    expect(first.body.data).toEqual([made[1]]);
    const second = await api(
      'GET',
      `/v2/payment-links?limit=1&cursor=${first.body.nextCursor}`,
      undefined,
      key,
    );
    expect(second.body).toEqual({ data: [made[0]], nextCursor: null });

    const on = await api('PATCH', `/v2/payment-links/${made[1].id}`, { active: true }, key);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: made[1].id, active: true, paymentMethods: ['QR'] });
    expect((await api('PATCH', `/v2/payment-links/${made[1].id}`, { active: false }, key)).body.active).toBe(
      false,
    );
  });

  it("answers 404 for another account's link and 400 for a bad cursor or body", async () => {
    const other = await createKey(['createTransaction', 'isInvoiceAvailable']);
    const cop = await newOffer({ amount: 2_000_000, currency: 'COP' }, other.secretKey);
    const theirs = (await api('POST', '/v2/payment-links', { offerId: cop.id }, other.secretKey)).body;
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { active: false }],
    ] as const) {
      const response = await api(method, `/v2/payment-links/${theirs.id}`, body);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: 404, error: 'id: no such payment link in this account' });
    }
    expect((await api('GET', `/v2/payment-links/${theirs.id}`, undefined, other.secretKey)).body.active).toBe(
      true,
    );
    expect(
      (await api('GET', `/v2/payment-links?cursor=${Buffer.from('{}').toString('base64url')}`)).status,
    ).toBe(400);
    const patch = await api('PATCH', `/v2/payment-links/${theirs.id}`, { active: 'yes' }, other.secretKey);
    expect(patch.body).toEqual({ status: 400, error: 'active: must be true or false' });
  });
});
