// PIX_AUTOMATICO subscriptions over HTTP against the fake PSP (API Pix over mutual TLS and OAuth,
// every request, response and notification checked against the Central Bank's document), which
// also plays the payer's bank: the recurrence authorized with the QR that pays cycle 1 (journey
// 3), the next cycle debited (`/cobr`), a failed debit retried, the payer's and the merchant's
// cancels, a recurrence never authorized (or declined) ending EXPIRED, journey 2 charging cycle 1
// once authorized, two next-cycle calls at once debiting their cycle once, paid cycles
// refunded by a devolução of their Pix, and a recurring offer's hosted checkout offering Pix
// Automático first and subscribing the payer with it. The stack is this file's own: the shared one configures
// no PSP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { subscriptionIdOfSession } from '../../shared/checkout/subscribe-from-checkout.ts';
import { escapeHtml } from '../../shared/http/html.ts';
import { addDays, todayInSaoPaulo } from '../../shared/purchase/due-date.ts';
import { cycleTxidFor } from '../../shared/rails/api-pix/cycle-txid.ts';
import { devolucaoIdFor } from '../../shared/rails/api-pix/devolucao-id.ts';
import { contractFor } from '../../shared/rails/api-pix/recurrence-request.ts';
import { registerStageWebhooks } from '../../shared/rails/api-pix/register-stage-webhooks.ts';
import { settleRefund } from '../../shared/refunds/settle-refund.ts';
import { getSubscription } from '../../shared/store/subscriptions.ts';
import { runCycleSteps } from '../../shared/subscriptions/run-cycle-steps.ts';
import { call, pollUntil } from '../support/api.ts';
import { apiPixEnvFor, type FakePix, type FakePsp, startFakePsp } from '../support/fake-psp/fake-psp.ts';
import { ownStackTable } from '../support/own-stack.ts';
import { validCnpj, validCpf } from '../support/purchase-fixtures.ts';
import { createRecurringOffer } from '../support/recurring-offer.ts';

let psp: FakePsp;
let stack: LocalStack;
let key: string;
let accountId: string;

beforeAll(async () => {
  psp = await startFakePsp();
  stack = await startLocalStack({
    ...ownStackTable(),
    port: 0,
    // The tests run each step themselves (sandbox next-cycle): no scheduled run races them.
    scheduleIntervalMs: 3_600_000,
    env: {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...apiPixEnvFor(psp),
      // Generous: a loaded machine's cold functions answer the PSP's notifications slowly.
      PIX_API_TIMEOUT_MS: '10000',
      PAYMENT_POLL_SCHEDULE: '250ms,250ms,500ms,1s,2s',
    },
  });
  // What `npm start` does: each kind of notification registered at its function's URL.
  await registerStageWebhooks(stack.functionUrls);
  const issued = await issueApiKey({
    permissions: ['createTransaction', 'isInvoiceAvailable', 'manageAccount'],
  });
  key = issued.secretKey;
  accountId = issued.accountId;
  const settings = await api('PUT', '/v2/account/settings', { responsibleDocument: validCnpj });
  expect(settings.status, settings.text).toBe(200);
}, 240_000);

afterAll(async () => {
  const violations = [...(psp?.requestViolations ?? []), ...(psp?.responseViolations ?? [])];
  console.log(
    `fake PSP (Pix Automático subscriptions): ${violations.length} violations of the API Pix document`,
  );
  await stack?.stop();
  await psp?.close();
});

const api = (method: string, path: string, body?: unknown) =>
  call(method, path, { key, baseUrl: stack.baseUrl, ...(body === undefined ? {} : { body }) });
const readSubscription = async (id: string) => (await api('GET', `/v2/subscriptions/${id}`)).body;
const readTransaction = async (id: string) => (await api('GET', `/transactions/${id}`)).body;
const eventTypesOf = async (transactionId: string) =>
  ((await api('GET', `/transactions/${transactionId}/events`)).body.data as Array<{ type: string }>)
    .map((event) => event.type)
    .sort();

async function subscribe(extra: Record<string, unknown> = {}) {
  const offer = await createRecurringOffer(api, 'Academia', {
    name: 'Semanal',
    amount: 2_990,
    billingCycle: 'WEEKLY',
  });
  const created = await api('POST', '/v2/subscriptions', {
    offerId: offer.id,
    customer: { name: 'Joana Prado', email: 'joana@example.com.br', document: validCpf },
    paymentMethod: 'PIX_AUTOMATICO',
    ...extra,
  });
  expect(created.status, created.text).toBe(201);
  return created.body;
}

