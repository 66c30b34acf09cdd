// Offers over HTTP: creation linked to a product of the account, validation, listing.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfferRecord } from '../../shared/catalog/offer.ts';
import { offerAmountRange } from '../../shared/catalog/offer-amounts.ts';
import { purchaseCurrencies } from '../../shared/payment-methods.ts';
import { insertOffer } from '../../shared/store/offers.ts';
import { call, createKey, useSharedStore } from '../support/api.ts';

const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let secret: string;
const api = (method: string, path: string, body?: unknown, key = secret) =>
  call(method, path, { key, ...(body === undefined ? {} : { body }) });

async function newProduct(): Promise<{ id: string }> {
  const response = await api('POST', '/v2/products', { name: 'Subscription box' });
  expect(response.status).toBe(201);
  return response.body;
}

beforeAll(async () => {
  secret = (await createKey(['isInvoiceAvailable'])).secretKey;
});

describe('POST /v2/offers', () => {
  it('creates a recurring offer', async () => {
    const product = await newProduct();
    const response = await api('POST', '/v2/offers', {
      productId: product.id,
      name: ' Monthly ',
      amount: 4990,
      billingCycle: 'MONTHLY',
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual([
      'active',
      'amount',
      'billingCycle',
      'createdAt',
      'currency',
      'id',
      'name',
      'productId',
      'updatedAt',
    ]);
    expect(response.body).toMatchObject({
      productId: product.id,
      name: 'Monthly',
      amount: 4990,
      currency: 'BRL',
      billingCycle: 'MONTHLY',
      active: true,
    });
    expect(response.body.id).toMatch(/^off_[0-9a-f-]{36}$/);
    expect(response.body.createdAt).toMatch(iso);
    expect(response.body.updatedAt).toBe(response.body.createdAt);
  });

  it('creates a one-time offer when billingCycle is absent or null', async () => {
    const product = await newProduct();
    for (const body of [
      { productId: product.id, name: 'Once', amount: 1 },
      { productId: product.id, name: 'Once', amount: 9_999_999_999, billingCycle: null },
    ]) {
      const response = await api('POST', '/v2/offers', body);
      expect(response.status, response.text).toBe(201);
      expect(response.body.billingCycle).toBeNull();
    }
  });

  it.each(purchaseCurrencies)(
    'prices an offer in %s at both ends of what its payment methods collect',
    async (currency) => {
      const product = await newProduct();
      const { min, max } = offerAmountRange(currency);
      for (const amount of [min, max]) {
        const response = await api('POST', '/v2/offers', {
          productId: product.id,
          name: 'Plan',
          amount,
          currency,
        });
        expect(response.status, response.text).toBe(201);
        expect(response.body).toMatchObject({ amount, currency });
        expect((await api('GET', `/v2/offers/${response.body.id}`)).body).toEqual(response.body);
      }
    },
  );

  it.each(['WEEKLY', 'MONTHLY', 'QUARTERLY', 'SEMIANNUALLY', 'YEARLY'])(
    'accepts billingCycle %s',
    async (billingCycle) => {
      const product = await newProduct();
      const response = await api('POST', '/v2/offers', {
        productId: product.id,
        name: 'Plan',
        amount: 100,
        billingCycle,
      });
      expect(response.status).toBe(201);
      expect(response.body.billingCycle).toBe(billingCycle);
    },
  );

  it.each([
    ['amount 0', { amount: 0 }, /^amount: must be an integer between 1 and 9999999999 \(cents of BRL\)$/],
    ['amount negative', { amount: -5 }, /^amount: /],
    ['amount fractional', { amount: 10.5 }, /^amount: must be an integer/],
    ['amount too large', { amount: 10_000_000_000 }, /^amount: /],
    [
      'a COP amount below what COP methods collect',
      { amount: 999_999, currency: 'COP' },
      /^amount: must be an integer between 1000000 and 1000000000 \(cents of COP\)$/,
    ],
    ['a BOB amount above what BOB methods collect', { amount: 1_000_001, currency: 'BOB' }, /^amount: .*BOB/],
    ['currency USD', { currency: 'USD' }, /^currency: must be one of BRL, COP, BOB$/],
    ['amount a string', { amount: '100' }, /^amount: /],
    ['amount missing', { amount: undefined }, /^amount: is required$/],
    [
      'billingCycle lower case',
      { billingCycle: 'monthly' },
      /^billingCycle: must be one of WEEKLY, MONTHLY, QUARTERLY, SEMIANNUALLY, YEARLY/,
    ],
    ['billingCycle DAILY', { billingCycle: 'DAILY' }, /^billingCycle: /],
    ['name empty', { name: ' ' }, /^name: must not be empty$/],
    ['name of 256 characters', { name: 'n'.repeat(256) }, /^name: must be at most 255 characters$/],
    ['productId not a string', { productId: 12 }, /^productId: must be a string/],
    ['an unknown field', { price: 100 }, /^price: unknown field$/],
  ])('answers 400 for %s', async (_case, change, message) => {
    const product = await newProduct();
    const response = await api('POST', '/v2/offers', {
      productId: product.id,
      name: 'Plan',
      amount: 100,
      ...change,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 400, error: expect.stringMatching(message) });
    expect((await api('GET', `/v2/offers?productId=${product.id}`)).body.data).toEqual([]);
  });

  it('answers 404 for a product that does not exist, is malformed or belongs to another account', async () => {
    const foreign = await (async () => {
      const other = await createKey(['isInvoiceAvailable']);
      const response = await api('POST', '/v2/products', { name: 'Theirs' }, other.secretKey);
      return response.body.id as string;
    })();
    for (const productId of ['prd_00000000-0000-4000-8000-000000000000', 'whatever', foreign]) {
      const response = await api('POST', '/v2/offers', { productId, name: 'Plan', amount: 100 });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: 404, error: expect.stringMatching(/^productId: /) });
    }
  });

  it('answers 400 for an archived product; deactivation does not touch existing offers', async () => {
    const product = await newProduct();
    const offer = (await api('POST', '/v2/offers', { productId: product.id, name: 'Plan', amount: 100 }))
      .body;
    expect((await api('PATCH', `/v2/products/${product.id}`, { active: false })).status).toBe(200);
    // An inactive product can still get offers; its offers keep working.
    expect(
      (await api('POST', '/v2/offers', { productId: product.id, name: 'Plan 2', amount: 200 })).status,
    ).toBe(201);
    const listed = await api('GET', `/v2/offers?productId=${product.id}`);
    expect(listed.body.data).toContainEqual(offer);

    expect((await api('DELETE', `/v2/products/${product.id}`)).status).toBe(200);
    const refused = await api('POST', '/v2/offers', { productId: product.id, name: 'Plan 3', amount: 300 });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ status: 400, error: expect.stringMatching(/archived/) });
    // An archived product's offers are still listed.
    expect((await api('GET', `/v2/offers?productId=${product.id}`)).body.data).toHaveLength(2);
  });

  it('never attaches an offer to a product archived concurrently', async () => {
    const product = await newProduct();
    const [archive, ...offers] = await Promise.all([
      api('DELETE', `/v2/products/${product.id}`),
      ...Array.from({ length: 5 }, (_, index) =>
        api('POST', '/v2/offers', { productId: product.id, name: `Plan ${index}`, amount: 100 + index }),
      ),
    ]);
    expect(archive!.status, archive!.text).toBe(200);
    const created = offers.filter((response) => response.status === 201);
    for (const response of offers) expect([201, 400]).toContain(response.status);
    expect((await api('GET', `/v2/offers?productId=${product.id}&limit=100`)).body.data).toHaveLength(
      created.length,
    );
    // Once the archive is written, no offer gets through.
    expect(
      (await api('POST', '/v2/offers', { productId: product.id, name: 'Late', amount: 100 })).status,
    ).toBe(400);
  });
});

