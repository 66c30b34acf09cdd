// Issue 27 item 6: a filtered listing read the whole partition (GET /events?deliveryStatus=FAILED
// on a healthy account read every event to return nothing). Every listing request reads a
// bounded number of items; a page the bound stopped answers what it found with a cursor that
// resumes, and paging on finds exactly the matching items.
//
// The requests go over HTTP to a local gateway in this process serving the same route table and
// handler modules, on the shared stack's table, so that each DynamoDB answer the handlers get can
// be counted as DynamoDB bills it (`ScannedCount` of a Query: every entry it read, before any
// filter; the items a BatchGetItem or GetItem found). The account is seeded through the store
// module's keys in a few batch writes, not through hundreds of HTTP calls.
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../infra/local/gateway.ts';
import type { IssuedApiKey } from '../../shared/accounts/issue-api-key.ts';
import { dynamo } from '../../shared/aws/clients.ts';
import { tableName } from '../../shared/config.ts';
import { newEvent } from '../../shared/events/new-event.ts';
import { randomTransactionId } from '../../shared/ids.ts';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { routeList } from '../../shared/route-table.ts';
import { keys } from '../../shared/store/keys.ts';
import { newTransactionRecord, type TransactionRecord } from '../../shared/transactions/transaction.ts';
import { call, createKey } from '../support/api.ts';
import { bobBody } from '../support/purchase-fixtures.ts';

/** The index entries one page reads at most (docs/api.md, Pagination). */
const entriesReadPerPage = 200;
/** A page reads its index entries and the items they name; the rest is the key and its account. */
const itemsReadPerRequest = 2 * entriesReadPerPage + 10;
/** More than one page's bound, so a request that reads the whole partition shows. */
const seeded = 300;

let gateway: Awaited<ReturnType<typeof startGateway>>;
let baseUrl: string;
let account: IssuedApiKey;
/**
 * Oldest first: the oldest transaction is FAILED and was sold by a checkout (of a payment link),
 * the next one's event FAILED, all else healthy.
 */
const transactions: TransactionRecord[] = [];
const sale = {
  offerId: `off_${randomUUID()}`,
  productId: `prd_${randomUUID()}`,
  checkoutSessionId: `cs_${randomUUID()}`,
  paymentLinkId: `plink_${randomUUID()}`,
};
/** Items read by the route functions since the last request began. */
let itemsRead = 0;

/** Puts items 25 to a request (BatchWriteItem's most), as the live writes shape them. */
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

async function seed(accountId: string) {
  const start = Date.now() - seeded * 1000;
  for (let index = 0; index < seeded; index++) {
    const now = new Date(start + index * 1000);
    const id = randomTransactionId(now.getTime());
    const record = newTransactionRecord({
      id,
      pageToken: `page-${id}`,
      accountId,
      request: parsePurchaseRequest(bobBody(), now),
      costFee: 0,
      accountPostbackUrl: null,
      now,
    });
    transactions.push(index === 0 ? { ...record, status: 'FAILED', sale } : { ...record, status: 'PAID' });
  }
  // The keys and fields insertTransaction and markPaidWithEvents write, without their work-index
  // keys (the shared stack's sweeper must not pick these up) and without a write per item.
  const events = transactions.slice(1).map((record) => {
    const paidAt = new Date(Date.parse(record.createdAt) + 500);
    const event = newEvent('cashin.paid', record, paidAt);
    return record === transactions[1]
      ? { ...event, deliveryStatus: 'FAILED' as const, lastError: 'HTTP 500' }
      : { ...event, deliveryStatus: 'DELIVERED' as const, deliveredAt: paidAt.toISOString() };
  });
  await putAll([
    ...transactions.map((record) => ({
      ...keys.transaction(accountId, record.id),
      ...keys.transactionListing(accountId, record.createdAt, record.id),
      entity: 'transaction',
      ...record,
    })),
    ...events.map((event) => ({
      ...keys.event(accountId, event.transactionId, event.type),
      ...keys.eventListing(accountId, event.createdAt, event.eventId),
      entity: 'event',
      ...event,
    })),
    // The session that sold the oldest one, as far as the transactions' filter reads it.
    {
      ...keys.checkoutSession(sale.checkoutSessionId),
      entity: 'checkoutSession',
      id: sale.checkoutSessionId,
      accountId,
      transactionId: transactions[0]!.id,
    },
  ]);
}

/** GET through the gateway: the answer, and the items its handler read. */
async function list(path: string) {
  itemsRead = 0;
  const response = await call('GET', path, { key: account.secretKey, baseUrl });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { body: response.body, itemsRead };
}