/** The recurrence the PSP holds for a subscription (its contract is the subscription id). */
const recOf = (subscriptionId: string) =>
  [...psp.recurrences.recs.values()].find((rec) => rec.vinculo.contrato === contractFor(subscriptionId))!;

async function authorize(subscriptionId: string) {
  const authorized = await api('POST', `/sandbox/subscriptions/${subscriptionId}/authorize`);
  expect(authorized.status, authorized.text).toBe(200);
  expect(authorized.body.status).toBe('ACTIVE');
  return authorized.body;
}

/** Journey 3: authorized, and cycle 1 (paid with the authorization) recorded PAID. */
async function activeWithCycle1Paid() {
  const created = await subscribe();
  await authorize(created.id);
  await pollUntil(
    () => readTransaction(created.currentTransactionId),
    (tx) => tx.status === 'PAID',
  );
  return created;
}

/**
 * Charges the next cycle and waits for its transaction's instruction (its page), as the PSP's
 * debit comes days after the charge is asked for: a debit notification that beat the instruction
 * job would find nothing to check yet, and only the listing (not run here) would settle it.
 */
async function nextCycle(subscriptionId: string) {
  const run = await api('POST', `/sandbox/subscriptions/${subscriptionId}/next-cycle`);
  expect(run.status, run.text).toBe(200);
  const charged = run.body as { subscription: any; transactionId: string | null };
  if (charged.transactionId) {
    const charge = await pollUntil(
      () => readTransaction(charged.transactionId!),
      (tx) => tx.redirectUrl !== null,
    );
    expect(charge.redirectUrl, 'the cycle charge has its instruction').not.toBeNull();
  }
  return charged;
}

