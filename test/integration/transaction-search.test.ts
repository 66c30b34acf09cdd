// Issue 32 items 1 and 2: the payer on a transaction, search (`GET /transactions?q=`) and the CSV
// export (`GET /transactions/export`), through HTTP. Like listing-read-bounds, the requests go to
// a gateway in this process serving the same route table on the shared stack's table, so each
// DynamoDB answer the handlers get is counted as DynamoDB bills it; the account is seeded with a
// few dozen transactions in a few batch writes, with the keys the live write puts
// (insertTransaction), and one purchase through the shared stack proves that write indexes them.
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../infra/local/gateway.ts';
import type { IssuedApiKey } from '../../shared/accounts/issue-api-key.ts';
import { basicAuthorization } from '../../shared/auth/credentials.ts';
import { dynamo } from '../../shared/aws/clients.ts';
import { tableName } from '../../shared/config.ts';
import { randomTransactionId } from '../../shared/ids.ts';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { routeList } from '../../shared/route-table.ts';
import { keys } from '../../shared/store/keys.ts';
import { payerSearchKeys } from '../../shared/store/transaction-search.ts';
import { maskDocument, payerOf } from '../../shared/transactions/payer.ts';
import { newTransactionRecord, type TransactionRecord } from '../../shared/transactions/transaction.ts';
import { call, createKey } from '../support/api.ts';
import { bobBody, copBody, pixBody } from '../support/purchase-fixtures.ts';

/** What one search request may read: three items by key, one index page and its items, the key and its account. */
const itemsReadPerSearch = 2 * 200 + 3 + 10;

const payers = [
  { name: 'Maria da Silva', email: 'maria@example.com' },
  { name: 'Mário Souza', email: 'mario@example.com' },
  { name: 'Marcos Lima', email: 'marcos@example.com' },
  { name: 'Ana Mamani', email: 'ana@example.bo' },
  { name: 'Juan Pérez', email: 'juan@example.co' },
  { name: '=HYPERLINK("x"); "Zé"', email: 'ze@example.com' },
];
const seeded = 36;
/** Rows an export answers inline here (1,000 on a stage), so a few dozen make a file. */
const inlineRows = 20;

let gateway: Awaited<ReturnType<typeof startGateway>>;
let baseUrl: string;
let integration: IssuedApiKey;
let dashboardOnly: IssuedApiKey;
/** Oldest first. */
const transactions: TransactionRecord[] = [];
let itemsRead = 0;

async function putAll(items: Record<string, unknown>[]) {
  for (let start = 0; start < items.length; start += 25) {
    let requests = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const result = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }),
      );
      requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  }
}

/** One an hour, oldest first, cycling through the payers and the currencies. */
async function seed(accountId: string) {
  const bodies = [pixBody, copBody, bobBody];
  const start = Date.now() - seeded * 3_600_000;
  for (let index = 0; index < seeded; index++) {
    const now = new Date(start + index * 3_600_000);
    const id = randomTransactionId(now.getTime());
    const payer = payers[index % payers.length]!;
    const body = {
      ...bodies[index % bodies.length]!(),
      ...payer,
      externalId: `order-${index}-${randomUUID()}`,
    };
    const record = newTransactionRecord({
      id,
      pageToken: `page-${id}`,
      accountId,
      request: parsePurchaseRequest(body, now),
      costFee: 123,
      accountPostbackUrl: null,
      now,
    });
    transactions.push(index % 4 === 0 ? { ...record, status: 'PAID', paidAt: now.toISOString() } : record);
  }
  await putAll(
    transactions.flatMap((record) => [
      {
        ...keys.transaction(accountId, record.id),
        ...keys.transactionListing(accountId, record.createdAt, record.id),
        ...payerSearchKeys(record),
        entity: 'transaction',
        ...record,
      },
      {
        ...keys.transactionExternalId(accountId, record.externalId!),
        entity: 'transactionExternalId',
        transactionId: record.id,
        createdAt: record.createdAt,
      },
    ]),
  );
}

function countItemsRead() {
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const output = result.output as {
        ScannedCount?: number;
        Item?: unknown;
        Responses?: Record<string, unknown[]>;
      };
      const command = String(context.commandName);
      if (command === 'QueryCommand') itemsRead += output.ScannedCount ?? 0;
      if (command === 'GetItemCommand' && output.Item) itemsRead += 1;
      if (command === 'BatchGetItemCommand')
        for (const items of Object.values(output.Responses ?? {})) itemsRead += items.length;
      return result;
    },
    { step: 'initialize', name: 'countSearchItemsRead' },
  );
}

async function get(path: string, key = integration.secretKey, headers: Record<string, string> = {}) {
  itemsRead = 0;
  const response = await call('GET', path, { key, baseUrl, headers });
  return { ...response, itemsRead };
}