/** Follows nextCursor to the end; every request within the bound. */
async function everyPage(path: string) {
  const found: string[] = [];
  const reads: number[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page = await list(cursor ? `${path}${separator}cursor=${cursor}` : path);
    reads.push(page.itemsRead);
    found.push(...page.body.data.map((item: { id: string }) => item.id));
    cursor = page.body.nextCursor;
    expect(reads.length).toBeLessThan(20);
  } while (cursor);
  return { found, reads };
}

/** Counts what each DynamoDB answer read, as DynamoDB bills it. */
function countItemsRead() {
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const output = result.output as {
        ScannedCount?: number;
        Item?: unknown;
        Responses?: Record<string, unknown[]>;
      };
      // The document client's commands run as the low-level ones (GetItem, BatchGetItem).
      const command = String(context.commandName);
      if (command === 'QueryCommand') itemsRead += output.ScannedCount ?? 0;
      if (command === 'GetItemCommand' && output.Item) itemsRead += 1;
      if (command === 'BatchGetItemCommand')
        for (const items of Object.values(output.Responses ?? {})) itemsRead += items.length;
      return result;
    },
    { step: 'initialize', name: 'countItemsRead' },
  );
}

beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  account = await createKey(['createTransaction', 'manageAccount']);
  await seed(account.accountId);
  countItemsRead();
  gateway = await startGateway({ port: 0, routes: routeList() });
  baseUrl = `http://127.0.0.1:${gateway.port}`;
});

afterAll(async () => {
  await gateway?.close();
});

describe('filtered listings read a bounded number of items', () => {
  it('GET /events?deliveryStatus=FAILED on a healthy account: bounded pages, and the cursor finds the failure', async () => {
    const first = await list('/events?deliveryStatus=FAILED');
    // It read its whole bound (the counting works), and no more.
    expect(first.itemsRead).toBeGreaterThanOrEqual(2 * entriesReadPerPage);
    expect(first.itemsRead).toBeLessThanOrEqual(itemsReadPerRequest);
    // The bound stopped the page before the partition's end: nothing yet, and a cursor.
    expect(first.body.data).toEqual([]);
    expect(first.body.nextCursor).toEqual(expect.any(String));

    const { found, reads } = await everyPage('/events?deliveryStatus=FAILED');
    for (const read of reads) expect(read).toBeLessThanOrEqual(itemsReadPerRequest);
    expect(found).toEqual([newEvent('cashin.paid', transactions[1]!, new Date()).eventId]);
  });

  it('GET /transactions?status=FAILED: bounded pages, and the cursor finds the failed one', async () => {
    const { found, reads } = await everyPage('/transactions?status=FAILED&limit=5');
    for (const read of reads) expect(read).toBeLessThanOrEqual(itemsReadPerRequest);
    expect(found).toEqual([transactions[0]!.id]);
    expect(reads.length).toBeGreaterThan(1);
  });

  it.each([
    ['offerId', sale.offerId],
    ['paymentLinkId', sale.paymentLinkId],
  ])('GET /transactions?%s=: bounded pages, and the cursor finds the sale', async (name, value) => {
    const { found, reads } = await everyPage(`/transactions?${name}=${value}&limit=5`);
    for (const read of reads) expect(read).toBeLessThanOrEqual(itemsReadPerRequest);
    expect(found).toEqual([transactions[0]!.id]);
    expect(reads.length).toBeGreaterThan(1);
  });

  it('GET /transactions?checkoutSessionId=: the session and its transaction, not the listing', async () => {
    const page = await list(`/transactions?checkoutSessionId=${sale.checkoutSessionId}`);
    expect(page.body).toMatchObject({ data: [{ id: transactions[0]!.id, ...sale }], nextCursor: null });
    // The session and its transaction, plus the key and its account when not cached.
    expect(page.itemsRead).toBeLessThanOrEqual(4);
  });

  it('a filter that keeps most items still fills its pages, and paging neither repeats nor skips', async () => {
    const { found, reads } = await everyPage('/transactions?status=PAID&limit=100');
    expect(found).toEqual(
      transactions
        .slice(1)
        .map((record) => record.id)
        .reverse(),
    );
    expect(reads).toHaveLength(Math.ceil((seeded - 1) / 100));
    for (const read of reads) expect(read).toBeLessThanOrEqual(itemsReadPerRequest);
  });

  it('an unfiltered page reads its own items and one more', async () => {
    const page = await list('/events?limit=20');
    expect(page.body.data).toHaveLength(20);
    expect(page.itemsRead).toBeLessThanOrEqual(2 * 21 + 10);
  });
});
