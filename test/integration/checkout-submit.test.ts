// The hosted checkout's form post, run by this process's own store code against the shared stack
// (the page that posts it comes with the hosted checkout): one transaction per session, however
// often the form is sent, carrying what it sold.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { formFields } from '../../shared/checkout/checkout-form.ts';
import { submitCheckout } from '../../shared/checkout/submit-checkout.ts';
import { keys } from '../../shared/store/keys.ts';
import { call, createKey, sharedStack, useSharedStore } from '../support/api.ts';
import { validCnpj, validCpf } from '../support/purchase-fixtures.ts';

let seller: string;
const api = (method: string, path: string, body?: unknown) =>
  call(method, path, { key: seller, ...(body === undefined ? {} : { body }) });

async function openSession(offer: Record<string, unknown>, session: Record<string, unknown> = {}) {
  const product = (await api('POST', '/v2/products', { name: 'Camiseta' })).body;
  const created = (await api('POST', '/v2/offers', { productId: product.id, name: 'Tamanho M', ...offer }))
    .body;
  const response = await api('POST', '/v2/checkout-sessions', { offerId: created.id, ...session });
  expect(response.status, response.text).toBe(201);
  const token = new URL(response.body.url).pathname.split('/').at(-1)!;
  return { session: response.body, token, offer: created };
}

const form = (fields: Record<string, string>) => formFields(new URLSearchParams(fields).toString());

beforeAll(async () => {
  const selling = await createKey(['createTransaction', 'isInvoiceAvailable']);
  seller = selling.secretKey;
  const manager = (await createKey(['manageAccount'], { accountId: selling.accountId })).secretKey;
  expect(
    (await call('PUT', '/v2/account/settings', { key: manager, body: { responsibleDocument: validCnpj } }))
      .status,
  ).toBe(200);
  useSharedStore();
});

describe('the checkout form', () => {
  it('creates one transaction per session, however often it is sent, carrying what it sold', async () => {
    const { session, token, offer } = await openSession(
      { amount: 4_990 },
      { externalId: `pedido-${Date.now()}`, paymentMethods: ['PIX'] },
    );
    const fields = form({
      name: 'João Silva',
      email: 'joao@example.com',
      phone: '11987654321',
      cpf: validCpf,
    });
    const pages = await Promise.all([1, 2, 3].map(() => submitCheckout(token, fields)));
    expect(new Set(pages).size).toBe(1);
    expect(new URL(pages[0]!).pathname).toMatch(/^\/pay\/pix\/\d+\.[\w-]+$/);
    expect(await submitCheckout(token, fields)).toBe(pages[0]);

    const completed = (await api('GET', `/v2/checkout-sessions/${session.id}`)).body;
    expect(completed.status).toBe('COMPLETE');
    const transaction = (await api('GET', `/transactions/${completed.transactionId}`)).body;
    expect(transaction).toMatchObject({
      method: 'PIX',
      amount: 4_990,
      externalId: session.externalId,
      offerId: offer.id,
      productId: offer.productId,
      checkoutSessionId: session.id,
      paymentLinkId: null,
    });
    const listed = (await api('GET', '/transactions?limit=5')).body.data;
    expect(
      listed.filter((item: { checkoutSessionId?: string }) => item.checkoutSessionId === session.id),
    ).toHaveLength(1);
  });

  it("names the merchant as the responsible party in BRL and the payer's document in COP", async () => {
    const brl = await openSession({ amount: 1_000 }, { paymentMethods: ['PIX'] });
    await submitCheckout(
      brl.token,
      form({ name: 'Ana', email: 'ana@example.com', phone: '11987654321', cpf: validCpf }),
    );
    const cop = await openSession({ amount: 2_000_000, currency: 'COP' }, { paymentMethods: ['PSE'] });
    await expect(
      submitCheckout(cop.token, form({ name: 'Ana', email: 'ana@example.com', phone: '+573001234567' })),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^responsibleDocument: is required/),
    });
    await submitCheckout(
      cop.token,
      form({
        name: 'Ana',
        email: 'ana@example.com',
        phone: '+573001234567',
        responsibleDocument: '1020304050',
      }),
    );
    const completed = (await api('GET', `/v2/checkout-sessions/${cop.session.id}`)).body;
    expect((await api('GET', `/transactions/${completed.transactionId}`)).body).toMatchObject({
      currency: 'COP',
      method: 'PSE',
      amount: 2_000_000,
    });
  });

  it('refuses a method the session does not offer, a wrong token and an expired session, creating nothing', async () => {
    const { session, token } = await openSession({ amount: 1_000 }, { paymentMethods: ['PIX'] });
    const payer = { name: 'Ana', email: 'ana@example.com', phone: '11987654321', cpf: validCpf };
    await expect(submitCheckout(token, form({ ...payer, paymentMethod: 'BOLETO' }))).rejects.toMatchObject({
      status: 400,
      message: 'paymentMethod: must be one of PIX',
    });
    await expect(submitCheckout(`${session.id}.${'x'.repeat(32)}`, form(payer))).rejects.toMatchObject({
      status: 404,
    });
    await dynamo().send(
      new UpdateCommand({
        TableName: sharedStack().tableName,
        Key: keys.checkoutSession(session.id),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    await expect(submitCheckout(token, form(payer))).rejects.toMatchObject({ status: 410 });
    expect((await api('GET', `/v2/checkout-sessions/${session.id}`)).body).toMatchObject({
      status: 'EXPIRED',
      transactionId: null,
    });
  });
});