describe('PIX_AUTOMATICO subscriptions', () => {
  it('journey 3: one QR pays cycle 1 and authorizes; cycle 2 is debited; each cycle a PAID transaction', async () => {
    const created = await subscribe({ externalId: `gym-${Date.now()}` });
    expect(created).toMatchObject({
      status: 'PENDING_AUTHORIZATION',
      paymentMethod: 'PIX_AUTOMATICO',
      billingCycle: 'WEEKLY',
      currentCycle: 1,
      authorization: {
        qr: expect.stringMatching(/^000201/),
        url: expect.stringContaining(`${stack.baseUrl}/pay/pix/`),
      },
      activatedAt: null,
    });
    expect(recOf(created.id).ativacao.dadosJornada.txid).toBe(cycleTxidFor(created.id, 1));
    const cycle1 = created.currentTransactionId;
    const charge = await pollUntil(
      () => readTransaction(cycle1),
      (tx) => tx.qr !== null,
    );
    expect(charge).toMatchObject({ method: 'PIX', subscriptionId: created.id, cycle: 1, status: 'PENDING' });
    expect(charge.qr).toBe(created.authorization.qr);

    const authorized = await authorize(created.id);
    expect(authorized.authorization).toBeNull();
    expect(authorized.activatedAt).not.toBeNull();
    const paid1 = await pollUntil(
      () => readTransaction(cycle1),
      (tx) => tx.status === 'PAID',
    );
    expect(paid1.status).toBe('PAID');
    expect(await eventTypesOf(cycle1)).toEqual([
      'cashin.paid',
      'subscription.activated',
      'subscription.charge_created',
    ]);

    const run = await nextCycle(created.id);
    expect(run.subscription).toMatchObject({ status: 'ACTIVE', currentCycle: 2 });
    const txid2 = cycleTxidFor(created.id, 2);
    expect(psp.recurrences.cobrs.get(txid2)).toMatchObject({
      idRec: recOf(created.id).idRec,
      status: 'ATIVA',
      calendario: { dataDeVencimento: addDays(todayInSaoPaulo(new Date()), 7) },
    });
    // The debit's page asks the payer for nothing: their bank takes it; once taken, it is the paid page.
    const { redirectUrl } = await readTransaction(run.transactionId!);
    const debitPage = await fetch(redirectUrl);
    expect(debitPage.status).toBe(200);
    expect(await debitPage.text()).toContain('Pago por débito automático');
    await psp.recurrences.debit(txid2);
    const paid2 = await pollUntil(
      () => readTransaction(run.transactionId!),
      (tx) => tx.status === 'PAID',
    );
    expect(paid2).toMatchObject({ status: 'PAID', subscriptionId: created.id, cycle: 2 });
    expect(await (await fetch(redirectUrl)).text()).toContain('data-status="PAID"');
    expect((await readSubscription(created.id)).status).toBe('ACTIVE');
    // The file's first journey starts its functions cold (9 s alone; over 30 s once on a loaded
    // 2-core machine running the whole suite).
  }, 60_000);

  it('a failed debit is retried through retentativa (PAST_DUE meanwhile), then paid (ACTIVE)', async () => {
    const created = await activeWithCycle1Paid();
    const run = await nextCycle(created.id);
    const txid2 = cycleTxidFor(created.id, 2);
    await psp.recurrences.debit(txid2, 'failed');
    const pastDue = await pollUntil(
      () => readSubscription(created.id),
      (sub) => sub.status === 'PAST_DUE',
    );
    expect(pastDue.status).toBe('PAST_DUE');
    const attempts = psp.recurrences.cobrs.get(txid2)!.tentativas;
    expect(attempts.map((t: { tipo: string; status: string }) => [t.tipo, t.status])).toEqual([
      ['AGND', 'REJEITADA'],
      ['RIFL', 'AGENDADA'],
    ]);
    expect(attempts[1].dataLiquidacao).toBe(addDays(todayInSaoPaulo(new Date()), 8));
    await psp.recurrences.debit(txid2, 'paid');
    await pollUntil(
      () => readTransaction(run.transactionId!),
      (tx) => tx.status === 'PAID',
    );
    const active = await pollUntil(
      () => readSubscription(created.id),
      (sub) => sub.status === 'ACTIVE',
    );
    expect(active.status).toBe('ACTIVE');
    expect(await eventTypesOf(run.transactionId!)).toEqual([
      'cashin.paid',
      'subscription.activated',
      'subscription.charge_created',
      'subscription.past_due',
    ]);
  });

  it('a cycle whose failed debit is never paid is closed once its charge has expired (its second past_due), and the cycles go on', async () => {
    const created = await activeWithCycle1Paid();
    const run = await nextCycle(created.id);
    await psp.recurrences.debit(cycleTxidFor(created.id, 2), 'failed');
    await pollUntil(
      () => readSubscription(created.id),
      (sub) => sub.status === 'PAST_DUE',
    );
    const charge = await readTransaction(run.transactionId!);
    // The cycle job's run a day after the charge expired (the retries' window spent, unpaid).
    const later = new Date(Date.parse(charge.expiresAt) + 24 * 3_600_000);
    const after = await runCycleSteps((await getSubscription(accountId, created.id, true))!, later);
    // Closed unpaid: the charge carries the failed debit's past_due and the deadline's, two events.
    expect(after.currentCycle).toBeGreaterThan(2);
    expect(after.unpaidCycles).toBeGreaterThan(0);
    expect(await eventTypesOf(run.transactionId!)).toEqual([
      'subscription.charge_created',
      'subscription.past_due',
      'subscription.past_due',
    ]);
  });

  it('next-cycle before the PSP would take the debit: 409, and the open cycle is left as it was', async () => {
    const created = await activeWithCycle1Paid();
    const run = await nextCycle(created.id);
    const before = await readSubscription(created.id);
    // Cycle 3 of a WEEKLY subscription is due in 14 days: its debit may be asked for from 10 days before.
    const early = await api('POST', `/sandbox/subscriptions/${created.id}/next-cycle`);
    expect(early.status, early.text).toBe(409);
    expect(early.body).toEqual({
      status: 409,
      error: expect.stringMatching(
        /^id: cycle 3 is due on \d{4}-\d{2}-\d{2}; Pix Automático may ask for its debit only 10 to 2 days before \(.+\)$/,
      ),
    });
    expect(await readSubscription(created.id)).toEqual(before);
    expect(before).toMatchObject({ status: 'ACTIVE', currentCycle: 2 });
    expect(psp.recurrences.cobrs.has(cycleTxidFor(created.id, 3))).toBe(false);
    expect(await eventTypesOf(run.transactionId!)).toEqual(['subscription.charge_created']);
  });

  it('the payer cancels in their bank app: CANCELED (PAYER), seen by reading the recurrence', async () => {
    const created = await activeWithCycle1Paid();
    await psp.recurrences.payerCancels(recOf(created.id).idRec);
    const canceled = await pollUntil(
      () => readSubscription(created.id),
      (sub) => sub.status === 'CANCELED',
    );
    expect(canceled).toMatchObject({ status: 'CANCELED', cancelReason: 'PAYER', nextChargeDate: null });
    expect(await eventTypesOf(created.currentTransactionId)).toContain('subscription.canceled');
  });

  it('the merchant cancels: PATCH /rec at the PSP, CANCELED (MERCHANT)', async () => {
    const created = await activeWithCycle1Paid();
    const canceled = await api('POST', `/v2/subscriptions/${created.id}/cancel`);
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'CANCELED', cancelReason: 'MERCHANT' });
    expect(recOf(created.id)).toMatchObject({
      status: 'CANCELADA',
      encerramento: { cancelamento: { solicitante: 'USUARIO_RECEBEDOR' } },
    });
    const again = await api('POST', `/sandbox/subscriptions/${created.id}/next-cycle`);
    expect(again.status).toBe(409);
  });

  it('never authorized: EXPIRED at the deadline (next-cycle plays it), the recurrence canceled at the PSP', async () => {
    const created = await subscribe();
    const run = await nextCycle(created.id);
    expect(run).toMatchObject({
      transactionId: null,
      subscription: { status: 'EXPIRED', authorization: null },
    });
    expect(recOf(created.id).status).toBe('CANCELADA');
    const late = await api('POST', `/sandbox/subscriptions/${created.id}/authorize`);
    expect(late.status).toBe(409);
  });

  it('declined by the payer: EXPIRED', async () => {
    const created = await subscribe();
    await psp.recurrences.decline(recOf(created.id).idRec);
    const expired = await pollUntil(
      () => readSubscription(created.id),
      (sub) => sub.status === 'EXPIRED',
    );
    expect(expired.status).toBe('EXPIRED');
  });

  it('journey 2 (cycle 1 due later): a QR that only authorizes; cycle 1 is debited once authorized', async () => {
    const startDate = addDays(todayInSaoPaulo(new Date()), 4);
    const created = await subscribe({ startDate });
    expect(created).toMatchObject({
      status: 'PENDING_AUTHORIZATION',
      currentCycle: 0,
      currentTransactionId: null,
      authorization: { qr: expect.stringMatching(/^000201/), url: null },
    });
    const authorized = await authorize(created.id);
    expect(authorized).toMatchObject({ currentCycle: 1, activatedAt: expect.any(String) });
    expect(psp.recurrences.cobrs.get(cycleTxidFor(created.id, 1))).toMatchObject({
      calendario: { dataDeVencimento: startDate },
    });
    expect((await eventTypesOf(authorized.currentTransactionId)).sort()).toEqual([
      'subscription.activated',
      'subscription.charge_created',
    ]);
  });

  it('two next-cycle calls at once debit their cycle once', async () => {
    const created = await activeWithCycle1Paid();
    const path = `/sandbox/subscriptions/${created.id}/next-cycle`;
    const runs = await Promise.all([api('POST', path), api('POST', path)]);
    const answered = runs.filter((run) => run.status === 200);
    // Both calls found cycle 1 open and answer cycle 2's charge; or, on a busy machine, one ran
    // after the other had charged cycle 2 and asked for cycle 3, which Pix Automático does not
    // take until 10 days before it is due: refused before cycle 2 is touched.
    // Either way cycle 2 is debited once and stays open.
    for (const run of runs.filter((other) => other.status !== 200)) {
      expect(run.status, run.text).toBe(409);
      expect(run.body.error).toMatch(/^id: cycle 3 is due on /);
    }
    expect(answered.length).toBeGreaterThanOrEqual(1);
    const first = answered[0]!.body as { transactionId: string | null };
    for (const run of answered) expect(run.body.transactionId).toBe(first.transactionId);
    expect(first.transactionId).not.toBeNull();
    const txid2 = cycleTxidFor(created.id, 2);
    expect([...psp.recurrences.cobrs.keys()].filter((txid) => txid === txid2)).toHaveLength(1);
    expect(await readSubscription(created.id)).toMatchObject({ status: 'ACTIVE', currentCycle: 2 });
    expect(await eventTypesOf(first.transactionId!)).toEqual(['subscription.charge_created']);
  });

  it("refunds a paid cycle with a devolução of its Pix: cycle 2's debit in part, cycle 1's QR payment in full; never more than paid", async () => {
    const created = await activeWithCycle1Paid();
    const run = await nextCycle(created.id);
    const txid2 = cycleTxidFor(created.id, 2);
    await psp.recurrences.debit(txid2);
    const cycle2 = await pollUntil(
      () => readTransaction(run.transactionId!),
      (tx) => tx.status === 'PAID',
    );
    expect(cycle2.status).toBe('PAID');
    const refund = (transactionId: string, body: Record<string, unknown> = {}) =>
      api('POST', `/transactions/${transactionId}/refunds`, body);
    /** The worker asks for the devolução (EM_PROCESSAMENTO); a retried job reads it DEVOLVIDO. */
    async function settled(pix: FakePix, transactionId: string, refundId: string) {
      await pollUntil(
        async () => pix.devolucoes?.find((d) => d.id === devolucaoIdFor(refundId)),
        (found) => found !== undefined,
        15_000,
        50,
      );
      await settleRefund({ accountId, transactionId, refundId }, new Date(), Date.now() + 10_000);
      return (await api('GET', `/refunds/${refundId}`)).body;
    }

    const debitPix = psp.recurrences.cobrs.get(txid2)!.pix[0] as FakePix;
    const part = await refund(cycle2.id, { amount: 1_000, reason: 'semana não usada' });
    expect(part.status, part.text).toBe(201);
    expect(await settled(debitPix, cycle2.id, part.body.id)).toMatchObject({
      status: 'SUCCEEDED',
      amount: 1_000,
    });
    expect(debitPix.devolucoes).toEqual([
      expect.objectContaining({ valor: '10.00', natureza: 'ORIGINAL', status: 'DEVOLVIDO' }),
    ]);
    const tooMuch = await refund(cycle2.id, { amount: 2_000 });
    expect(tooMuch.status, tooMuch.text).toBe(409);
    expect(tooMuch.body.message).toContain('1990 cents');

    const cycle1 = created.currentTransactionId;
    const qrPix = psp.cobs.get(cycleTxidFor(created.id, 1))!.pix![0]!;
    const whole = await refund(cycle1);
    expect(whole.status, whole.text).toBe(201);
    expect(await settled(qrPix, cycle1, whole.body.id)).toMatchObject({ status: 'SUCCEEDED', amount: 2_990 });
    expect(await readTransaction(cycle1)).toMatchObject({ status: 'REFUNDED', refundedAmount: 2_990 });
    expect(qrPix.devolucoes).toHaveLength(1);
  });

  it("a recurring offer's checkout offers Pix Automático first: the form subscribes once, its Pix page's QR pays cycle 1 and authorizes", async () => {
    const offer = await createRecurringOffer(api, 'Clube do Livro', {
      name: 'Mensal',
      amount: 3_990,
      billingCycle: 'MONTHLY',
    });
    const session = await api('POST', '/v2/checkout-sessions', { offerId: offer.id });
    expect(session.status, session.text).toBe(201);
    expect(session.body.paymentMethods).toEqual(['PIX_AUTOMATICO', 'BOLETO', 'PIX']);

    const html = await (await fetch(session.body.url)).text();
    expect(html).toMatch(/value="PIX_AUTOMATICO" checked><span>Pix Automático<\/span>/);
    expect(html).toContain('data-testid="recurring-debit-note"');
    expect(html).toContain('você autoriza uma vez no app do seu banco');
    // Its fields: name, e-mail and CPF (the phone is the other methods' only).
    expect(html).toMatch(
      /<div class="field" data-methods="BOLETO PIX">\n<label class="field-label" for="f-phone">/,
    );

    const token = new URL(session.body.url).pathname.split('/').at(-1)!;
    const form = new URLSearchParams({
      paymentMethod: 'PIX_AUTOMATICO',
      name: 'Rita Souza',
      email: 'rita@example.com.br',
      cpf: validCpf,
    }).toString();
    const post = () =>
      call('POST', `/checkout/${token}`, {
        key: null,
        baseUrl: stack.baseUrl,
        rawBody: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const first = await post();
    expect(first.status, first.text).toBe(303);
    const payerPage = first.headers.get('location')!;
    expect(payerPage).toContain(`${stack.baseUrl}/pay/pix/`);
    const second = await post();
    expect(second.headers.get('location')).toBe(payerPage);

    const subscriptionId = subscriptionIdOfSession(session.body.id);
    const created = await readSubscription(subscriptionId);
    expect(created).toMatchObject({
      status: 'PENDING_AUTHORIZATION',
      paymentMethod: 'PIX_AUTOMATICO',
      currentCycle: 1,
      customer: { name: 'Rita Souza', email: 'rita@example.com.br', phone: null },
      authorization: { url: payerPage },
    });
    const completed = (await api('GET', `/v2/checkout-sessions/${session.body.id}`)).body;
    expect(completed).toMatchObject({ status: 'COMPLETE', transactionId: created.currentTransactionId });
    // The page shows the QR that pays cycle 1 and authorizes the recurrence.
    const withQr = await pollUntil(
      () => readTransaction(created.currentTransactionId),
      (tx) => tx.qr !== null,
    );
    expect(withQr).toMatchObject({
      cycle: 1,
      checkoutSessionId: session.body.id,
      qr: created.authorization.qr,
    });
    expect(await (await fetch(payerPage)).text()).toContain(escapeHtml(created.authorization.qr));
    expect(recOf(subscriptionId).ativacao.dadosJornada.txid).toBe(cycleTxidFor(subscriptionId, 1));

    expect((await authorize(subscriptionId)).status).toBe('ACTIVE');
    const paid = await pollUntil(
      () => readTransaction(created.currentTransactionId),
      (tx) => tx.status === 'PAID',
    );
    expect(paid.status).toBe('PAID');
  });

  it('the PSP does not answer the recurrence: 503 with Retry-After and nothing created, by the API and by the checkout form (the form again, saying so); the same request then succeeds', async () => {
    const offer = await createRecurringOffer(api, 'Horta em Casa', {
      name: 'Semanal',
      amount: 1_990,
      billingCycle: 'WEEKLY',
    });
    const customer = { name: 'Caio Lima', email: 'caio@example.com.br', document: validCpf };
    const recurrencesBefore = psp.recurrences.recs.size;
    const listed = async () =>
      (
        (await api('GET', '/v2/subscriptions?limit=100')).body.data as Array<{ customer: { email: string } }>
      ).filter((subscription) => subscription.customer.email === customer.email).length;

    psp.failNext(20);
    const refused = await api('POST', '/v2/subscriptions', {
      offerId: offer.id,
      customer,
      paymentMethod: 'PIX_AUTOMATICO',
    });
    expect(refused.status, refused.text).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toEqual({
      status: 503,
      error: expect.stringMatching(
        /^paymentMethod: PIX_AUTOMATICO could not be set up: the Pix provider did not answer/,
      ),
    });
    expect(await listed()).toBe(0);

    const session = await api('POST', '/v2/checkout-sessions', { offerId: offer.id });
    expect(session.status, session.text).toBe(201);
    const token = new URL(session.body.url).pathname.split('/').at(-1)!;
    const post = () =>
      call('POST', `/checkout/${token}`, {
        key: null,
        baseUrl: stack.baseUrl,
        rawBody: new URLSearchParams({
          paymentMethod: 'PIX_AUTOMATICO',
          name: customer.name,
          email: customer.email,
          cpf: customer.document,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const page = await post();
    expect(page.status, page.text).toBe(503);
    expect(page.headers.get('retry-after')).toBe('60');
    expect(page.text).toContain('data-testid="provider-did-not-answer"');
    expect(page.text).toContain('O provedor de pagamento não respondeu e nada foi cobrado');
    // The form keeps what the payer typed.
    expect(page.text).toContain('value="caio@example.com.br"');
    expect((await api('GET', `/v2/checkout-sessions/${session.body.id}`)).body.status).toBe('OPEN');
    expect(await listed()).toBe(0);

    psp.failNext(0);
    const again = await post();
    expect(again.status, again.text).toBe(303);
    const created = await api('POST', '/v2/subscriptions', {
      offerId: offer.id,
      customer,
      paymentMethod: 'PIX_AUTOMATICO',
    });
    expect(created.status, created.text).toBe(201);
    expect(await listed()).toBe(2);
    expect(psp.recurrences.recs.size).toBeGreaterThanOrEqual(recurrencesBefore + 2);
  });

  it('the fake PSP saw no request, answer or notification break the API Pix document', () => {
    expect([...psp.requestViolations, ...psp.responseViolations]).toEqual([]);
  });
});
