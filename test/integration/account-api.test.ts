// The account API (issue 16) over HTTP: every new route's 401/403, scoping between accounts,
// transaction and event listings (filters, cursors, paging while transactions are created),
// API keys, webhook settings and test events, branding and the summary counters.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedApiKey } from '../../shared/accounts/issue-api-key.ts';
import { dayIn } from '../../shared/time/zoned-days.ts';
import { watchPayment } from '../../shared/transactions/watch-payment.ts';
import { call, createKey, pollUntil, sharedStack } from '../support/api.ts';
import { bobBody, copBody } from '../support/purchase-fixtures.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const everything = ['isInvoiceAvailable', 'createTransaction', 'manageAccount'] as const;
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Every route this issue adds, with a body that passes validation where it needs one. */
const accountRoutes: Array<{
  method: string;
  path: string;
  body?: unknown;
  shape: 'catalog' | 'transaction';
}> = [
  { method: 'GET', path: '/transactions', shape: 'transaction' },
  { method: 'GET', path: '/events', shape: 'transaction' },
  { method: 'GET', path: '/v2/account/webhook', shape: 'catalog' },
  { method: 'PUT', path: '/v2/account/webhook', body: { url: null }, shape: 'catalog' },
  { method: 'POST', path: '/v2/account/webhook/rotate-secret', shape: 'catalog' },
  { method: 'POST', path: '/v2/account/webhook/expire-previous-secrets', shape: 'catalog' },
  { method: 'POST', path: '/v2/account/webhook/test', shape: 'catalog' },
  { method: 'GET', path: '/v2/api-keys', shape: 'catalog' },
  {
    method: 'POST',
    path: '/v2/api-keys',
    body: { name: 'x', permissions: ['createTransaction'] },
    shape: 'catalog',
  },
  { method: 'DELETE', path: '/v2/api-keys/key_00000000-0000-0000-0000-000000000000', shape: 'catalog' },
  { method: 'GET', path: '/v2/account/summary', shape: 'catalog' },
  { method: 'GET', path: '/v2/account/branding', shape: 'catalog' },
  {
    method: 'PUT',
    path: '/v2/account/branding',
    body: { displayName: null, brandColor: null },
    shape: 'catalog',
  },
  { method: 'POST', path: '/v2/account/branding/logo', shape: 'catalog' },
];

let receiver: WebhookReceiver;
let merchant: IssuedApiKey;
let other: IssuedApiKey;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  merchant = await createKey([...everything]);
  other = await createKey([...everything]);
});
afterAll(async () => {
  await receiver.close();
});

async function purchase(key: string, body: Record<string, unknown> = copBody()) {
  const created = await call('POST', '/transactions/v2/purchase', { key, body });
  expect(created.status).toBe(201);
  return created.body as { id: string; createdAt: string; postbackUrl: string | null };
}