describe('GET /v2/offers', () => {
  it("lists a product's offers newest first, paginated", async () => {
    const product = await newProduct();
    const other = await newProduct();
    await api('POST', '/v2/offers', { productId: other.id, name: 'Elsewhere', amount: 1 });
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      ids.push(
        (await api('POST', '/v2/offers', { productId: product.id, name: `O${index}`, amount: 100 })).body.id,
      );
      // Offers are ordered by createdAt (milliseconds), then id: keep creation order distinct.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response: Awaited<ReturnType<typeof api>> = await api(
        'GET',
        `/v2/offers?productId=${product.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.status).toBe(200);
      expect(response.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...response.body.data.map((offer: { id: string }) => offer.id));
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it("answers 400 without productId, for bad paging and for another product's cursor", async () => {
    const missing = await api('GET', '/v2/offers');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ status: 400, error: 'productId: is required' });

    const a = await newProduct();
    const b = await newProduct();
    for (let index = 0; index < 2; index++)
      await api('POST', '/v2/offers', { productId: a.id, name: 'X', amount: 1 });
    const cursor = (await api('GET', `/v2/offers?productId=${a.id}&limit=1`)).body.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const crossed = await api('GET', `/v2/offers?productId=${b.id}&cursor=${cursor}`);
    expect(crossed.status).toBe(400);
    expect(crossed.body.error).toMatch(/^cursor: /);
    expect((await api('GET', `/v2/offers?productId=${a.id}&limit=0`)).status).toBe(400);
    expect((await api('GET', `/v2/offers?productId=${a.id}&cursor=%%%`)).status).toBe(400);
  });

  it('answers 404 for an unknown product', async () => {
    const response = await api('GET', '/v2/offers?productId=prd_00000000-0000-4000-8000-000000000000');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: 404, error: expect.stringMatching(/^productId: /) });
  });
});

describe('GET /v2/offers/:id', () => {
  it('answers an offer written before offers had a currency as BRL', async () => {
    const product = await newProduct();
    const { accountId } = (await api('GET', '/v2/account')).body;
    useSharedStore();
    const now = new Date().toISOString();
    const legacy: OfferRecord = {
      accountId,
      id: `off_${crypto.randomUUID()}`,
      productId: product.id,
      name: 'Older',
      amount: 990,
      billingCycle: null,
      active: true,
      createdAt: now,
      updatedAt: now,
    };
    expect(await insertOffer(legacy)).toBe('inserted');
    const response = await api('GET', `/v2/offers/${legacy.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: legacy.id, amount: 990, currency: 'BRL' });
    expect((await api('GET', `/v2/offers?productId=${product.id}`)).body.data[0].currency).toBe('BRL');
  });

  it("answers 404 for an unknown, malformed or another account's offer", async () => {
    const other = await createKey(['isInvoiceAvailable']);
    const theirProduct = (await api('POST', '/v2/products', { name: 'Theirs' }, other.secretKey)).body;
    const theirs = (
      await api(
        'POST',
        '/v2/offers',
        { productId: theirProduct.id, name: 'Plan', amount: 100 },
        other.secretKey,
      )
    ).body;
    for (const id of ['off_00000000-0000-4000-8000-000000000000', 'nope', theirs.id]) {
      for (const method of ['GET', 'PATCH']) {
        const response = await api(
          method,
          `/v2/offers/${id}`,
          method === 'PATCH' ? { active: false } : undefined,
        );
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ status: 404, error: 'id: no such offer in this account' });
      }
    }
    expect((await api('GET', `/v2/offers/${theirs.id}`, undefined, other.secretKey)).body.active).toBe(true);
  });
});

