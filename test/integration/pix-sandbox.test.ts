// BRL PIX on the sandbox rail, over HTTP against the shared local stack: the purchase answers
// the contract's object, the BR Code that arrives is one an independent parser (pix-utils)
// accepts with our amount, the hosted Pix page shows it, and a sandbox payment ends in PAID
// with exactly one signed cashin.paid.
import { hasError, parsePix } from 'pix-utils';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDynamicBrCode } from '../../shared/rails/br-code.ts';
import { call, pollUntil, sharedStack } from '../support/api.ts';
import { byTestId, unescapeHtml } from '../support/page-decoders.ts';
import { pixBody } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

async function purchasePix(body: Record<string, unknown>) {
  const created = await call('POST', '/transactions/v2/purchase', { body });
  expect(created.status, created.text).toBe(201);
  const tx = await pollUntil(
    async () => (await call('GET', `/transactions/${created.body.id}`)).body,
    (t) => Boolean(t.qr),
    15_000,
    50,
  );
  expect(tx.qr, 'BR Code filled').toBeTruthy();
  return { created: created.body, tx };
}

describe('BRL PIX on the sandbox rail', () => {
  it('answers the contract object, then fills a BR Code that pix-utils accepts and links the Pix page', async () => {
    const { created, tx } = await purchasePix({ ...pixBody(), amount: 12_345, expiresIn: 3600 });
    expect(created).toMatchObject({
      currency: 'BRL',
      method: 'PIX',
      status: 'PENDING',
      amount: 12_345,
      qr: null,
      redirectUrl: null,
      paymentInstruction: null,
      boletoDigitableLine: null,
      expiresAt: null,
      costFee: 122, // 0.99 % of R$ 123.45, rounded half up
    });

    const independent = parsePix(tx.qr) as unknown as Record<string, unknown>;
    expect(hasError(parsePix(tx.qr)), JSON.stringify(independent)).toBe(false);
    expect(independent).toMatchObject({ type: 'DYNAMIC', transactionCurrency: '986', countryCode: 'BR' });
    const ours = parseDynamicBrCode(tx.qr);
    expect(ours.amountCents).toBe(12_345);
    expect(independent.url).toBe(ours.location);
    expect(independent.merchantName).toBe(ours.merchantName);
    expect(independent.merchantCity).toBe(ours.merchantCity);

    expect(tx.paymentInstruction).toBeNull();
    expect(tx.redirectUrl).toMatch(
      new RegExp(`^${sharedStack().baseUrl}/pay/pix/\\d{19}\\.[A-Za-z0-9_-]{32}$`),
    );
    const expiresIn = Date.parse(tx.expiresAt) - Date.parse(tx.createdAt);
    expect(expiresIn).toBe(3_600_000);

    const page = await fetch(tx.redirectUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(unescapeHtml(byTestId(html, 'qr-text')!.inner).trim()).toBe(tx.qr);
    expect(byTestId(html, 'qr-image')).not.toBeNull();
    expect(byTestId(html, 'countdown')!.attributes).toContain(`data-countdown-to="${tx.expiresAt}"`);
  });

  it('sandbox pay → PAID and exactly one signed cashin.paid', async () => {
    const { tx } = await purchasePix({ ...pixBody(), postbackUrl: receiver.url });
    const paid = await call('POST', `/sandbox/transactions/${tx.id}/pay`);
    expect(paid.status, paid.text).toBe(202);
    const done = await pollUntil(
      async () => (await call('GET', `/transactions/${tx.id}`)).body,
      (t) => t.status === 'PAID',
      15_000,
      50,
    );
    expect(done.paidAt).toMatch(/Z$/);
    const deliveries = () => receiver.received.filter((r) => JSON.parse(r.body).data?.id === tx.id);
    await pollUntil(
      async () => deliveries(),
      (list) => list.length >= 1,
      15_000,
      50,
    );
    // A second payment attempt changes nothing: the rail finds the transaction PAID already, and
    // its one event's delivery has ended (DELIVERED after one attempt), so nothing is left to
    // send another POST.
    const again = await call('POST', `/sandbox/transactions/${tx.id}/pay`);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ status: 'PAID' });
    const events = await pollUntil(
      async () => (await call('GET', `/transactions/${tx.id}/events`)).body.data,
      (list: any[]) => list.every((event) => event.deliveryStatus === 'DELIVERED'),
      15_000,
      50,
    );
    expect(events.map((event: any) => [event.type, event.deliveryStatus, event.attempts.length])).toEqual([
      ['cashin.paid', 'DELIVERED', 1],
    ]);
    expect((await call('GET', `/transactions/${tx.id}`)).body).toMatchObject({ paidAt: done.paidAt });
    expect(deliveries()).toHaveLength(1);
    const [delivery] = deliveries();
    const verified = new Webhook(sharedStack().webhookSecret).verify(
      delivery!.body,
      delivery!.headers as Record<string, string>,
    ) as any;
    expect(verified).toMatchObject({
      type: 'cashin.paid',
      data: { id: tx.id, method: 'PIX', status: 'PAID' },
    });
  });

  it.each([
    ['no cpf', { cpf: undefined }, 'cpf'],
    ['a CPF with a bad check digit', { cpf: '529.982.247-26' }, 'cpf'],
    ['amount 0', { amount: 0 }, 'amount'],
    ['an amount over the ceiling', { amount: 10_000_000_000 }, 'amount'],
    ['expiresIn under a minute', { expiresIn: 59 }, 'expiresIn'],
    ['expiresIn as text', { expiresIn: '3600' }, 'expiresIn'],
    ['no email', { email: undefined }, 'email'],
    ['no responsibleDocument', { responsibleDocument: undefined }, 'responsibleDocument'],
  ])('%s → 400 naming the field', async (_name, change, field) => {
    const body = JSON.parse(JSON.stringify({ ...pixBody(), ...change }));
    const response = await call('POST', '/transactions/v2/purchase', { body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(response.body.message).toMatch(new RegExp(`^${field}: `));
  });
});
