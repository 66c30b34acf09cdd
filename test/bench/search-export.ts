// Search and export on a 10,000-transaction account (issue 32): the account is seeded through the
// store's own keys in batch writes, then each kind of `GET /transactions?q=` and the export of
// the whole account go through the bench's in-process gateway, each request's DynamoDB reads
// counted as DynamoDB bills them (a Query's ScannedCount, the items a GetItem or BatchGetItem
// found), and the exported file is parsed with a CSV library and compared with the seeded data.
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { parse } from 'csv-parse/sync';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { basicAuthorization } from '../../shared/auth/credentials.ts';
import { dynamo } from '../../shared/aws/clients.ts';
import { tableName } from '../../shared/config.ts';
import { randomTransactionId } from '../../shared/ids.ts';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { keys } from '../../shared/store/keys.ts';
import { newTransactionItems } from '../../shared/store/transaction-items.ts';
import { payerSearchKeys } from '../../shared/store/transaction-search.ts';
import { maskDocument, payerOf } from '../../shared/transactions/payer.ts';
import { newTransactionRecord, type TransactionRecord } from '../../shared/transactions/transaction.ts';
import { bobBody, copBody, pixBody } from '../support/purchase-fixtures.ts';

export interface SearchExportRow {
  request: string;
  what: string;
  status: number;
  results: number;
  itemsRead: number;
  ms: number;
}

export interface SearchExportResult {
  transactions: number;
  seedSeconds: number;
  rows: SearchExportRow[];
  export: { rows: number; bytes: number; sameData: boolean; mismatches: string[] };
}

const firstNames = ['Maria', 'Mário', 'Marcos', 'Ana', 'Juan', 'Camila', 'Pedro', 'Lucía', 'José', 'Carla'];
const surnames = [
  'Silva',
  'Souza',
  'Pérez',
  'Mamani',
  'Gómez',
  'Oliveira',
  'Quispe',
  'Rodríguez',
  'Lima',
  'Costa',
];

let itemsRead = 0;

function countItemsRead(): void {
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
    { step: 'initialize', name: 'benchSearchItemsRead' },
  );
}