/** Every page of a search, each within the bound: the ids, newest first. */
async function searchAll(query: string) {
  const found: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await get(`/transactions?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status, page.text).toBe(200);
    expect(page.itemsRead).toBeLessThanOrEqual(itemsReadPerSearch);
    found.push(...page.body.data.map((item: { id: string }) => item.id));
    cursor = page.body.nextCursor;
    expect(found.length).toBeLessThan(100);
  } while (cursor);
  return found;
}

const newestFirst = (records: TransactionRecord[]) => records.map((record) => record.id).reverse();
const ofPayer = (email: string) => transactions.filter((record) => record.payer.email === email);

beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.EXPORT_INLINE_ROWS = String(inlineRows);
  integration = await createKey(['createTransaction']);
  dashboardOnly = await createKey(['manageAccount'], { accountId: integration.accountId });
  await seed(integration.accountId);
  countItemsRead();
  gateway = await startGateway({ port: 0, routes: routeList() });
  baseUrl = `http://127.0.0.1:${gateway.port}`;
});

afterAll(async () => {
  await gateway?.close();
});

describe('the payer on a transaction', () => {
  it('GET /transactions/{id} shows the document whole to a key with createTransaction, masked to a manageAccount-only key', async () => {
    const record = transactions[0]!;
    const payer = payerOf(record);
    const whole = await get(`/transactions/${record.id}`);
    expect(whole.body.payer).toEqual(payer);
    const masked = await get(`/transactions/${record.id}`, dashboardOnly.secretKey);
    expect(masked.body.payer).toEqual({ ...payer, document: maskDocument(payer.document) });
    expect(masked.body.payer.document).toMatch(/^\*+\d{4}$/);
  });

  it('a listing masks the document for every key', async () => {
    const page = await get('/transactions?limit=5');
    for (const item of page.body.data) {
      const record = transactions.find((candidate) => candidate.id === item.id)!;
      expect(item.payer).toEqual({ ...payerOf(record), document: maskDocument(payerOf(record).document) });
      expect(item.payer.document).toContain('*');
    }
  });
});

