// The Pix Automático client (shared/rails/api-pix/recurrence-client.ts) against the fake PSP, over
// HTTPS with mutual TLS and OAuth, every request, response and notification checked against the
// Central Bank's API Pix document: the three journeys, the cycle charge window, a failed debit
// retried, both cancellations and a cycle charge created several times. No local stack: the
// client is what is under test (the subscriptions' own tests drive it through HTTP).
import { createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../../shared/purchase/due-date.ts';
import { createApiPixClient } from '../../shared/rails/api-pix/api-pix-client.ts';
import type { ApiPixConfig } from '../../shared/rails/api-pix/api-pix-config.ts';
import { nextRetryDate } from '../../shared/rails/api-pix/cycle-charge-window.ts';
import { cycleTxidFor } from '../../shared/rails/api-pix/cycle-txid.ts';
import { pspWebhookUrl, registerPspWebhooks } from '../../shared/rails/api-pix/psp-webhook-registration.ts';
import { createRecurrenceClient, recurrenceScopes } from '../../shared/rails/api-pix/recurrence-client.ts';
import {
  type CreateRecurrenceInput,
  CycleChargeOutsideWindowError,
  type PixAutomaticoPort,
} from '../../shared/rails/api-pix/recurrence-port.ts';
import { verifyEmvCrc } from '../../shared/rails/emv-qr.ts';
import { type FakePsp, startFakePsp } from '../support/fake-psp/fake-psp.ts';

let psp: FakePsp;
let receiver: Server;
let receiverUrl: string;
let config: ApiPixConfig;
let client: ReturnType<typeof createApiPixClient>;
let pixAutomatico: PixAutomaticoPort;
/** The notifications the PSP sent us: the path they reached and their body. */
const notifications: Array<{ path: string; body: any }> = [];
const today = () => todayInSaoPaulo(new Date());
const answerBy = () => Date.now() + 10_000;
let subscriptionSeq = 0;

beforeAll(async () => {
  psp = await startFakePsp();
  receiver = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      notifications.push({ path: request.url ?? '', body: JSON.parse(text) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  config = {
    baseUrl: psp.baseUrl,
    tokenUrl: psp.tokenUrl,
    chave: psp.chave,
    clientId: psp.clientId,
    merchantName: 'Cashin',
    merchantCity: 'Sao Paulo',
    timeoutMs: 3000,
    secretId: null,
    receiverAccount: { agencia: '0001', conta: '998877', tipoConta: 'CORRENTE' },
  };
  const { certificates } = psp;
  const secrets = {
    clientSecret: psp.clientSecret,
    cert: certificates.client.cert,
    key: certificates.client.key,
    ca: certificates.ca,
  };
  client = createApiPixClient(config, async () => secrets, recurrenceScopes);
  pixAutomatico = createRecurrenceClient(config, client);
});

afterAll(async () => {
  const violations = [...(psp?.requestViolations ?? []), ...(psp?.responseViolations ?? [])];
  console.log(`fake PSP (Pix Automático): ${violations.length} violations of the API Pix document`);
  await psp?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

function terms(overrides: Partial<CreateRecurrenceInput> = {}): CreateRecurrenceInput {
  subscriptionSeq += 1;
  return {
    subscriptionId: `sub_00000000-0000-4000-8000-${String(subscriptionSeq).padStart(12, '0')}`,
    description: 'Plano Mensal',
    amountCents: 4990,
    billingCycle: 'MONTHLY',
    firstDueDate: addDays(today(), 5),
    customer: { name: 'Ana Souza', document: '12345678909' },
    requestedAt: new Date(),
    authorizationExpiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    today: today(),
    ...overrides,
  };
}

/** A journey-2 recurrence the payer authorized. */
async function activeRecurrence() {
  const input = terms();
  const created = await pixAutomatico.createRecurrence(input, answerBy());
  await psp.recurrences.authorize(created.idRec);
  return { input, idRec: created.idRec };
}

/** The payer's bank over HTTPS (what a stack's sandbox route would call): the status answered. */
function payerBank(path: string): Promise<number> {
  const { client: certificate, ca } = psp.certificates;
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      `${psp.payerBankUrl}${path}`,
      { method: 'POST', cert: certificate.cert, key: certificate.key, ca },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const notificationsAbout = (kind: 'rec' | 'cobr', id: string) =>
  notifications.filter(
    (n) =>
      n.path.endsWith(`/${kind}`) &&
      (kind === 'rec' ? n.body.recs : n.body.cobsr).some(
        (item: any) => item.idRec === id || item.txid === id,
      ),
  );

describe('PSP notification URLs', () => {
  it('registers /webhook/{chave}, /webhookrec and /webhookcobr once, each at its own function URL; a second run changes nothing', async () => {
    // Each kind is served by its own function, at its own origin (RouteDef.servedAt).
    const urls = {
      pix: pspWebhookUrl('pix', `${receiverUrl}/`),
      rec: pspWebhookUrl('rec', receiverUrl.replace('127.0.0.1', 'localhost')),
      cobr: pspWebhookUrl('cobr', `${receiverUrl.replace('127.0.0.1', 'localhost')}//`),
    };
    expect(urls.pix).toBe(`${receiverUrl}/rails/api-pix/webhook`);
    expect(urls.cobr).toBe(`${receiverUrl.replace('127.0.0.1', 'localhost')}/rails/api-pix/webhook`);
    const first = await registerPspWebhooks(config, client, urls, answerBy());
    expect(first).toEqual([
      { path: `/webhook/${psp.chave}`, webhookUrl: urls.pix, changed: true },
      { path: '/webhookrec', webhookUrl: urls.rec, changed: true },
      { path: '/webhookcobr', webhookUrl: urls.cobr, changed: true },
    ]);
    const again = await registerPspWebhooks(config, client, urls, answerBy());
    expect(again.map((r) => r.changed)).toEqual([false, false, false]);
    expect(Object.fromEntries([...psp.registeredWebhooks].map(([kind, w]) => [kind, w.webhookUrl]))).toEqual(
      urls,
    );
    expect(psp.requests.filter((r) => r.method === 'PUT' && r.path.includes('/webhook'))).toHaveLength(3);
  });
});

describe('journeys', () => {
  it('journey 3: one QR pays cycle 1 and authorizes; a repeated create finds the same recurrence', async () => {
    const input = terms({ firstDueDate: today() });
    const created = await pixAutomatico.createRecurrence(input, answerBy());
    expect(created).toMatchObject({
      journey: 3,
      firstChargeTxid: cycleTxidFor(input.subscriptionId, 1),
      solicitationId: null,
      state: { status: 'PENDING_AUTHORIZATION' },
    });
    expect(verifyEmvCrc(created.qr!)).toBe(true);
    const rec = psp.recurrences.recs.get(created.idRec)!;
    // The composite QR: the immediate charge's location and the recurrence's (tag 80).
    expect(created.qr).toContain(psp.cobs.get(created.firstChargeTxid!)!.location);
    expect(created.qr).toContain(rec.loc.location);
    expect(rec.vinculo.contrato).toBe(input.subscriptionId.replace(/[^A-Za-z0-9]/g, ''));

    const repeated = await pixAutomatico.createRecurrence(input, answerBy());
    expect(repeated.idRec).toBe(created.idRec);
    expect(psp.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/rec')).toHaveLength(1);

    await psp.recurrences.authorize(created.idRec);
    // Asked again a day later, once authorized: the same recurrence and journey, nothing to scan.
    expect(
      await pixAutomatico.createRecurrence({ ...input, today: addDays(input.today, 1) }, answerBy()),
    ).toMatchObject({ idRec: created.idRec, journey: 3, qr: null, state: { status: 'ACTIVE' } });
    expect(await pixAutomatico.getRecurrence(created.idRec, answerBy())).toEqual({
      idRec: created.idRec,
      state: { status: 'ACTIVE', reason: null, detail: null },
      firstChargeTxid: created.firstChargeTxid,
    });
    expect(await pixAutomatico.getFirstCycleCharge(created.firstChargeTxid!, answerBy())).toMatchObject({
      status: 'PAID',
    });
    expect(notifications.some((n) => n.path.endsWith('/pix'))).toBe(true);
    expect(notificationsAbout('rec', created.idRec)).toHaveLength(1);
  });

  it('journey 2: a QR that only authorizes; cycle 1 is a /cobr inside its window', async () => {
    const input = terms();
    const created = await pixAutomatico.createRecurrence(input, answerBy());
    expect(created).toMatchObject({ journey: 2, firstChargeTxid: null, solicitationId: null });
    expect(verifyEmvCrc(created.qr!)).toBe(true);
    await psp.recurrences.authorize(created.idRec);
    const charge = await pixAutomatico.createCycleCharge(
      {
        subscriptionId: input.subscriptionId,
        cycle: 1,
        idRec: created.idRec,
        dueDate: input.firstDueDate,
        amountCents: input.amountCents,
        description: 'Plano Mensal — ciclo 1',
        today: today(),
      },
      answerBy(),
    );
    expect(charge).toMatchObject({
      txid: cycleTxidFor(input.subscriptionId, 1),
      status: 'PENDING',
      lastDebitFailed: false,
      dueDate: input.firstDueDate,
    });
    await psp.recurrences.debit(charge.txid, 'paid');
    const paid = await pixAutomatico.getCycleCharge(charge.txid, answerBy());
    expect(paid).toMatchObject({ status: 'PAID', paid: { endToEndId: expect.stringMatching(/^E/) } });
    expect(psp.recurrences.recs.get(created.idRec)!.ativacao.tipoJornada).toBe('JORNADA_2');
  });

  it('journey 1: the request goes to the payer bank account; no QR', async () => {
    const input = terms({
      firstDueDate: addDays(today(), 10),
      payerBankAccount: { ispbParticipante: '87654321', agencia: '0001', conta: '123456' },
    });
    const created = await pixAutomatico.createRecurrence(input, answerBy());
    expect(created).toMatchObject({ journey: 1, qr: null, firstChargeTxid: null });
    expect(psp.recurrences.solicRecs.get(created.solicitationId!)).toMatchObject({
      idRec: created.idRec,
      status: 'ENVIADA',
      destinatario: { cpf: input.customer.document, conta: '123456' },
    });
    // A repeated create reuses the recurrence and its request.
    expect((await pixAutomatico.createRecurrence(input, answerBy())).solicitationId).toBe(
      created.solicitationId,
    );
    expect(await payerBank(`/rec/${created.idRec}/authorize`)).toBe(204);
    expect(await payerBank(`/rec/${created.idRec}/authorize`), 'only a CRIADA one').toBe(409);
    expect((await pixAutomatico.getRecurrence(created.idRec, answerBy()))?.state.status).toBe('ACTIVE');
    expect(psp.recurrences.recs.get(created.idRec)!.ativacao.tipoJornada).toBe('JORNADA_1');
  });

  it('a payer who declines leaves the subscription EXPIRED, PAYER_DECLINED', async () => {
    const created = await pixAutomatico.createRecurrence(terms(), answerBy());
    await psp.recurrences.decline(created.idRec);
    expect((await pixAutomatico.getRecurrence(created.idRec, answerBy()))?.state).toMatchObject({
      status: 'EXPIRED',
      reason: 'PAYER_DECLINED',
    });
  });
});

describe('cycle charges', () => {
  it('are created only 10 to 2 days before their due date (the client and the PSP agree)', async () => {
    const { input, idRec } = await activeRecurrence();
    const charge = (cycle: number, dueDate: string) => ({
      subscriptionId: input.subscriptionId,
      cycle,
      idRec,
      dueDate,
      amountCents: 4990,
      today: today(),
    });
    for (const dueDate of [addDays(today(), 1), addDays(today(), 11)])
      await expect(pixAutomatico.createCycleCharge(charge(2, dueDate), answerBy())).rejects.toThrow(
        CycleChargeOutsideWindowError,
      );
    expect(psp.requests.some((r) => r.path === `/api/v2/cobr/${cycleTxidFor(input.subscriptionId, 2)}`)).toBe(
      true, // only the GET that looked for a charge made earlier
    );
    expect(
      psp.requests.filter((r) => r.method === 'PUT' && r.path.startsWith('/api/v2/cobr/')),
    ).not.toContainEqual(
      expect.objectContaining({ path: `/api/v2/cobr/${cycleTxidFor(input.subscriptionId, 2)}` }),
    );
    const tooLate = await client.send('PUT', `/cobr/${cycleTxidFor(input.subscriptionId, 3)}`, answerBy(), {
      idRec,
      calendario: { dataDeVencimento: addDays(today(), 1) },
      valor: { original: '49.90' },
      ajusteDiaUtil: true,
      recebedor: config.receiverAccount,
    });
    expect(tooLate.status).toBe(400);
    for (const days of [2, 10])
      expect(
        (await pixAutomatico.createCycleCharge(charge(days, addDays(today(), days)), answerBy())).status,
      ).toBe('PENDING');
  });

  it('a failed debit is retried on a date the policy allows, then paid', async () => {
    const { input, idRec } = await activeRecurrence();
    const dueDate = addDays(today(), 3);
    const created = await pixAutomatico.createCycleCharge(
      { subscriptionId: input.subscriptionId, cycle: 2, idRec, dueDate, amountCents: 4990, today: today() },
      answerBy(),
    );
    expect(await payerBank('/fail-next-debit')).toBe(204);
    expect(await payerBank(`/cobr/${created.txid}/debit`)).toBe(204);
    const failed = await pixAutomatico.getCycleCharge(created.txid, answerBy());
    expect(failed).toMatchObject({ status: 'PENDING', lastDebitFailed: true, attempts: [dueDate] });
    expect(notificationsAbout('cobr', created.txid)).toHaveLength(1);

    const retryOn = nextRetryDate(dueDate, failed!.attempts, today())!;
    expect(retryOn).toBe(addDays(dueDate, 1));
    const retried = await pixAutomatico.retryCycleCharge(created.txid, retryOn, answerBy());
    expect(retried).toMatchObject({
      status: 'PENDING',
      lastDebitFailed: false,
      attempts: [dueDate, retryOn],
    });
    // Asked again (a repeated job): the retry already scheduled answers.
    expect((await pixAutomatico.retryCycleCharge(created.txid, retryOn, answerBy())).attempts).toHaveLength(
      2,
    );

    await psp.recurrences.debit(created.txid);
    expect(await pixAutomatico.getCycleCharge(created.txid, answerBy())).toMatchObject({
      status: 'PAID',
      attempts: [dueDate, retryOn],
    });
  });

  it('created several times at once and again, it is one charge', async () => {
    const { input, idRec } = await activeRecurrence();
    const charge = {
      subscriptionId: input.subscriptionId,
      cycle: 4,
      idRec,
      dueDate: addDays(today(), 6),
      amountCents: 4990,
      today: today(),
    };
    const readings = await Promise.all(
      [1, 2, 3].map(() => pixAutomatico.createCycleCharge(charge, answerBy())),
    );
    readings.push(await pixAutomatico.createCycleCharge(charge, answerBy()));
    expect(new Set(readings.map((r) => r.txid))).toEqual(new Set([cycleTxidFor(input.subscriptionId, 4)]));
    const charges = [...psp.recurrences.cobrs.values()].filter((c) => c.idRec === idRec);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.tentativas).toHaveLength(1);
  });
});

describe('cancellation', () => {
  it('by the payer: the recurrence and its open charge end, PAYER_CANCELED', async () => {
    const { input, idRec } = await activeRecurrence();
    const charge = await pixAutomatico.createCycleCharge(
      {
        subscriptionId: input.subscriptionId,
        cycle: 2,
        idRec,
        dueDate: addDays(today(), 4),
        amountCents: 4990,
        today: today(),
      },
      answerBy(),
    );
    await psp.recurrences.payerCancels(idRec);
    expect((await pixAutomatico.getRecurrence(idRec, answerBy()))?.state).toMatchObject({
      status: 'CANCELED',
      reason: 'PAYER_CANCELED',
    });
    expect((await pixAutomatico.getCycleCharge(charge.txid, answerBy()))?.status).toBe('CANCELED');
    expect(notificationsAbout('rec', idRec).at(-1)?.body.recs[0].status).toBe('CANCELADA');
  });

  it('by the merchant: PATCH /rec CANCELADA, MERCHANT_CANCELED; canceling again reads the same', async () => {
    const { idRec } = await activeRecurrence();
    const canceled = await pixAutomatico.cancelRecurrence(idRec, answerBy());
    expect(canceled.state).toMatchObject({ status: 'CANCELED', reason: 'MERCHANT_CANCELED' });
    expect((await pixAutomatico.cancelRecurrence(idRec, answerBy())).state).toEqual(canceled.state);
  });

  it('the fake PSP records a request that breaks the document (so zero means something)', async () => {
    const before = psp.requestViolations.length;
    await client.send('PUT', `/cobr/${cycleTxidFor('sub_broken', 1)}`, answerBy(), {
      idRec: 'RR1234567820261126abcdefghijk',
      valor: { original: '49.90' },
    });
    const recorded = psp.requestViolations.splice(before);
    expect(recorded).toEqual(
      expect.arrayContaining([
        expect.stringContaining("required property 'ajusteDiaUtil'"),
        expect.stringContaining("required property 'recebedor'"),
      ]),
    );
  });

  it('the fake PSP saw no violation of the API Pix document', () => {
    expect([...psp.requestViolations, ...psp.responseViolations]).toEqual([]);
  });
});