describe('PATCH /v2/offers/:id', () => {
  it('renames and turns an offer off and on; its price, currency and cycle stay', async () => {
    const product = await newProduct();
    const offer = (
      await api('POST', '/v2/offers', {
        productId: product.id,
        name: 'Plan',
        amount: 2_000_000,
        currency: 'COP',
        billingCycle: 'MONTHLY',
      })
    ).body;
    const renamed = await api('PATCH', `/v2/offers/${offer.id}`, { name: ' Plan mensual ', active: false });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      ...offer,
      name: 'Plan mensual',
      active: false,
      updatedAt: expect.stringMatching(iso),
    });
    expect(renamed.body.updatedAt >= offer.updatedAt).toBe(true);
    expect((await api('PATCH', `/v2/offers/${offer.id}`, { active: true })).body).toMatchObject({
      name: 'Plan mensual',
      active: true,
    });
    expect((await api('GET', `/v2/offers/${offer.id}`)).body.active).toBe(true);
  });

  it.each([
    ['an empty body', {}, /^body: must contain at least one of name, active$/],
    ['a price change', { amount: 5 }, /^amount: unknown field$/],
    ['a currency change', { currency: 'BOB' }, /^currency: unknown field$/],
    ['active not a boolean', { active: 'no' }, /^active: must be true or false$/],
    ['an empty name', { name: '' }, /^name: must not be empty$/],
  ])('answers 400 for %s', async (_case, body, message) => {
    const product = await newProduct();
    const offer = (await api('POST', '/v2/offers', { productId: product.id, name: 'Plan', amount: 100 }))
      .body;
    const response = await api('PATCH', `/v2/offers/${offer.id}`, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 400, error: expect.stringMatching(message) });
    expect((await api('GET', `/v2/offers/${offer.id}`)).body).toEqual(offer);
  });
});