async function putAll(items: Record<string, unknown>[], inFlight = 8): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < items.length; start += 25) batches.push(items.slice(start, start + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let requests = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
      while (requests.length > 0) {
        const result = await dynamo().send(
          new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }),
        );
        requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

/** `count` transactions, one every 5 minutes back from now, 100 payers, three currencies; a quarter PAID. */
export async function seedAccount(accountId: string, count: number): Promise<TransactionRecord[]> {
  const bodies = [pixBody, copBody, bobBody];
  const start = Date.now() - count * 300_000;
  const records: TransactionRecord[] = [];
  for (let index = 0; index < count; index++) {
    const now = new Date(start + index * 300_000);
    const payer = index % 100;
    const name = `${firstNames[payer % 10]} ${surnames[Math.floor(payer / 10)]}`;
    const fixture = bodies[index % 3]!();
    const body = {
      ...fixture,
      name,
      email: `payer${payer}@example.com`,
      // Cents that vary, within every method's range.
      amount: (fixture.amount as number) + (index % 97),
      externalId: `order-${index}-${randomUUID().slice(0, 8)}`,
    };
    const record = newTransactionRecord({
      id: randomTransactionId(now.getTime()),
      pageToken: `page-${index}`,
      accountId,
      request: parsePurchaseRequest(body, now),
      costFee: 123,
      accountPostbackUrl: null,
      now,
    });
    records.push(index % 4 === 0 ? { ...record, status: 'PAID', paidAt: now.toISOString() } : record);
  }
  await putAll(
    records.flatMap((record) => [
      ...Object.values(
        newTransactionItems(
          record,
          {
            state: keys.transactionListing(accountId, record.createdAt, record.id),
            details: payerSearchKeys(record),
          },
          'bench-seed',
        ),
      ),
      {
        ...keys.transactionExternalId(accountId, record.externalId!),
        entity: 'transactionExternalId',
        transactionId: record.id,
        createdAt: record.createdAt,
      },
    ]),
  );
  return records;
}

export async function measureSearchAndExport(
  baseUrl: string,
  count: number,
  progress: (message: string) => void,
): Promise<SearchExportResult> {
  // An account of its own: the export is compared with exactly what was seeded.
  const issued = await issueApiKey({ permissions: ['createTransaction'] });
  const api = { baseUrl, authorization: basicAuthorization(issued.secretKey), accountId: issued.accountId };
  const seedStart = Date.now();
  progress(`seeding ${count} transactions`);
  const records = await seedAccount(api.accountId, count);
  const seedSeconds = Math.round((Date.now() - seedStart) / 100) / 10;
  countItemsRead();

  const timed = async (request: string, init: RequestInit = {}) => {
    itemsRead = 0;
    const started = performance.now();
    const response = await fetch(`${api.baseUrl}${request}`, {
      ...init,
      headers: { authorization: api.authorization, ...(init.headers as Record<string, string>) },
    });
    const body = await response.arrayBuffer();
    return { response, body, itemsRead, ms: Math.round(performance.now() - started) };
  };
  const rows: SearchExportRow[] = [];
  const search = async (request: string, what: string) => {
    const { response, body, itemsRead: read, ms } = await timed(request);
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { data?: unknown[] };
    rows.push({
      request,
      what,
      status: response.status,
      results: parsed.data?.length ?? 0,
      itemsRead: read,
      ms,
    });
  };
  // Warm the handlers (first imports) before anything is timed.
  await timed('/transactions?limit=1');

  const sample = records[Math.floor(count / 2)]!;
  const dayStart = new Date(Date.parse(sample.createdAt) - 12 * 3_600_000).toISOString();
  const dayEnd = new Date(Date.parse(sample.createdAt) + 12 * 3_600_000).toISOString();
  await search('/transactions?limit=20', 'the listing, first page (for comparison)');
  await search(`/transactions?q=${sample.id}`, 'an exact id');
  await search(`/transactions?q=${encodeURIComponent(sample.externalId!)}`, 'an exact externalId');
  await search(
    `/transactions?q=${encodeURIComponent(sample.payer.email.toUpperCase())}`,
    `a payer's e-mail, any case (${count / 100} are theirs)`,
  );
  await search(
    '/transactions?q=maria%20si',
    `"maria si", first page (${count / 100} match; their bucket "mar" holds ${(3 * count) / 10})`,
  );
  await search(
    `/transactions?q=mar&createdFrom=${dayStart}&createdTo=${dayEnd}`,
    '"mar" within a day (288 transactions, 30 % of them match)',
  );
  await search('/transactions?q=mar&status=PAID&limit=100', '"mar", PAID only, 100 a page');

  progress(`exporting ${count} transactions`);
  const link = await timed('/transactions/export?locale=pt-BR', { redirect: 'manual' });
  const file = JSON.parse(new TextDecoder().decode(link.body)) as { url?: string; rowCount?: number };
  rows.push({
    request: '/transactions/export?locale=pt-BR',
    what: 'export of the whole account (303 to the file)',
    status: link.response.status,
    results: file.rowCount ?? 0,
    itemsRead: link.itemsRead,
    ms: link.ms,
  });
  const downloaded = await fetch(file.url ?? 'http://invalid.example');
  const bytes = new Uint8Array(await downloaded.arrayBuffer());
  const parsed = parse(new TextDecoder().decode(bytes), {
    bom: true,
    columns: true,
    delimiter: ';',
  }) as Record<string, string>[];
  const mismatches: string[] = [];
  const newestFirst = [...records].reverse();
  if (parsed.length !== newestFirst.length)
    mismatches.push(`${parsed.length} rows for ${newestFirst.length} transactions`);
  parsed.forEach((row, index) => {
    const record = newestFirst[index];
    if (!record) return;
    const payer = payerOf(record);
    const expected: Record<string, string> = {
      id: record.id,
      status: record.status,
      currency: record.currency,
      amount: `${Math.floor(record.amount / 100)},${String(record.amount % 100).padStart(2, '0')}`,
      externalId: record.externalId ?? '',
      payerName: payer.name,
      payerEmail: payer.email,
      payerDocument: maskDocument(payer.document),
      paidAt: record.paidAt ?? '',
    };
    for (const [column, value] of Object.entries(expected))
      if (row[column] !== value && mismatches.length < 5)
        mismatches.push(`row ${index} ${column}: ${row[column]} ≠ ${value}`);
  });
  return {
    transactions: count,
    seedSeconds,
    rows,
    export: { rows: parsed.length, bytes: bytes.byteLength, sameData: mismatches.length === 0, mismatches },
  };
}

export const searchExportSectionName = 'search-export';

export function renderSearchExportText(result: SearchExportResult): string {
  return [
    `Search and export on a ${result.transactions.toLocaleString('en')}-transaction account (items read per request)`,
    ...result.rows.map(
      (row) =>
        `   ${row.what.padEnd(66)} ${String(row.status).padStart(3)} ${String(row.results).padStart(6)} results ${String(row.itemsRead).padStart(6)} items read ${String(row.ms).padStart(6)} ms`,
    ),
    `   export file: ${result.export.rows} rows, ${result.export.bytes} bytes, same data as seeded: ${result.export.sameData}${result.export.mismatches.length ? ` (${result.export.mismatches.join('; ')})` : ''}`,
  ].join('\n');
}

export function renderSearchExportMarkdown(
  result: SearchExportResult,
  /** Only when the section is run alone (`npm run bench:search`): the full bench's header says it. */
  run?: { command: string; date: string; provenance: string; loadAverage: string },
): string {
  const table = [
    '| request | what | status | results | items read | ms |',
    '| :------ | :--- | -----: | ------: | ---------: | -: |',
    ...result.rows.map(
      (row) =>
        `| \`${row.request.length > 70 ? `${row.request.slice(0, 67)}…` : row.request}\` | ${row.what} | ${row.status} | ${row.results} | ${row.itemsRead} | ${row.ms} |`,
    ),
  ];
  return [
    '## Search and export on a 10,000-transaction account',
    '',
    ...(run
      ? [
          `Latest run of this section: \`${run.command}\` on ${run.date.slice(0, 10)}, ${run.provenance}; load average ${run.loadAverage}.`,
          '',
        ]
      : []),
    `${result.transactions.toLocaleString('en')} transactions (one every 5 minutes, 100 payers, BRL/COP/BOB, a quarter PAID) seeded with the store's keys in ${result.seedSeconds} s; each request through the in-process gateway, its DynamoDB reads counted as billed (a Query's ScannedCount, the items a GetItem or BatchGetItem found), the key and its account included.`,
    '',
    ...table,
    '',
    `- The export's file: ${result.export.rows.toLocaleString('en')} rows, ${(result.export.bytes / 1024).toFixed(0)} KB, parsed with csv-parse and compared with the seeded data column by column (id, status, currency, amount, externalId, payer name, e-mail, masked document, paidAt): ${result.export.sameData ? 'the same data' : `DIFFERENT: ${result.export.mismatches.join('; ')}`}.`,
    '- Every search request reads at most three items by key and one index page (at most 200 entries and their items); the export reads the listing page by page within the same bound per page, at most 200 pages.',
  ].join('\n');
}