async function allPages(key: string, path: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url: string = `${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const page = await call('GET', url, { key });
    expect(page.status).toBe(200);
    ids.push(...page.body.data.map((item: { id: string }) => item.id));
    cursor = page.body.nextCursor;
    pages++;
  } while (cursor && pages < 200);
  return ids;
}

describe('account API: authentication and permissions', () => {
  it('answers 401 without a key or with an unknown one, in the route’s error shape', async () => {
    // All at once: the first call of each route starts its function, which a busy machine makes slow.
    const answers = await Promise.all(
      accountRoutes.flatMap((route) =>
        [null, 'sk_test_unknownunknownunknownunknownunknown'].map(async (key) => ({
          route,
          response: await call(route.method, route.path, {
            key,
            ...(route.body ? { body: route.body } : {}),
          }),
        })),
      ),
    );
    for (const { route, response } of answers) {
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
      if (route.shape === 'catalog') expect(response.body).toEqual({ status: 401, error: 'Unauthorized' });
      else expect(response.body).toMatchObject({ statusCode: 401, message: 'Unauthorized' });
    }
  });

  it('answers 403 to a key without manageAccount (listings: without createTransaction either)', async () => {
    const catalogOnly = await createKey(['isInvoiceAvailable'], { accountId: merchant.accountId });
    const answers = await Promise.all(
      accountRoutes.map(async (route) => ({
        route,
        response: await call(route.method, route.path, {
          key: catalogOnly.secretKey,
          ...(route.body ? { body: route.body } : {}),
        }),
      })),
    );
    for (const { route, response } of answers)
      expect(response.status, `${route.method} ${route.path}`).toBe(403);
  });

  it('lets a createTransaction key list transactions and events, but not manage the account', async () => {
    const transactionsOnly = await createKey(['createTransaction'], { accountId: merchant.accountId });
    expect((await call('GET', '/transactions', { key: transactionsOnly.secretKey })).status).toBe(200);
    expect((await call('GET', '/events', { key: transactionsOnly.secretKey })).status).toBe(200);
    expect((await call('GET', '/v2/api-keys', { key: transactionsOnly.secretKey })).status).toBe(403);
  });
});

describe('GET /transactions', () => {
  it('lists newest first with every filter, and a cursor of another listing or account is a 400', async () => {
    const account = await createKey([...everything]);
    const key = account.secretKey;
    const cop = await purchase(key);
    const bob = await purchase(key, bobBody());
    const listed = await call('GET', '/transactions', { key });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((tx: { id: string }) => tx.id)).toEqual([bob.id, cop.id]);
    expect(listed.body.nextCursor).toBeNull();
    expect(listed.body.data[0]).toMatchObject({
      id: bob.id,
      currency: 'BOB',
      status: 'PENDING',
      updatedAt: expect.any(String),
    });

    const byCurrency = await call('GET', '/transactions?currency=COP', { key });
    expect(byCurrency.body.data.map((tx: { id: string }) => tx.id)).toEqual([cop.id]);
    const byMethod = await call('GET', '/transactions?method=QR', { key });
    expect(byMethod.body.data.map((tx: { id: string }) => tx.id)).toEqual([bob.id]);
    expect((await call('GET', '/transactions?status=PAID', { key })).body.data).toEqual([]);
    const canceled = await call('GET', '/transactions?status=CANCELED', { key });
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toEqual([]);
    const window = await call(
      'GET',
      `/transactions?createdFrom=${encodeURIComponent(bob.createdAt)}&createdTo=${encodeURIComponent(bob.createdAt)}`,
      { key },
    );
    expect(window.body.data.map((tx: { id: string }) => tx.id)).toEqual([bob.id]);
    const before = await call('GET', `/transactions?createdTo=${encodeURIComponent(cop.createdAt)}`, { key });
    expect(before.body.data.map((tx: { id: string }) => tx.id)).toEqual([cop.id]);

    const first = await call('GET', '/transactions?limit=1', { key });
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const stolen = await call('GET', `/transactions?cursor=${first.body.nextCursor}`, {
      key: other.secretKey,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toMatch(/^cursor:/);
  });

  it('refuses bad parameters with a 400 that names the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['status=LOST', 'status'],
      ['currency=USD', 'currency'],
      ['method=CASH', 'method'],
      ['createdFrom=yesterday', 'createdFrom'],
      ['createdFrom=2026-11-02&createdTo=2026-11-01', 'createdTo'],
      ['cursor=%%%', 'cursor'],
      ['colour=red', 'colour'],
    ] as const) {
      const response = await call('GET', `/transactions?${query}`, { key: merchant.secretKey });
      expect(response.status, query).toBe(400);
      expect(response.body, query).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(response.body.message, query).toMatch(new RegExp(`^${field}:`));
    }
  });

  it('pages with no duplicate and no gap while new transactions are being created', async () => {
    const account = await createKey([...everything]);
    const key = account.secretKey;
    const existing: string[] = [];
    for (let index = 0; index < 16; index++) existing.push((await purchase(key)).id);
    let creating = true;
    const createdMeanwhile: string[] = [];
    const creator = (async () => {
      while (creating) createdMeanwhile.push((await purchase(key)).id);
    })();
    const seen = await allPages(key, '/transactions', 4);
    creating = false;
    await creator;
    expect(createdMeanwhile.length).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(seen.length);
    // Every transaction that existed before paging started is there, newest first.
    const existingSeen = seen.filter((id) => existing.includes(id));
    expect(existingSeen).toEqual([...existing].reverse());
    const all = await allPages(key, '/transactions', 100);
    expect(new Set(all)).toEqual(new Set([...existing, ...createdMeanwhile]));
  });
});

describe('another account sees nothing of yours', () => {
  it('on every listing and setting', async () => {
    const tx = await purchase(merchant.secretKey);
    await call('PUT', '/v2/account/webhook', { key: merchant.secretKey, body: { url: receiver.url } });
    await call('PUT', '/v2/account/branding', {
      key: merchant.secretKey,
      body: { displayName: 'Loja da Ana', brandColor: '#0a7d5a' },
    });
    const stranger = await createKey([...everything]);
    const key = stranger.secretKey;
    expect((await call('GET', '/transactions', { key })).body.data).toEqual([]);
    expect((await call('GET', '/events', { key })).body.data).toEqual([]);
    expect((await call('GET', `/transactions/${tx.id}`, { key })).status).toBe(404);
    expect((await call('GET', '/v2/account/webhook', { key })).body.url).toBeNull();
    expect((await call('GET', '/v2/account/branding', { key })).body).toEqual({
      displayName: null,
      brandColor: null,
      logoUrl: null,
    });
    expect((await call('GET', '/v2/account/summary', { key })).body.data).toEqual([]);
    const keys = (await call('GET', '/v2/api-keys', { key })).body.data;
    expect(keys.map((entry: { id: string }) => entry.id)).toEqual([stranger.keyId]);
    const revoke = await call('DELETE', `/v2/api-keys/${merchant.keyId}`, { key });
    expect(revoke.status).toBe(404);
    expect((await call('GET', '/v2/account', { key: merchant.secretKey })).status).toBe(200);
  });
});

describe('API keys', () => {
  it('creates a key (secret shown once), lists it without the secret, and revokes it', async () => {
    const account = await createKey([...everything]);
    const createdKey = await call('POST', '/v2/api-keys', {
      key: account.secretKey,
      body: { name: 'Checkout server', permissions: ['createTransaction'] },
    });
    expect(createdKey.status).toBe(201);
    expect(createdKey.body).toMatchObject({
      id: expect.stringMatching(/^key_/),
      name: 'Checkout server',
      permissions: ['createTransaction'],
      secret: expect.stringMatching(/^sk_test_/),
      lastUsedOn: null,
      revokedAt: null,
    });
    const secret = createdKey.body.secret as string;
    expect((await call('GET', '/transactions', { key: secret })).status).toBe(200);
    expect((await call('GET', '/v2/api-keys', { key: secret })).status).toBe(403);

    const listed = await call('GET', '/v2/api-keys', { key: account.secretKey });
    expect(listed.text).not.toContain(secret);
    expect(listed.text).not.toContain(account.secretKey);
    const entry = listed.body.data.find((item: { id: string }) => item.id === createdKey.body.id);
    expect(entry).toMatchObject({
      name: 'Checkout server',
      lastUsedOn: new Date().toISOString().slice(0, 10),
    });

    const revoked = await call('DELETE', `/v2/api-keys/${createdKey.body.id}`, { key: account.secretKey });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    // docs/api.md: every other function refuses it within AUTH_CACHE_TTL_MS of the revocation
    // (GET /transactions cached it above); the function that revoked it, at once
    // (revocation-and-rotation.test.ts).
    await new Promise((resolve) => setTimeout(resolve, sharedStack().authCacheTtlMs));
    expect((await call('GET', '/transactions', { key: secret })).status).toBe(401);
  });

  it('lets a key grant only the permissions it holds (no escalation through key minting)', async () => {
    const admin = await createKey(['manageAccount']);
    const escalation = await call('POST', '/v2/api-keys', {
      key: admin.secretKey,
      body: { name: 'Sneaky', permissions: ['manageAccount', 'createTransaction'] },
    });
    expect(escalation.status).toBe(403);
    expect(escalation.body).toEqual({ status: 403, error: expect.stringContaining('createTransaction') });
    expect(escalation.body.error).toMatch(/^permissions: /);
    const listed = await call('GET', '/v2/api-keys', { key: admin.secretKey });
    expect(listed.body.data.map((entry: { name: string }) => entry.name)).not.toContain('Sneaky');
    const same = await call('POST', '/v2/api-keys', {
      key: admin.secretKey,
      body: { name: 'Second admin', permissions: ['manageAccount'] },
    });
    expect(same.status).toBe(201);
  });

  it('refuses a body without a name or with an unknown permission, naming the field', async () => {
    const noName = await call('POST', '/v2/api-keys', {
      key: merchant.secretKey,
      body: { permissions: ['createTransaction'] },
    });
    expect(noName.status).toBe(400);
    expect(noName.body).toEqual({ status: 400, error: expect.stringMatching(/^name:/) });
    const unknown = await call('POST', '/v2/api-keys', {
      key: merchant.secretKey,
      body: { name: 'x', permissions: ['root'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^permissions\[0\]:/);
  });
});

describe('webhook settings', () => {
  it('sets the URL, sends a signed test event now, and rotates the secret (both sign)', async () => {
    const account = await createKey([...everything]);
    const key = account.secretKey;
    const invalid = await call('PUT', '/v2/account/webhook', { key, body: { url: 'ftp://example.com' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatch(/^url:/);
    const noUrl = await call('POST', '/v2/account/webhook/test', { key });
    expect(noUrl.status).toBe(400);

    const set = await call('PUT', '/v2/account/webhook', { key, body: { url: receiver.url } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ url: receiver.url, secrets: [{ expiresAt: null }] });
    expect(set.text).not.toContain('whsec_');

    const test = await call('POST', '/v2/account/webhook/test', { key });
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ type: 'webhook.test', statusCode: 200, error: null, delivered: true });
    const received = receiver.received.find((entry) => JSON.parse(entry.body).id === test.body.id);
    expect(received).toBeDefined();
    const verified = new Webhook(account.webhookSecret!).verify(received!.body, {
      'webhook-id': String(received!.headers['webhook-id']),
      'webhook-timestamp': String(received!.headers['webhook-timestamp']),
      'webhook-signature': String(received!.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({ type: 'webhook.test' });

    receiver.failWith([500]);
    const failing = await call('POST', '/v2/account/webhook/test', { key });
    expect(failing.body).toMatchObject({ statusCode: 500, delivered: false, error: expect.any(String) });

    const rotated = await call('POST', '/v2/account/webhook/rotate-secret', { key });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({
      secret: expect.stringMatching(/^whsec_/),
      previousValidUntil: expect.any(String),
    });
    expect((await call('GET', '/v2/account/webhook', { key })).body.secrets).toHaveLength(2);
    const afterRotation = await pollUntil(
      () => call('POST', '/v2/account/webhook/test', { key }),
      (response) => {
        const entry = receiver.received.find((item) => JSON.parse(item.body).id === response.body.id);
        return String(entry?.headers['webhook-signature']).split(' ').length === 2;
      },
      15_000,
      200,
    );
    const signed = receiver.received.find((item) => JSON.parse(item.body).id === afterRotation.body.id)!;
    const headers = {
      'webhook-id': String(signed.headers['webhook-id']),
      'webhook-timestamp': String(signed.headers['webhook-timestamp']),
      'webhook-signature': String(signed.headers['webhook-signature']),
    };
    expect(new Webhook(rotated.body.secret).verify(signed.body, headers)).toBeTruthy();
    expect(new Webhook(account.webhookSecret!).verify(signed.body, headers)).toBeTruthy();
  });
});

describe('a transaction’s postbackUrl', () => {
  it('is the URL its events go to: its own, else the account’s URL as it is now (null: none)', async () => {
    const { secretKey: key } = await createKey([...everything], {
      postbackUrl: 'https://before.example/hooks',
    });
    const withoutOwn = await purchase(key);
    expect(withoutOwn).toMatchObject({ postbackUrl: 'https://before.example/hooks' });
    const withOwn = await purchase(key, { ...copBody(), postbackUrl: 'https://own.example/hooks' });

    const set = await call('PUT', '/v2/account/webhook', {
      key,
      body: { url: 'https://after.example/hooks' },
    });
    expect(set.status).toBe(200);
    // The read sees the account's URL once its settings cache (AUTH_CACHE_TTL_MS) lets it.
    const shown = await pollUntil(
      async () => (await call('GET', `/transactions/${withoutOwn.id}`, { key })).body,
      (body) => body.postbackUrl !== 'https://before.example/hooks',
      15_000,
      50,
    );
    expect(shown.postbackUrl).toBe('https://after.example/hooks');
    const listed = (await call('GET', '/transactions', { key })).body.data as Array<{
      id: string;
      postbackUrl: string | null;
    }>;
    expect(Object.fromEntries(listed.map((item) => [item.id, item.postbackUrl]))).toEqual({
      [withoutOwn.id]: 'https://after.example/hooks',
      [withOwn.id]: 'https://own.example/hooks',
    });

    expect((await call('PUT', '/v2/account/webhook', { key, body: { url: null } })).status).toBe(200);
    const cleared = await pollUntil(
      async () => (await call('GET', `/transactions/${withoutOwn.id}`, { key })).body,
      (body) => body.postbackUrl === null,
      15_000,
      50,
    );
    expect(cleared.postbackUrl).toBeNull();
    expect((await call('GET', `/transactions/${withOwn.id}`, { key })).body.postbackUrl).toBe(
      'https://own.example/hooks',
    );
  });
});

describe('GET /events and the summary', () => {
  it('lists the paid event with its delivery and counts created and paid per day and currency', async () => {
    const account = await createKey([...everything]);
    const key = account.secretKey;
    await call('PUT', '/v2/account/webhook', { key, body: { url: receiver.url } });
    const tx = await purchase(key, bobBody());
    await pollUntil(
      async () => (await call('GET', `/transactions/${tx.id}`, { key })).body,
      (body) => Boolean(body.qr),
      15_000,
      50,
    );
    expect((await call('POST', `/sandbox/transactions/${tx.id}/pay`, { key })).status).toBe(202);
    const delivered = await pollUntil(
      async () => (await call('GET', '/events?deliveryStatus=DELIVERED', { key })).body.data,
      (data) => data.length === 1,
      15_000,
      100,
    );
    expect(delivered[0]).toMatchObject({
      type: 'cashin.paid',
      transactionId: tx.id,
      deliveryStatus: 'DELIVERED',
      attemptCount: 1,
      lastAttempt: { number: 1, statusCode: 200, error: null, url: receiver.url },
    });
    expect((await call('GET', '/events?deliveryStatus=FAILED', { key })).body.data).toEqual([]);
    expect((await call('GET', '/events?type=cashin.paid', { key })).body.data).toHaveLength(1);
    expect((await call('GET', '/events?type=cashin.refunded', { key })).status).toBe(400);

    const paid = await call('GET', '/transactions?status=PAID', { key });
    expect(paid.body.data.map((item: { id: string }) => item.id)).toEqual([tx.id]);

    const toCancel = await purchase(key);
    const canceled = await call('POST', `/transactions/${toCancel.id}/cancel`, { key });
    expect(canceled.status).toBe(200);
    // A second cancel is refused and counts nothing more.
    expect((await call('POST', `/transactions/${toCancel.id}/cancel`, { key })).status).toBe(409);

    const summary = await call('GET', '/v2/account/summary?days=7', { key });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ days: 7 });
    expect(summary.body.data).toEqual([
      expect.objectContaining({
        currency: 'BOB',
        created: { count: 1, amount: 10_000 },
        paid: { count: 1, amount: 10_000 },
        expired: { count: 0, amount: 0 },
      }),
      expect.objectContaining({
        currency: 'COP',
        created: { count: 1, amount: 5_000_000 },
        canceled: { count: 1, amount: 5_000_000 },
        paid: { count: 0, amount: 0 },
      }),
    ]);
    expect((await call('GET', '/transactions?status=CANCELED', { key })).body.data).toMatchObject([
      { id: toCancel.id, status: 'CANCELED' },
    ]);
    expect((await call('GET', '/v2/account/summary?days=0', { key })).status).toBe(400);

    // Days are the account's: 25 hours apart, these two zones are never on the same day, so each
    // answer's today (and the day the purchases are counted on) is that zone's, never UTC's.
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      expect((await call('PUT', '/v2/account/settings', { key, body: { timeZone } })).status).toBe(200);
      const zoned = await pollUntil(
        async () => {
          const before = dayIn(new Date(), timeZone);
          const answer = (await call('GET', '/v2/account/summary?days=7', { key })).body;
          return { answer, days: [before, dayIn(new Date(), timeZone)] };
        },
        ({ answer }) => answer.timeZone === timeZone,
        15_000,
        100,
      );
      expect(zoned.days).toContain(zoned.answer.to);
      expect(zoned.answer.data.map((row: { day: string }) => row.day)).toContain(zoned.answer.to);
    }
  });

  it('counts a canceled transaction that the rail later reports paid once, as paid', async () => {
    const { secretKey: key, accountId } = await createKey([...everything]);
    const tx = await purchase(key);
    await pollUntil(
      async () => (await call('GET', `/transactions/${tx.id}`, { key })).body,
      (body) => Boolean(body.redirectUrl),
      15_000,
      50,
    );
    // The payer pays; the rail reports it ten minutes later, after the merchant canceled.
    const reportedAfterMs = 10 * 60_000;
    const pay = await call('POST', `/sandbox/transactions/${tx.id}/pay?settleAfterMs=${reportedAfterMs}`, {
      key,
    });
    expect(pay.status).toBe(202);
    expect((await call('POST', `/transactions/${tx.id}/cancel`, { key })).status).toBe(200);
    // The rail's report, ten minutes on (the payment check with its clock moved there).
    const reportedAt = new Date(Date.now() + reportedAfterMs + 1000);
    expect(await watchPayment({ accountId, transactionId: tx.id, mode: 'notify' }, reportedAt)).toBe('paid');
    const paid = (await call('GET', `/transactions/${tx.id}`, { key })).body;
    expect(paid.status).toBe('PAID');

    const summary = await call('GET', '/v2/account/summary?days=7', { key });
    expect(summary.status).toBe(200);
    // Summed over the days the changes fell on (a run may cross midnight UTC).
    const total = (bucket: 'created' | 'paid' | 'canceled' | 'expired') =>
      (summary.body.data as Array<Record<string, { count: number; amount: number }>>).reduce(
        (sum, row) => ({ count: sum.count + row[bucket]!.count, amount: sum.amount + row[bucket]!.amount }),
        { count: 0, amount: 0 },
      );
    expect(total('created')).toEqual({ count: 1, amount: 5_000_000 });
    expect(total('paid')).toEqual({ count: 1, amount: 5_000_000 });
    expect(total('canceled')).toEqual({ count: 0, amount: 0 });
    expect(total('expired')).toEqual({ count: 0, amount: 0 });
  });
});

describe('branding', () => {
  it('sets name and colour, uploads a logo by the product image rules', async () => {
    const account = await createKey([...everything]);
    const key = account.secretKey;
    const badColour = await call('PUT', '/v2/account/branding', {
      key,
      body: { displayName: 'Loja', brandColor: 'green' },
    });
    expect(badColour.status).toBe(400);
    expect(badColour.body.error).toMatch(/^brandColor:/);
    const set = await call('PUT', '/v2/account/branding', {
      key,
      body: { displayName: ' Loja da Ana ', brandColor: '#0A7D5A' },
    });
    expect(set.body).toEqual({ displayName: 'Loja da Ana', brandColor: '#0a7d5a', logoUrl: null });

    const form = new FormData();
    form.append('image', new Blob([gif], { type: 'image/gif' }), 'logo.gif');
    const uploaded = await call('POST', '/v2/account/branding/logo', { key, rawBody: form });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.logoUrl).toMatch(/\.gif$/);
    const image = await fetch(uploaded.body.logoUrl);
    expect(image.status).toBe(200);

    // The hosted payer page shows the merchant's name, colour and logo instead of a generic header.
    const tx = await purchase(key);
    const withPage = await pollUntil(
      async () => (await call('GET', `/transactions/${tx.id}`, { key })).body,
      (body) => Boolean(body.redirectUrl),
      15_000,
      50,
    );
    const page = await fetch(withPage.redirectUrl);
    const html = await page.text();
    expect(html).toContain('Loja da Ana');
    expect(html).toContain(':root{--brand:#0a7d5a;');
    expect(html).toContain(`src="${uploaded.body.logoUrl}"`);
    expect(page.headers.get('content-security-policy')).toContain(
      `img-src data: ${new URL(uploaded.body.logoUrl).origin}`,
    );

    const text = new FormData();
    text.append('image', new Blob(['hello'], { type: 'image/png' }), 'logo.png');
    const refused = await call('POST', '/v2/account/branding/logo', { key, rawBody: text });
    expect(refused.status).toBe(415);
    expect(refused.body.error).toMatch(/^image:/);
  });
});
