// The hosted checkout over HTTP, as a payer's browser drives it without script: a session's form,
// its post, the method's payer page, the sandbox payment, the page's paid state and the merchant's
// cashin.paid; for every method of the catalogue this stage serves. Then what must not happen: a
// second transaction for a session, a form for an expired session or an unsellable link.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { methodName, paymentMethods } from '../../shared/payment-methods.ts';
import { railNameFor } from '../../shared/rails/rail-choice.ts';
import { keys } from '../../shared/store/keys.ts';
import { call, createKey, pollUntil, sharedStack, useSharedStore } from '../support/api.ts';
import { bodyFor, checkoutFormFor, validCnpj } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let seller: string;
let receiver: WebhookReceiver;
const api = (method: string, path: string, body?: unknown) =>
  call(method, path, { key: seller, ...(body === undefined ? {} : { body }) });

/** What the payer's browser does: no key, a form body, redirects not followed. */
const page = (path: string) => call('GET', path, { key: null });
const postForm = (path: string, fields: Record<string, string> | string) =>
  call('POST', path, {
    key: null,
    rawBody: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const pathOf = (url: string) => new URL(url, sharedStack().baseUrl).pathname;

/** The rows this stage serves (the sandbox serves every row of the shared stack). */
const servedRows = paymentMethods.filter((row) => railNameFor(row) !== null);

async function newOffer(offer: { amount: number; currency: string }, product: Record<string, unknown> = {}) {
  const created = await api('POST', '/v2/products', {
    name: 'Camiseta básica',
    description: 'Algodão',
    ...product,
  });
  expect(created.status, created.text).toBe(201);
  const response = await api('POST', '/v2/offers', {
    productId: created.body.id,
    name: 'Tamanho M',
    ...offer,
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function openSession(
  offer: { amount: number; currency: string },
  session: Record<string, unknown> = {},
) {
  const created = await newOffer(offer);
  const response = await api('POST', '/v2/checkout-sessions', { offerId: created.id, ...session });
  expect(response.status, response.text).toBe(201);
  return { session: response.body, path: pathOf(response.body.url), offer: created };
}

beforeAll(async () => {
  const selling = await createKey(['createTransaction', 'isInvoiceAvailable']);
  seller = selling.secretKey;
  const manager = (await createKey(['manageAccount'], { accountId: selling.accountId })).secretKey;
  const settings = await call('PUT', '/v2/account/settings', {
    key: manager,
    body: { responsibleDocument: validCnpj },
  });
  expect(settings.status, settings.text).toBe(200);
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

describe('the hosted checkout, per method', () => {
  it.each(servedRows.map((row) => [`${row.currency} ${row.method}`, row] as const))(
    '%s: form → post → payer page → sandbox pay → PAID and cashin.paid with the offer and session',
    async (_name, row) => {
      const amount = bodyFor(row).amount as number;
      const { session, path, offer } = await openSession(
        { amount, currency: row.currency },
        {
          paymentMethods: [row.method],
          postbackUrl: receiver.url,
          successUrl: 'https://loja.example/obrigado',
        },
      );
      const form = await page(path);
      expect(form.status).toBe(200);
      expect(form.text).toContain('Camiseta básica');
      expect(form.text).toContain(`>${methodName(row, row.currency === 'BRL' ? 'pt' : 'es')}<`);

      const posted = await postForm(path, checkoutFormFor(row));
      expect(posted.status, posted.text).toBe(303);
      const payerPage = pathOf(posted.headers.get('location')!);
      expect(payerPage).toMatch(new RegExp(`^/pay/${row.page.kind}/\\d+\\.`));

      // Straight from the form the rail may still be preparing the instruction: the page says so.
      const shown = await pollUntil(
        () => page(payerPage),
        (answer) =>
          answer.status === 200 &&
          answer.text.includes('data-status="PENDING"') &&
          !answer.text.includes('http-equiv="refresh" content="2"'),
        15_000,
        100,
      );
      expect(shown.status).toBe(200);
      // The open page watches its transaction: it may ask this origin for the status.
      const statusPath = `${payerPage.replace(/^\/pay\/\w+\//, '/pay/')}/status`;
      expect(shown.text).toContain(`data-watch-status="${statusPath}"`);
      expect(shown.headers.get('content-security-policy')).toContain("connect-src 'self'");
      expect((await page(statusPath)).body).toEqual({ status: 'PENDING' });
      const transactionId = (await api('GET', `/v2/checkout-sessions/${session.id}`)).body.transactionId;
      expect(transactionId).toMatch(/^\d+$/);
      expect((await api('POST', `/sandbox/transactions/${transactionId}/pay`)).status).toBeLessThan(300);

      const paid = await pollUntil(
        () => page(payerPage),
        (answer) => answer.text.includes('data-status="PAID"'),
        15_000,
        100,
      );
      expect(paid.text).toContain('href="https://loja.example/obrigado"');
      expect((await page(statusPath)).body).toEqual({ status: 'PAID' });
      const event = await pollUntil(
        async () =>
          receiver.received.map((r) => JSON.parse(r.body)).find((e) => e.data?.id === transactionId),
        Boolean,
        15_000,
        50,
      );
      expect(event).toMatchObject({
        type: 'cashin.paid',
        data: {
          id: transactionId,
          status: 'PAID',
          currency: row.currency,
          method: row.method,
          amount,
          offerId: offer.id,
          productId: offer.productId,
          checkoutSessionId: session.id,
          paymentLinkId: null,
        },
      });
      // A paid session's page is its transaction's.
      const again = await page(path);
      expect(again.status).toBe(303);
      expect(pathOf(again.headers.get('location')!)).toBe(payerPage);
    },
  );
});

describe('the hosted checkout', () => {
  const pix = paymentMethods.find((row) => row.currency === 'BRL' && railNameFor(row) !== null)!;
  const cop = paymentMethods.find((row) => row.currency === 'COP' && railNameFor(row) !== null)!;

  it('creates one transaction however often the form is sent', async () => {
    const { session, path } = await openSession(
      { amount: bodyFor(pix).amount as number, currency: pix.currency },
      { paymentMethods: [pix.method], externalId: `pedido-${Date.now()}` },
    );
    const answers = await Promise.all([1, 2, 3].map(() => postForm(path, checkoutFormFor(pix))));
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303]);
    expect(new Set(answers.map((answer) => answer.headers.get('location'))).size).toBe(1);
    const late = await postForm(path, checkoutFormFor(pix));
    expect(late.headers.get('location')).toBe(answers[0]!.headers.get('location'));

    const completed = (await api('GET', `/v2/checkout-sessions/${session.id}`)).body;
    expect(completed.status).toBe('COMPLETE');
    const listed = (await api('GET', '/transactions?limit=10')).body.data;
    expect(
      listed.filter((tx: { checkoutSessionId?: string }) => tx.checkoutSessionId === session.id),
    ).toHaveLength(1);
  });

  it('re-renders a bad form (400) naming the fields in the payer’s language, keeping the values', async () => {
    const brl = await openSession(
      { amount: bodyFor(pix).amount as number, currency: pix.currency },
      {
        paymentMethods: [pix.method],
      },
    );
    const refused = await postForm(brl.path, { ...checkoutFormFor(pix), cpf: '111.111.111-11', email: '' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(refused.text).toContain('Este CPF ou CNPJ não é válido');
    expect(refused.text).toContain('Informe seu e-mail.');
    expect(refused.text).toContain('value="111.111.111-11"');
    expect(refused.text).toContain('Corrija os 2 campos indicados.');
    const otherMethod = await postForm(brl.path, { ...checkoutFormFor(pix), paymentMethod: 'NOT_OFFERED' });
    expect(otherMethod.status).toBe(400);

    const colombian = await openSession(
      { amount: bodyFor(cop).amount as number, currency: 'COP' },
      {
        paymentMethods: [cop.method],
      },
    );
    const { responsibleDocument: _omitted, ...withoutDocument } = checkoutFormFor(cop);
    const spanish = await postForm(colombian.path, { ...withoutDocument, phone: '3001234567' });
    expect(spanish.status).toBe(400);
    expect(spanish.text).toContain('Escribe tu número de documento.');
    expect(spanish.text).toContain('Escribe tu celular con el indicativo del país');

    for (const { session } of [brl, colombian])
      expect((await api('GET', `/v2/checkout-sessions/${session.id}`)).body).toMatchObject({
        status: 'OPEN',
        transactionId: null,
      });
  });

  it('pre-fills the form from the session’s customer and links back to the store', async () => {
    const { path } = await openSession(
      { amount: bodyFor(cop).amount as number, currency: 'COP' },
      {
        customer: {
          name: 'Juan Pérez',
          email: 'juan@example.co',
          phone: '+573001234567',
          document: '1020304050',
        },
        cancelUrl: 'https://tienda.example/carrito',
      },
    );
    const form = await page(path);
    expect(form.text).toContain('lang="es-CO"');
    for (const value of ['Juan Pérez', 'juan@example.co', '+573001234567', '1020304050'])
      expect(form.text).toContain(`value="${value}"`);
    expect(form.text).toContain('href="https://tienda.example/carrito"');
    expect(form.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/);
  });

  it('answers an expired session with 410 and an unknown token with 404, creating nothing', async () => {
    useSharedStore();
    const { session, path } = await openSession(
      { amount: bodyFor(pix).amount as number, currency: pix.currency },
      { paymentMethods: [pix.method] },
    );
    await dynamo().send(
      new UpdateCommand({
        TableName: sharedStack().tableName,
        Key: keys.checkoutSession(session.id),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect((await page(path)).status).toBe(410);
    const posted = await postForm(path, checkoutFormFor(pix));
    expect(posted.status).toBe(410);
    expect(posted.text).toContain('Este pagamento expirou');
    expect((await page(`/checkout/${session.id}.${'x'.repeat(32)}`)).status).toBe(404);
    expect((await page('/checkout/nothing')).status).toBe(404);
    expect((await api('GET', `/v2/checkout-sessions/${session.id}`)).body).toMatchObject({
      status: 'EXPIRED',
      transactionId: null,
    });
  });

  it('refuses a form body over 16 KiB (413)', async () => {
    const { path } = await openSession({ amount: bodyFor(pix).amount as number, currency: pix.currency });
    expect((await postForm(path, `name=${'a'.repeat(17 * 1024)}`)).status).toBe(413);
  });
});

describe('payment links', () => {
  const cop = paymentMethods.find((row) => row.currency === 'COP' && railNameFor(row) !== null)!;

  it('open a session of their own on each visit', async () => {
    const offer = await newOffer({ amount: bodyFor(cop).amount as number, currency: 'COP' });
    const link = (await api('POST', '/v2/payment-links', { offerId: offer.id })).body;
    const visits = [await page(pathOf(link.url)), await page(pathOf(link.url))];
    expect(visits.map((visit) => visit.status)).toEqual([303, 303]);
    const sessionIds = visits.map(
      (visit) => pathOf(visit.headers.get('location')!).split('/')[2]!.split('.')[0]!,
    );
    expect(new Set(sessionIds).size).toBe(2);
    for (const id of sessionIds) {
      const session = (await api('GET', `/v2/checkout-sessions/${id}`)).body;
      expect(session).toMatchObject({ status: 'OPEN', offerId: offer.id, paymentLinkId: link.id });
    }
    const form = await page(pathOf(visits[0]!.headers.get('location')!));
    expect(form.status).toBe(200);
    expect(form.text).toContain('Camiseta básica');
  });

  it('show "unavailable" (410, never a form) while the link, the offer or the product is off', async () => {
    const offer = await newOffer({ amount: bodyFor(cop).amount as number, currency: 'COP' });
    const link = (await api('POST', '/v2/payment-links', { offerId: offer.id })).body;
    expect((await api('PATCH', `/v2/products/${offer.productId}`, { active: false })).status).toBe(200);
    const unavailable = await page(pathOf(link.url));
    expect(unavailable.status).toBe(410);
    expect(unavailable.text).toContain('Este producto no está disponible');
    expect(unavailable.text).not.toContain('<form');

    const other = await newOffer({ amount: bodyFor(cop).amount as number, currency: 'COP' });
    const off = (await api('POST', '/v2/payment-links', { offerId: other.id, active: false })).body;
    expect((await page(pathOf(off.url))).status).toBe(410);
    expect((await page('/l/plink_00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await page('/l/nothing')).status).toBe(404);
  });
});
