// The product endpoints over HTTP against the shared local stack: create, read, update,
// archive, list, externalId uniqueness, errors and auth.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createKey } from '../support/api.ts';

const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const productId = /^prd_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A fresh account with a catalog key, so listings see only this test's products. */
async function catalogAccount() {
  const key = await createKey(['isInvoiceAvailable']);
  const as = (method: string, path: string, body?: unknown) =>
    call(method, path, { key: key.secretKey, ...(body === undefined ? {} : { body }) });
  return { key, as };
}

type As = Awaited<ReturnType<typeof catalogAccount>>['as'];

async function create(as: As, body: Record<string, unknown>) {
  const response = await as('POST', '/v2/products', body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/**
 * Listings are ordered by createdAt (milliseconds), then by id; waiting past the millisecond
 * makes the creation order the listing order.
 */
const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));

async function createInOrder(as: As, body: Record<string, unknown>) {
  const product = await create(as, body);
  await nextMillisecond();
  return product;
}

let as: As;
let userId: string;
beforeAll(async () => {
  const account = await catalogAccount();
  as = account.as;
  userId = account.key.userId;
});

describe('POST /v2/products', () => {
  it('creates an active product with every field of the contract', async () => {
    const response = await as('POST', '/v2/products', {
      name: '  Coffee mug  ',
      description: 'Blue\nceramic',
      externalId: 'SKU-1',
      metadata: { color: 'blue', tags: ['a'], nested: { n: 1 } },
    });
    expect(response.status).toBe(201);
    const product = response.body;
    expect(Object.keys(product).sort()).toEqual([
      'active',
      'createdAt',
      'createdByUserId',
      'deletedAt',
      'description',
      'externalId',
      'id',
      'imageUrl',
      'metadata',
      'name',
      'updatedAt',
    ]);
    expect(product).toMatchObject({
      name: 'Coffee mug',
      description: 'Blue\nceramic',
      externalId: 'SKU-1',
      metadata: { color: 'blue', tags: ['a'], nested: { n: 1 } },
      imageUrl: null,
      active: true,
      deletedAt: null,
      createdByUserId: userId,
    });
    expect(product.id).toMatch(productId);
    expect(product.createdAt).toMatch(iso);
    expect(product.updatedAt).toBe(product.createdAt);
  });

  it('defaults description and externalId to null and metadata to {}', async () => {
    const product = await create(as, { name: 'Plain' });
    expect(product).toMatchObject({
      description: null,
      externalId: null,
      metadata: {},
      imageUrl: null,
      active: true,
      deletedAt: null,
    });
  });

  it.each([
    ['name missing', {}, /^name: is required$/],
    ['name empty', { name: '' }, /^name: must not be empty$/],
    ['name whitespace only', { name: '   \t ' }, /^name: /],
    ['name of 256 characters', { name: 'x'.repeat(256) }, /^name: must be at most 255 characters$/],
    ['name not a string', { name: 42 }, /^name: must be a string$/],
    ['name null', { name: null }, /^name: /],
    [
      'description over 5000 characters',
      { name: 'A', description: 'd'.repeat(5001) },
      /^description: must be at most 5000 characters$/,
    ],
    ['description not a string', { name: 'A', description: 5 }, /^description: /],
    ['externalId empty', { name: 'A', externalId: '' }, /^externalId: /],
    [
      'externalId of 256 characters',
      { name: 'A', externalId: 'e'.repeat(256) },
      /^externalId: must be at most 255 characters$/,
    ],
    ['metadata an array', { name: 'A', metadata: [1, 2] }, /^metadata: must be a JSON object$/],
    ['metadata a string', { name: 'A', metadata: 'x' }, /^metadata: must be a JSON object$/],
    ['metadata null', { name: 'A', metadata: null }, /^metadata: must be a JSON object$/],
    [
      'metadata over 16 KB',
      { name: 'A', metadata: { blob: 'x'.repeat(16 * 1024) } },
      /^metadata: must be at most 16384 bytes/,
    ],
    ['an unknown field', { name: 'A', price: 10 }, /^price: unknown field$/],
    [
      'imageUrl',
      { name: 'A', imageUrl: 'https://example.com/a.png' },
      /^imageUrl: .*POST \/v2\/products\/:id\/image/,
    ],
    ['imageUrl null', { name: 'A', imageUrl: null }, /^imageUrl: /],
    ['active (not settable on create)', { name: 'A', active: false }, /^active: unknown field$/],
  ])('answers 400 naming the field for %s', async (_case, body, message) => {
    const response = await as('POST', '/v2/products', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 400, error: expect.stringMatching(message) });
  });

  it('accepts names of 1 and 255 characters and trims them', async () => {
    expect((await create(as, { name: 'x' })).name).toBe('x');
    expect((await create(as, { name: 'é'.repeat(255) })).name).toBe('é'.repeat(255));
    expect((await create(as, { name: ` ${'n'.repeat(255)} ` })).name).toBe('n'.repeat(255));
  });

  it('accepts metadata of exactly 16 KB and a description of 5000 characters', async () => {
    const overhead = JSON.stringify({ blob: '' }).length;
    const product = await create(as, {
      name: 'Big',
      description: 'd'.repeat(5000),
      metadata: { blob: 'x'.repeat(16 * 1024 - overhead) },
    });
    expect(JSON.stringify(product.metadata).length).toBe(16 * 1024);
  });

  it('keeps metadata DynamoDB could not store as is (deep nesting, huge numbers)', async () => {
    let deep: Record<string, unknown> = { leaf: 1e300 };
    for (let level = 0; level < 40; level++) deep = { level: deep };
    const product = await create(as, { name: 'Deep', metadata: deep });
    expect((await as('GET', `/v2/products/${product.id}`)).body.metadata).toEqual(deep);
  });

  it('answers 400 for a body that is not a JSON object', async () => {
    for (const raw of ['[1]', '"x"', '{"name":']) {
      const response = await call('POST', '/v2/products', {
        key: (await catalogAccount()).key.secretKey,
        rawBody: raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ status: 400, error: expect.stringMatching(/^body: /) });
    }
  });
});

