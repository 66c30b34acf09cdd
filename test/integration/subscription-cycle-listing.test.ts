// GET /transactions?subscriptionId=: a subscription's cycle charges, newest cycle first, paged
// by key (each page reads the subscription, the cursor's charge and the page's charges), with the
// other filters still applied; a cursor of another subscription or a malformed id is a 400.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createKey } from '../support/api.ts';
import { boletoBody, validCnpj, validCpf } from '../support/purchase-fixtures.ts';
import { createRecurringOffer } from '../support/recurring-offer.ts';

let key: string;
const api = (method: string, path: string, body?: unknown) =>
  call(method, path, { key, ...(body === undefined ? {} : { body }) });

async function subscription(paymentMethod: string): Promise<string> {
  const offer = await createRecurringOffer(api, 'Clube do café', {
    name: 'Semanal',
    amount: 2_990,
    billingCycle: 'WEEKLY',
  });
  const created = await api('POST', '/v2/subscriptions', {
    offerId: offer.id,
    paymentMethod,
    customer: {
      name: 'João Souza',
      email: 'joao@example.com.br',
      phone: '(11) 91234-5678',
      document: validCpf,
      address: boletoBody().boletoAddress,
    },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.id;
}

const cyclesOf = (page: { data: Array<{ cycle: number }> }) => page.data.map((charge) => charge.cycle);

beforeAll(async () => {
  const merchant = await createKey(['createTransaction', 'isInvoiceAvailable', 'manageAccount']);
  key = merchant.secretKey;
  expect((await api('PUT', '/v2/account/settings', { responsibleDocument: validCnpj })).status).toBe(200);
});

describe('GET /transactions?subscriptionId=', () => {
  it("pages a subscription's cycles newest first, by key, with the other filters", async () => {
    const id = await subscription('PIX');
    const other = await subscription('BOLETO');
    for (const _ of [2, 3]) {
      const run = await api('POST', `/sandbox/subscriptions/${id}/next-cycle`);
      expect(run.status, run.text).toBe(200);
    }
    const first = await api('GET', `/transactions?subscriptionId=${id}&limit=2`);
    expect(first.status, first.text).toBe(200);
    expect(cyclesOf(first.body)).toEqual([3, 2]);
    expect(first.body.data.every((charge: { subscriptionId: string }) => charge.subscriptionId === id)).toBe(
      true,
    );
    const second = await api(
      'GET',
      `/transactions?subscriptionId=${id}&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(cyclesOf(second.body)).toEqual([1]);
    expect(second.body.nextCursor).toBeNull();
    // The other filters still apply to the charges read.
    const boletos = await api('GET', `/transactions?subscriptionId=${id}&method=BOLETO`);
    expect(boletos.body).toEqual({ data: [], nextCursor: null });
    expect(cyclesOf((await api('GET', `/transactions?subscriptionId=${other}`)).body)).toEqual([1]);

    const foreign = await api('GET', `/transactions?subscriptionId=${other}&cursor=${first.body.nextCursor}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/^cursor: /);
    const malformed = await api('GET', '/transactions?subscriptionId=sub_1');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^subscriptionId: /);
    const unknown = await api('GET', `/transactions?subscriptionId=sub_${'0'.repeat(32)}`);
    expect(unknown.body).toEqual({ data: [], nextCursor: null });
  }, 60_000);
});