describe('GET /transactions?q=', () => {
  it('an exact transaction id: that transaction, read by its key', async () => {
    const record = transactions[7]!;
    const page = await get(`/transactions?q=${record.id}`);
    expect(page.body).toEqual({ data: [expect.objectContaining({ id: record.id })], nextCursor: null });
    expect(page.itemsRead).toBeLessThanOrEqual(5);
  });

  it('an exact externalId: that transaction, through its uniqueness item', async () => {
    const record = transactions[11]!;
    const page = await get(`/transactions?q=${encodeURIComponent(record.externalId!)}`);
    expect(page.body.data.map((item: { id: string }) => item.id)).toEqual([record.id]);
    expect(page.itemsRead).toBeLessThanOrEqual(5);
  });

  it("a payer's e-mail, any case: their transactions newest first, from the e-mail index", async () => {
    const page = await get('/transactions?q=MARIA%40Example.com');
    expect(page.body.data.map((item: { id: string }) => item.id)).toEqual(
      newestFirst(ofPayer('maria@example.com')),
    );
    // The index's entries for this payer (and one to see the end), their items, the key and account.
    expect(page.itemsRead).toBeLessThanOrEqual(2 * (ofPayer('maria@example.com').length + 1) + 4);
  });

  it('the start of a name, without accents or case, within a date range, paged', async () => {
    const named = transactions.filter((record) => /^(Maria|Mário|Marcos)/.test(record.payer.name));
    expect(await searchAll('q=mar&limit=4')).toEqual(newestFirst(named));
    expect(await searchAll('q=M%C3%81RIO')).toEqual(
      newestFirst(named.filter((r) => r.payer.name === 'Mário Souza')),
    );
    const from = transactions[10]!.createdAt;
    const to = transactions[25]!.createdAt;
    const inRange = named.filter((record) => record.createdAt >= from && record.createdAt <= to);
    expect(inRange.length).toBeGreaterThan(2);
    expect(await searchAll(`q=mar&createdFrom=${from}&createdTo=${to}&limit=2`)).toEqual(
      newestFirst(inRange),
    );
  });

  it('the other filters still apply', async () => {
    const paidMarias = ofPayer('maria@example.com').filter((record) => record.status === 'PAID');
    expect(await searchAll('q=maria%40example.com&status=PAID')).toEqual(newestFirst(paidMarias));
  });

  it('finds a purchase made through the API by its payer', async () => {
    const email = `search-${randomUUID()}@example.com`;
    const created = await call('POST', '/transactions/v2/purchase', {
      key: integration.secretKey,
      body: { ...bobBody(), name: 'Zuleika Quispe', email },
    });
    expect(created.status, created.text).toBe(201);
    // The creation response keeps the contract's keys; reads show the payer.
    expect(created.body).not.toHaveProperty('payer');
    expect((await get(`/transactions/${created.body.id}`)).body.payer).toMatchObject({
      name: 'Zuleika Quispe',
      email,
    });
    for (const q of [email, 'zulei'])
      expect((await get(`/transactions?q=${encodeURIComponent(q)}`)).body.data[0]).toMatchObject({
        id: created.body.id,
      });
  });

  it.each([
    ['q=%20%20', 'q: must be 1 to 255 characters'],
    [`q=${'x'.repeat(256)}`, 'q: must be 1 to 255 characters'],
    [`q=ana&checkoutSessionId=cs_${randomUUID()}`, 'q: cannot be combined with checkoutSessionId'],
    ['q=ana&cursor=abc', 'cursor: is not a cursor of this listing'],
  ])('refuses %s with a 400 naming the field', async (query, message) => {
    const response = await get(`/transactions?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, message: expect.stringContaining(message) });
  });
});

describe('GET /transactions/export', () => {
  const rowsOf = (text: string, delimiter: string) =>
    parse(text, { bom: true, columns: true, delimiter }) as Record<string, string>[];

  it('a selection over the inline bound is prepared as a file: 303 to a presigned link; pt-BR, `;`, a decimal comma, a byte-order mark, documents masked', async () => {
    itemsRead = 0;
    const headers = {
      authorization: basicAuthorization(integration.secretKey),
      'accept-language': 'pt-BR,pt;q=0.9',
    };
    const redirect = await fetch(`${baseUrl}/transactions/export`, { headers, redirect: 'manual' });
    expect(redirect.status, await redirect.clone().text()).toBe(303);
    const link = (await redirect.json()) as {
      url: string;
      expiresAt: string;
      rowCount: number;
      fileName: string;
    };
    expect(redirect.headers.get('location')).toBe(link.url);
    expect(link.url).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);
    expect(link.rowCount).toBeGreaterThan(inlineRows);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(10 * 60_000);
    expect(itemsRead).toBeLessThanOrEqual(2 * (link.rowCount + 1) + 10);
    // Asked as JSON (the dashboard), the same kind of link with 200.
    const asJson = await get('/transactions/export', integration.secretKey, { accept: 'application/json' });
    expect(asJson.status).toBe(200);
    expect(asJson.body).toMatchObject({
      url: expect.stringContaining('X-Amz-Signature='),
      rowCount: link.rowCount,
    });

    const file = await fetch(link.url);
    expect(file.status).toBe(200);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x69]);
    const text = new TextDecoder().decode(bytes);
    // The seeded transactions, newest first (after the one the purchase test made, when it ran first).
    const rows = rowsOf(text, ';').filter((row) => transactions.some((record) => record.id === row.id));
    expect(rows.map((row) => row.id)).toEqual(newestFirst(transactions));
    for (const row of rows) {
      const record = transactions.find((candidate) => candidate.id === row.id)!;
      const payer = payerOf(record);
      expect(row).toMatchObject({
        status: record.status,
        currency: record.currency,
        method: record.method,
        amount: `${Math.floor(record.amount / 100)},${String(record.amount % 100).padStart(2, '0')}`,
        costFee: '1,23',
        externalId: record.externalId,
        payerEmail: payer.email,
        payerPhone: payer.phone ?? '',
        payerDocument: maskDocument(payer.document),
        paidAt: record.paidAt ?? '',
      });
      // A name a spreadsheet would run as a formula is written as text.
      expect(row.payerName).toBe(payer.name.startsWith('=') ? `'${payer.name}` : payer.name);
    }
  });

  it('a small selection is the response itself; en (the default): `,` and a decimal point; the search and filters apply', async () => {
    const response = await get('/transactions/export?q=mar&status=PAID&locale=en');
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="transactions-.+\.csv"$/,
    );
    const rows = rowsOf(response.text, ',');
    const expected = transactions.filter(
      (r) => /^(Maria|Mário|Marcos)/.test(r.payer.name) && r.status === 'PAID',
    );
    expect(rows.length).toBeLessThanOrEqual(inlineRows);
    expect(rows.map((row) => row.id)).toEqual(newestFirst(expected));
    expect(rows[0]!.costFee).toBe('1.23');
    // fetch's text() drops a byte-order mark: read the bytes.
    const raw = await fetch(`${baseUrl}/transactions/export?q=mar&status=PAID`, {
      headers: { authorization: basicAuthorization(integration.secretKey) },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x69]);
  });

  it('refuses an unknown locale with a 400 naming it', async () => {
    const response = await get('/transactions/export?locale=fr');
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^locale: must be one of pt-BR, es, en/);
  });
});
