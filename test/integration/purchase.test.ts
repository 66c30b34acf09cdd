// POST /transactions/v2/purchase and GET /transactions/:id over HTTP against the local stack.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { methodCodesOf } from '../../shared/payment-methods.ts';
import { claimIdempotencyKey } from '../../shared/store/idempotency.ts';
import { requestHash } from '../../shared/transactions/request-hash.ts';
import { call, createKey, sharedStack, useSharedStore } from '../support/api.ts';
import { bobBody, boletoBody, copBody } from '../support/purchase-fixtures.ts';
import { duringSaoPauloDays, plusDays, saoPauloDate } from '../support/sao-paulo-calendar.ts';

const purchase = (body: unknown, options: { key?: string | null; headers?: Record<string, string> } = {}) =>
  call('POST', '/transactions/v2/purchase', { body, ...options });
const without = (body: Record<string, unknown>, field: string) =>
  Object.fromEntries(Object.entries(body).filter(([name]) => name !== field));
const badRequestShape = { statusCode: 400, message: expect.any(String), error: 'Bad Request' };

function expectCreationShape(body: Record<string, unknown>) {
  expect(Object.keys(body).sort()).toEqual(
    [
      'amount',
      'boletoDigitableLine',
      'costFee',
      'createdAt',
      'currency',
      'expiresAt',
      'externalId',
      'id',
      'installments',
      'method',
      'paymentInstruction',
      'postbackUrl',
      'qr',
      'redirectUrl',
      'referrerUrl',
      'status',
    ].sort(),
  );
  expect(body.id).toMatch(/^\d{19}$/);
  expect(body.status).toBe('PENDING');
  expect(body.installments).toBeNull();
  expect(body.referrerUrl).toBeNull();
  expect(body.expiresAt).toBeNull();
  expect(body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(Number.isInteger(body.costFee)).toBe(true);
}

describe('POST /transactions/v2/purchase — the six variants', () => {
  it('creates a BRL boleto with an empty paymentInstruction at first', async () => {
    const externalId = `order-${randomUUID()}`;
    const { result: response, days } = await duringSaoPauloDays(() =>
      purchase({ ...boletoBody(), externalId, postbackUrl: 'https://merchant.example/hooks' }),
    );
    expect(response.status).toBe(201);
    expectCreationShape(response.body);
    expect(response.body).toMatchObject({
      currency: 'BRL',
      method: 'BOLETO',
      amount: 15_000,
      externalId,
      postbackUrl: 'https://merchant.example/hooks',
      redirectUrl: null,
      qr: null,
      boletoDigitableLine: null,
      costFee: 350,
    });
    expect(days(3).map((day) => `${day}T00:00:00.000Z`)).toContain(response.body.paymentInstruction.dueDate);
    expect(response.body.paymentInstruction).toEqual({
      type: 'BOLETO',
      dueDate: response.body.paymentInstruction.dueDate,
      boletoUrl: null,
      boletoBarcode: '',
      boletoDigitableLine: '',
    });
  });

  it.each(methodCodesOf('COP'))('creates a COP %s transaction with redirectUrl null', async (method) => {
    const response = await purchase({ ...copBody(), paymentMethod: method });
    expect(response.status).toBe(201);
    expectCreationShape(response.body);
    expect(response.body).toMatchObject({
      currency: 'COP',
      method,
      amount: 5_000_000,
      redirectUrl: null,
      qr: null,
      paymentInstruction: null,
      externalId: null,
    });
  });

  it('defaults COP to BANK_TRANSFER and BOB to QR', async () => {
    expect((await purchase(copBody())).body.method).toBe('BANK_TRANSFER');
    const bob = await purchase(bobBody());
    expect(bob.status).toBe(201);
    expectCreationShape(bob.body);
    expect(bob.body).toMatchObject({
      currency: 'BOB',
      method: 'QR',
      qr: null,
      redirectUrl: null,
      paymentInstruction: null,
    });
  });

  it("uses the account's global postback URL when the body has none", async () => {
    const key = await createKey(['createTransaction'], { postbackUrl: 'https://global.example/webhooks' });
    const response = await purchase(bobBody(), { key: key.secretKey });
    expect(response.body.postbackUrl).toBe('https://global.example/webhooks');
  });
});

describe('POST /transactions/v2/purchase — validation', () => {
  const commonRequired = [
    'name',
    'email',
    'phone',
    'amount',
    'description',
    'responsibleDocument',
    'responsibleExternalId',
  ];
  const cases: Array<[string, () => Record<string, unknown>, string[]]> = [
    ['BRL boleto', boletoBody, [...commonRequired, 'paymentMethod', 'cpf', 'boletoAddress']],
    ['COP', copBody, commonRequired],
    ['BOB', bobBody, commonRequired],
  ];
  for (const [variant, body, required] of cases) {
    it.each(required)(`${variant}: missing %s → 400 naming it`, async (field) => {
      const response = await purchase(without(body(), field));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(badRequestShape);
      expect(response.body.message).toContain(field);
    });
  }

  it.each(['address', 'district', 'city', 'zipCode', 'uf'])(
    'boleto: incomplete address (no %s) → 400',
    async (field) => {
      const body = boletoBody();
      body.boletoAddress = without(body.boletoAddress as Record<string, unknown>, field);
      const response = await purchase(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(`boletoAddress.${field}`);
    },
  );

  const bounds: Array<[string, () => Record<string, unknown>, number, number]> = [
    ['COP', copBody, 1_000_000, 1_000_000_000],
    ['BOB', bobBody, 1_000, 1_000_000],
    ['BRL', boletoBody, 500, 9_999_999_999],
  ];
  for (const [currency, body, min, max] of bounds) {
    it(`${currency}: amount ${min - 1} and ${max + 1} → 400; ${min} and ${max} → 201`, async () => {
      for (const amount of [min - 1, max + 1]) {
        const response = await purchase({ ...body(), amount });
        expect(response.status, `amount ${amount}`).toBe(400);
        expect(response.body.message).toContain('amount');
      }
      for (const amount of [min, max]) {
        const response = await purchase({ ...body(), amount });
        expect(response.status, `amount ${amount}`).toBe(201);
        expect(response.body.amount).toBe(amount);
      }
    });
  }

  it.each([
    ['a non-integer amount', { amount: 15_000.5 }, 'amount'],
    ['an amount as a string', { amount: '15000' }, 'amount'],
    ['a CPF with a bad check digit', { cpf: '529.982.247-26' }, 'cpf'],
    ['a CNPJ with a bad check digit', { responsibleDocument: '11.222.333/0001-82' }, 'responsibleDocument'],
    ['a past dueDate', { dueDate: '2020-01-01' }, 'dueDate'],
    ['a dueDate that is not a date', { dueDate: '2026-02-30' }, 'dueDate'],
    ['a short phone', { phone: '1234567' }, 'phone'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'email'],
    ['a 256-character name', { name: 'x'.repeat(256) }, 'name'],
    ['an unknown field', { color: 'blue' }, 'color'],
    ['an invalid postbackUrl', { postbackUrl: 'not a url' }, 'postbackUrl'],
    ['a boleto address on a PIX body', { paymentMethod: 'PIX' }, 'boletoAddress: unknown field'],
    ['CREDIT_CARD', { paymentMethod: 'CREDIT_CARD' }, 'CREDIT_CARD'],
    ['MXN', { currency: 'MXN' }, 'MXN'],
    ['ARS', { currency: 'ARS' }, 'ARS'],
  ])('boleto: %s → 400 naming the problem', async (_name, change, mention) => {
    const response = await purchase({ ...boletoBody(), ...change });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(badRequestShape);
    expect(response.body.message).toContain(mention);
  });

  it('boleto: a bad UF → 400', async () => {
    const body = boletoBody();
    body.boletoAddress = { ...(body.boletoAddress as object), uf: 'XX' };
    const response = await purchase(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('boletoAddress.uf');
  });

  it('boleto: the default dueDate is today + 3 days in São Paulo', async () => {
    const { result: response, days } = await duringSaoPauloDays(() => purchase(boletoBody()));
    expect(response.status).toBe(201);
    expect(days(3).map((day) => `${day}T00:00:00.000Z`)).toContain(response.body.paymentInstruction.dueDate);
    const chosen = plusDays(saoPauloDate(Date.now()), 10);
    expect((await purchase({ ...boletoBody(), dueDate: chosen })).body.paymentInstruction.dueDate).toBe(
      `${chosen}T00:00:00.000Z`,
    );
  });

  it('boleto: dueDate today and 366 days ahead (São Paulo) → 201; yesterday and 367 days → 400', async () => {
    // Dates a day away from either bound: a run that crosses midnight in São Paulo keeps them valid.
    const today = saoPauloDate(Date.now());
    for (const [offset, status] of [
      [-1, 400],
      [0, 201],
      [366, 201],
      [367, 400],
    ] as const) {
      const { result: response, days } = await duringSaoPauloDays(() =>
        purchase({ ...boletoBody(), dueDate: plusDays(today, offset) }),
      );
      // Skip the rare run where São Paulo's date changed between reading it and the answer.
      if (days(0).length > 1 || days(0)[0] !== today) continue;
      expect(response.status, `today ${offset >= 0 ? '+' : ''}${offset} days`).toBe(status);
      if (status === 400) expect(response.body.message).toContain('dueDate');
    }
  });

  it('COP: an E.164-invalid phone and an implausible document → 400', async () => {
    expect((await purchase({ ...copBody(), phone: 'abc' })).body.message).toContain('phone');
    expect((await purchase({ ...copBody(), responsibleDocument: '12' })).body.message).toContain(
      'responsibleDocument',
    );
  });

  it('malformed JSON → 400 in the transaction shape', async () => {
    const response = await call('POST', '/transactions/v2/purchase', {
      rawBody: '{"amount":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(badRequestShape);
  });
});

describe('POST /transactions/v2/purchase — auth, uniqueness, idempotency', () => {
  it('401 without a valid key, 403 without createTransaction', async () => {
    expect((await purchase(copBody(), { key: null })).body).toEqual({
      statusCode: 401,
      message: 'Unauthorized',
      error: 'Unauthorized',
    });
    const catalogOnly = await createKey(['isInvoiceAvailable']);
    const forbidden = await purchase(copBody(), { key: catalogOnly.secretKey });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ statusCode: 403, message: 'Forbidden', error: 'Forbidden' });
  });

  it('409 when the externalId was used by another transaction of the account', async () => {
    const externalId = `dup-${randomUUID()}`;
    expect((await purchase({ ...copBody(), externalId })).status).toBe(201);
    const second = await purchase({ ...bobBody(), externalId });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      statusCode: 409,
      message: expect.stringContaining('externalId'),
      error: 'Conflict',
    });
    // Another account may use the same reference.
    const other = await createKey(['createTransaction']);
    expect((await purchase({ ...copBody(), externalId }, { key: other.secretKey })).status).toBe(201);
  });

  it('exactly one of many concurrent purchases with one externalId succeeds', async () => {
    const externalId = `race-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => purchase({ ...copBody(), externalId })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
  });

  it('replays the first response for the same Idempotency-Key and body; 422 for another body', async () => {
    const headers = { 'idempotency-key': `idem-${randomUUID()}` };
    const first = await purchase(copBody(), { headers });
    expect(first.status).toBe(201);
    const replay = await purchase({ ...copBody() }, { headers });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const mismatch = await purchase({ ...copBody(), amount: 2_000_000 }, { headers });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity' });
  });

  it('409 while a request with the same Idempotency-Key is in flight', async () => {
    useSharedStore();
    const key = `inflight-${randomUUID()}`;
    const body = copBody();
    await claimIdempotencyKey(sharedStack().accountId, key, requestHash(body));
    const response = await purchase(body, { headers: { 'idempotency-key': key } });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain('Idempotency-Key');
  });

  it('a failed request gives its Idempotency-Key back', async () => {
    const headers = { 'idempotency-key': `retry-${randomUUID()}` };
    const externalId = `taken-${randomUUID()}`;
    expect((await purchase({ ...copBody(), externalId })).status).toBe(201);
    expect((await purchase({ ...copBody(), externalId }, { headers })).status).toBe(409);
    expect((await purchase({ ...copBody(), externalId: `free-${randomUUID()}` }, { headers })).status).toBe(
      201,
    );
  });
});

describe('GET /transactions/:id', () => {
  it('returns the stored transaction by id and by externalId, with updatedAt and paidAt', async () => {
    const externalId = `get-${randomUUID()}`;
    const created = await purchase({ ...bobBody(), externalId });
    const byId = await call('GET', `/transactions/${created.body.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ ...created.body, qr: byId.body.qr, expiresAt: byId.body.expiresAt });
    expect(byId.body.paidAt).toBeNull();
    expect(byId.body.updatedAt).toMatch(/Z$/);
    const byExternal = await call(
      'GET',
      `/transactions/${encodeURIComponent(externalId)}?searchBy=externalId`,
    );
    expect(byExternal.status).toBe(200);
    expect(byExternal.body.id).toBe(created.body.id);
  });

  it('404 for an unknown id or externalId, 400 for an unknown searchBy', async () => {
    expect((await call('GET', '/transactions/1234567890123456789')).body).toEqual({
      statusCode: 404,
      message: expect.any(String),
      error: 'Not Found',
    });
    expect((await call('GET', '/transactions/nope?searchBy=externalId')).status).toBe(404);
    expect((await call('GET', '/transactions/abc')).status).toBe(404);
    const bad = await call('GET', '/transactions/123?searchBy=email');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringContaining('searchBy'),
    });
  });

  it("404 for another account's transaction, by id and by externalId", async () => {
    const externalId = `mine-${randomUUID()}`;
    const created = await purchase({ ...copBody(), externalId });
    const other = await createKey(['createTransaction']);
    expect((await call('GET', `/transactions/${created.body.id}`, { key: other.secretKey })).status).toBe(
      404,
    );
    expect(
      (await call('GET', `/transactions/${externalId}?searchBy=externalId`, { key: other.secretKey })).status,
    ).toBe(404);
  });

  it('401/403 like the purchase endpoint', async () => {
    expect((await call('GET', '/transactions/1', { key: null })).status).toBe(401);
    const catalogOnly = await createKey(['isInvoiceAvailable']);
    expect((await call('GET', '/transactions/1', { key: catalogOnly.secretKey })).status).toBe(403);
  });
});