describe('externalId uniqueness', () => {
  it('refuses a second product with the same externalId in one account, not in another', async () => {
    const { as: mine } = await catalogAccount();
    await create(mine, { name: 'First', externalId: 'DUP-1' });
    const second = await mine('POST', '/v2/products', { name: 'Second', externalId: 'DUP-1' });
    expect(second.status).toBe(400);
    expect(second.body).toEqual({
      status: 400,
      error: expect.stringMatching(/^externalId: .*already in use/),
    });
    const { as: other } = await catalogAccount();
    await create(other, { name: 'Elsewhere', externalId: 'DUP-1' });
  });

  it('lets exactly one of ten concurrent creates with one externalId win', async () => {
    const { as: mine } = await catalogAccount();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        mine('POST', '/v2/products', { name: `Racer ${index}`, externalId: 'RACE' }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(400)]);
    for (const response of responses.filter((r) => r.status === 400))
      expect(response.body.error).toMatch(/^externalId: .*already in use/);
    const listed = await mine('GET', '/v2/products?limit=100');
    expect(listed.body.data).toHaveLength(1);
  });

  it('moves with a PATCH: the old value is released, the new one is taken', async () => {
    const { as: mine } = await catalogAccount();
    const a = await create(mine, { name: 'A', externalId: 'OLD' });
    const b = await create(mine, { name: 'B', externalId: 'OTHER' });
    const moved = await mine('PATCH', `/v2/products/${a.id}`, { externalId: 'NEW' });
    expect(moved.status).toBe(200);
    expect(moved.body.externalId).toBe('NEW');
    // OLD is free again, NEW is not.
    await create(mine, { name: 'C', externalId: 'OLD' });
    expect((await mine('POST', '/v2/products', { name: 'D', externalId: 'NEW' })).status).toBe(400);
    // Taking another product's value is refused and changes nothing.
    const clash = await mine('PATCH', `/v2/products/${b.id}`, { externalId: 'NEW', name: 'B2' });
    expect(clash.status).toBe(400);
    expect(clash.body.error).toMatch(/^externalId: .*already in use/);
    expect((await mine('GET', `/v2/products/${b.id}`)).body).toMatchObject({
      externalId: 'OTHER',
      name: 'B',
    });
    // Setting a product's own value again is not a clash.
    expect((await mine('PATCH', `/v2/products/${a.id}`, { externalId: 'NEW' })).status).toBe(200);
  });

  it('is released by null, after which another product can take it', async () => {
    const { as: mine } = await catalogAccount();
    const a = await create(mine, { name: 'A', externalId: 'FREE-ME' });
    const released = await mine('PATCH', `/v2/products/${a.id}`, { externalId: null });
    expect(released.status).toBe(200);
    expect(released.body.externalId).toBeNull();
    const b = await create(mine, { name: 'B', externalId: 'FREE-ME' });
    expect(b.externalId).toBe('FREE-ME');
  });

  it('stays reserved by an archived product', async () => {
    const { as: mine } = await catalogAccount();
    const a = await create(mine, { name: 'A', externalId: 'KEPT' });
    expect((await mine('DELETE', `/v2/products/${a.id}`)).status).toBe(200);
    expect((await mine('POST', '/v2/products', { name: 'B', externalId: 'KEPT' })).status).toBe(400);
  });
});

describe('GET /v2/products/:id', () => {
  it('returns the product', async () => {
    const product = await create(as, { name: 'Readable' });
    const response = await as('GET', `/v2/products/${product.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(product);
  });

  it.each([
    'prd_00000000-0000-4000-8000-000000000000',
    'nope',
    'prd_',
    'PRD_x',
    `prd_${'a'.repeat(3000)}`,
    '%F0%9F%98%80',
  ])('answers 404 for %s', async (id) => {
    const response = await as('GET', `/v2/products/${id}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ status: 404, error: expect.stringMatching(/^id: /) });
  });
});

describe('PATCH /v2/products/:id', () => {
  it('changes any subset of the editable fields and advances updatedAt', async () => {
    const product = await create(as, { name: 'Before', description: 'old', metadata: { a: 1 } });
    const response = await as('PATCH', `/v2/products/${product.id}`, {
      name: ' After ',
      description: null,
      metadata: { b: 2 },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...product,
      name: 'After',
      description: null,
      metadata: { b: 2 },
      updatedAt: expect.stringMatching(iso),
    });
    expect(Date.parse(response.body.updatedAt)).toBeGreaterThan(Date.parse(product.updatedAt));
    expect((await as('GET', `/v2/products/${product.id}`)).body).toEqual(response.body);
  });

  it('moves active → inactive → active (the state table), keeping createdAt', async () => {
    const product = await create(as, { name: 'Toggle' });
    const off = await as('PATCH', `/v2/products/${product.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, deletedAt: null, createdAt: product.createdAt });
    const on = await as('PATCH', `/v2/products/${off.body.id}`, { active: true });
    expect(on.body.active).toBe(true);
    expect(on.body.updatedAt > off.body.updatedAt).toBe(true);
  });

  it('keeps updatedAt strictly increasing over rapid changes', async () => {
    const product = await create(as, { name: 'Rapid' });
    let previous = product.updatedAt as string;
    for (let index = 0; index < 5; index++) {
      const response = await as('PATCH', `/v2/products/${product.id}`, { name: `Rapid ${index}` });
      expect(response.body.updatedAt > previous).toBe(true);
      previous = response.body.updatedAt;
    }
  });

  it('applies concurrent changes to different fields without losing any', async () => {
    const product = await create(as, { name: 'Busy' });
    const changes = [
      { name: 'Busy 2' },
      { description: 'text' },
      { metadata: { k: 'v' } },
      { externalId: 'BUSY' },
      { active: false },
    ];
    const responses = await Promise.all(
      changes.map((change) => as('PATCH', `/v2/products/${product.id}`, change)),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await as('GET', `/v2/products/${product.id}`)).body).toMatchObject({
      name: 'Busy 2',
      description: 'text',
      metadata: { k: 'v' },
      externalId: 'BUSY',
      active: false,
    });
  });

  it.each([
    ['imageUrl', { imageUrl: 'https://example.com/x.png' }, /^imageUrl: .*POST \/v2\/products\/:id\/image/],
    ['an unknown field', { color: 'red' }, /^color: unknown field$/],
    ['name empty', { name: '' }, /^name: must not be empty$/],
    ['name null', { name: null }, /^name: /],
    ['name of 256 characters', { name: 'x'.repeat(256) }, /^name: must be at most 255 characters$/],
    ['active not a boolean', { active: 'false' }, /^active: must be true or false$/],
    ['metadata an array', { metadata: [] }, /^metadata: must be a JSON object$/],
    ['metadata null', { metadata: null }, /^metadata: must be a JSON object$/],
    [
      'an empty body',
      {},
      /^body: must contain at least one of name, description, externalId, metadata, active$/,
    ],
    ['createdAt (read-only)', { createdAt: '2020-01-01T00:00:00.000Z' }, /^createdAt: unknown field$/],
  ])('answers 400 for %s and changes nothing', async (_case, body, message) => {
    const product = await create(as, { name: 'Stable' });
    const response = await as('PATCH', `/v2/products/${product.id}`, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 400, error: expect.stringMatching(message) });
    expect((await as('GET', `/v2/products/${product.id}`)).body).toEqual(product);
  });

  it('answers 404 for a product that does not exist or is malformed', async () => {
    for (const id of ['prd_00000000-0000-4000-8000-000000000000', 'abc']) {
      const response = await as('PATCH', `/v2/products/${id}`, { name: 'X' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: 404, error: expect.any(String) });
    }
  });
});

describe('DELETE /v2/products/:id (archive)', () => {
  it('archives: deletedAt set, inactive, read-only; archiving again returns it unchanged', async () => {
    const product = await create(as, { name: 'Old', externalId: 'ARCH-1' });
    const archived = await as('DELETE', `/v2/products/${product.id}`);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: product.id, active: false, externalId: 'ARCH-1' });
    expect(archived.body.deletedAt).toMatch(iso);
    expect(archived.body.updatedAt).toBe(archived.body.deletedAt);

    const again = await as('DELETE', `/v2/products/${product.id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(archived.body);
    expect((await as('GET', `/v2/products/${product.id}`)).body).toEqual(archived.body);

    for (const body of [{ name: 'New' }, { active: true }, { externalId: null }]) {
      const response = await as('PATCH', `/v2/products/${product.id}`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ status: 400, error: expect.stringMatching(/archived/) });
    }
    expect((await as('GET', `/v2/products/${product.id}`)).body).toEqual(archived.body);
  });

  it('refuses every PATCH that races with the archive once the archive is written', async () => {
    const product = await create(as, { name: 'Race' });
    const results = await Promise.all([
      as('DELETE', `/v2/products/${product.id}`),
      ...Array.from({ length: 5 }, (_, index) =>
        as('PATCH', `/v2/products/${product.id}`, { name: `Race ${index}`, active: true }),
      ),
    ]);
    expect(results[0]!.status).toBe(200);
    const final = (await as('GET', `/v2/products/${product.id}`)).body;
    expect(final.active).toBe(false);
    expect(final.deletedAt).toMatch(iso);
    // Whatever PATCHes were applied, they came before the archive: the stored name is one a 200 reported earlier.
    const applied = results
      .slice(1)
      .filter((response) => response.status === 200)
      .map((response) => response.body.name);
    expect(['Race', ...applied]).toContain(final.name);
    for (const response of results.slice(1)) expect([200, 400]).toContain(response.status);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await as('DELETE', '/v2/products/prd_00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('GET /v2/products', () => {
  it('lists the sales listing by default, newest first; the flags widen it', async () => {
    const { as: mine } = await catalogAccount();
    const active1 = await createInOrder(mine, { name: 'Active 1' });
    const inactive = await createInOrder(mine, { name: 'Inactive' });
    await mine('PATCH', `/v2/products/${inactive.id}`, { active: false });
    const archived = await createInOrder(mine, { name: 'Archived' });
    await mine('DELETE', `/v2/products/${archived.id}`);
    const active2 = await createInOrder(mine, { name: 'Active 2' });

    const ids = async (query: string) => {
      const response = await mine('GET', `/v2/products${query}`);
      expect(response.status).toBe(200);
      expect(response.body.nextCursor).toBeNull();
      return response.body.data.map((product: { id: string }) => product.id);
    };
    expect(await ids('')).toEqual([active2.id, active1.id]);
    expect(await ids('?active=true&archived=false')).toEqual([active2.id, active1.id]);
    expect(await ids('?active=false')).toEqual([active2.id, inactive.id, active1.id]);
    expect(await ids('?archived=true')).toEqual([active2.id, archived.id, active1.id]);
    expect(await ids('?active=false&archived=true')).toEqual([
      active2.id,
      archived.id,
      inactive.id,
      active1.id,
    ]);
  });

  it('returns full product objects in { data, nextCursor }', async () => {
    const { as: mine } = await catalogAccount();
    const product = await create(mine, { name: 'Shape', metadata: { x: 1 } });
    const response = await mine('GET', '/v2/products');
    expect(response.body).toEqual({ data: [product], nextCursor: null });
  });

  it('paginates with limit 2 over 5 products: every product exactly once, in order', async () => {
    const { as: mine } = await catalogAccount();
    const created: string[] = [];
    for (let index = 0; index < 5; index++)
      created.push((await createInOrder(mine, { name: `P${index}` })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response: Awaited<ReturnType<As>> = await mine(
        'GET',
        `/v2/products?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.status).toBe(200);
      expect(response.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...response.body.data.map((product: { id: string }) => product.id));
      cursor = response.body.nextCursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual([...created].reverse());
    expect(pages).toBe(3);
  });

  it('fills each page up to limit even when the filter drops items', async () => {
    const { as: mine } = await catalogAccount();
    const kept: string[] = [];
    for (let index = 0; index < 9; index++) {
      const product = await createInOrder(mine, { name: `F${index}` });
      if (index % 3 === 0) kept.push(product.id);
      else await mine('PATCH', `/v2/products/${product.id}`, { active: false });
    }
    const first = await mine('GET', '/v2/products?limit=2');
    expect(first.body.data.map((product: { id: string }) => product.id)).toEqual([kept[2], kept[1]]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await mine('GET', `/v2/products?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.data.map((product: { id: string }) => product.id)).toEqual([kept[0]]);
    expect(second.body.nextCursor).toBeNull();
    // A page exactly as long as what is left has no next page.
    const exact = await mine('GET', '/v2/products?limit=3');
    expect(exact.body.data).toHaveLength(3);
    expect(exact.body.nextCursor).toBeNull();
  });

  it('keeps querying past many filtered-out items to fill a page', async () => {
    const { as: mine } = await catalogAccount();
    const oldest = await createInOrder(mine, { name: 'Oldest, active' });
    const hidden = await Promise.all(
      Array.from({ length: 60 }, (_, index) => create(mine, { name: `Hidden ${index}` })),
    );
    await Promise.all(
      hidden.map((product) => mine('PATCH', `/v2/products/${product.id}`, { active: false })),
    );
    const page = await mine('GET', '/v2/products?limit=1');
    expect(page.body).toEqual({ data: [expect.objectContaining({ id: oldest.id })], nextCursor: null });
  });

  it('rejects a tampered or foreign cursor with 400', async () => {
    const { as: mine } = await catalogAccount();
    for (let index = 0; index < 3; index++) await create(mine, { name: `T${index}` });
    const cursor = (await mine('GET', '/v2/products?limit=1')).body.nextCursor as string;
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const { as: other } = await catalogAccount();
    const tampered = [
      'not-a-cursor',
      cursor.slice(0, -3),
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from(JSON.stringify({ ...decoded, gsi1pk: 'ACC#acc_other#PRODUCTS' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...decoded, extra: 'x' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...decoded, pk: 'HEALTH' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...decoded, gsi1sk: 5 })).toString('base64url'),
    ];
    for (const bad of tampered) {
      const response = await mine('GET', `/v2/products?cursor=${encodeURIComponent(bad)}`);
      expect(response.status, bad).toBe(400);
      expect(response.body).toEqual({ status: 400, error: expect.stringMatching(/^cursor: /) });
    }
    // A valid cursor of one account is not a cursor of another's listing.
    expect((await other('GET', `/v2/products?cursor=${cursor}`)).status).toBe(400);
  });

  it.each([
    ['limit=0', /^limit: must be an integer between 1 and 100$/],
    ['limit=101', /^limit: /],
    ['limit=abc', /^limit: /],
    ['limit=1.5', /^limit: /],
    ['active=yes', /^active: must be true or false$/],
    ['archived=1', /^archived: must be true or false$/],
    ['sort=name', /^sort: unknown field$/],
  ])('answers 400 for ?%s', async (query, message) => {
    const response = await as('GET', `/v2/products?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 400, error: expect.stringMatching(message) });
  });

  it('accepts limit 1 and 100', async () => {
    const { as: mine } = await catalogAccount();
    const older = await createInOrder(mine, { name: 'Older' });
    const newer = await createInOrder(mine, { name: 'Newer' });
    const one = await mine('GET', '/v2/products?limit=1');
    expect(one.status).toBe(200);
    expect(one.body.data.map((p: { id: string }) => p.id)).toEqual([newer.id]);
    expect(one.body.nextCursor).toEqual(expect.any(String));
    const hundred = await mine('GET', '/v2/products?limit=100');
    expect(hundred.status).toBe(200);
    expect(hundred.body).toEqual({ data: [newer, older], nextCursor: null });
  });

  it('lists 20 products per page when no limit is given (docs/api.md: "limit 1–100 (default 20)")', async () => {
    const { as: mine } = await catalogAccount();
    const created: string[] = [];
    for (let index = 0; index < 21; index++)
      created.push((await createInOrder(mine, { name: `D${index}` })).id);
    const first = await mine('GET', '/v2/products');
    expect(first.status).toBe(200);
    expect(first.body.data.map((p: { id: string }) => p.id)).toEqual(created.slice(1).reverse());
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const rest = await mine('GET', `/v2/products?cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(rest.body.data.map((p: { id: string }) => p.id)).toEqual([created[0]]);
    expect(rest.body.nextCursor).toBeNull();
  });
});

describe('auth and account scoping', () => {
  it('answers 401 without a key and 403 for a key without isInvoiceAvailable, in the catalog shape', async () => {
    const product = await create(as, { name: 'Guarded' });
    const noCatalog = await createKey(['createTransaction']);
    const requests: Array<[string, string, unknown]> = [
      ['POST', '/v2/products', { name: 'X' }],
      ['GET', '/v2/products', undefined],
      ['GET', `/v2/products/${product.id}`, undefined],
      ['PATCH', `/v2/products/${product.id}`, { name: 'X' }],
      ['DELETE', `/v2/products/${product.id}`, undefined],
      ['DELETE', `/v2/products/${product.id}/image`, undefined],
      ['POST', `/v2/products/${product.id}/image`, undefined],
      ['POST', '/v2/offers', { productId: product.id, name: 'X', amount: 100 }],
      ['GET', `/v2/offers?productId=${product.id}`, undefined],
    ];
    for (const [method, path, body] of requests) {
      const anonymous = await call(method, path, { key: null, ...(body === undefined ? {} : { body }) });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body).toEqual({ status: 401, error: 'Unauthorized' });
      const forbidden = await call(method, path, {
        key: noCatalog.secretKey,
        ...(body === undefined ? {} : { body }),
      });
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect(forbidden.body).toEqual({ status: 403, error: 'Forbidden' });
    }
    expect((await as('GET', `/v2/products/${product.id}`)).body).toEqual(product);
  });

  it('answers 404 to another account for every JSON route on a product, and changes nothing', async () => {
    const { as: owner } = await catalogAccount();
    const product = await create(owner, { name: 'Mine', externalId: 'MINE' });
    const { as: stranger } = await catalogAccount();
    const attempts = [
      await stranger('GET', `/v2/products/${product.id}`),
      await stranger('PATCH', `/v2/products/${product.id}`, { name: 'Stolen' }),
      await stranger('DELETE', `/v2/products/${product.id}`),
      await stranger('DELETE', `/v2/products/${product.id}/image`),
      await stranger('POST', '/v2/offers', { productId: product.id, name: 'Offer', amount: 100 }),
      await stranger('GET', `/v2/offers?productId=${product.id}`),
    ];
    for (const response of attempts) {
      expect(response.status, response.text).toBe(404);
      expect(response.body).toEqual({ status: 404, error: expect.any(String) });
    }
    expect((await stranger('GET', '/v2/products?active=false&archived=true')).body.data).toEqual([]);
    expect((await owner('GET', `/v2/products/${product.id}`)).body).toEqual(product);
    // The other account's externalId space is separate.
    await create(stranger, { name: 'Theirs', externalId: 'MINE' });
  });
});
