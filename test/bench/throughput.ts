// Throughput and latency of three API calls through the local gateway, each next to the same
// DynamoDB work done directly with the SDK (the database's own limit), in the same run.
import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import { keys } from '../../shared/store/keys.ts';
import type { ApiClient, components } from '../support/openapi-client/client.ts';
import { copBody } from '../support/purchase-fixtures.ts';
import type { HttpLoad, LoadResult, LoadSpec } from './http-load.ts';
import {
  productWrite,
  purchaseWrite,
  type RawOperation,
  rawDynamo,
  runRaw,
  transactionRead,
} from './raw-dynamo.ts';
import { backgroundScope, difference, type RequestCounter } from './request-counter.ts';
import { pause, percentile, round } from './stats.ts';

/** The fixtures are plain objects; the client wants the document's purchase type. */
export type PurchaseBody = components['schemas']['PurchaseRequest'];

export interface BenchApi {
  baseUrl: string;
  authorization: string;
  accountId: string;
  /** The typed client generated from GET /openapi.json, for the bench's own calls. */
  client: ApiClient;
}

export interface CellFigures {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  errors: number;
  /** Share of the cell's wall time the main thread (gateway, handlers, workers, fauxqs, raw SDK calls) was busy. */
  mainThreadBusy: number;
  /** API cells only: share of the cell the HTTP load generator's thread was busy. */
  generatorBusy?: number;
  firstUnexpected?: string;
  cappedAt?: number;
}

export interface ThroughputRow {
  call: string;
  concurrency: number;
  api: CellFigures;
  raw: CellFigures;
  /** API requests/s over raw requests/s. */
  ratio: number;
  /** DynamoDB requests the workers made while the API cell ran (purchases start instruction jobs). */
  backgroundDynamoRequests: number;
  /** Mean time per API call spent waiting on AWS requests, by command: where the API latency goes. */
  apiAwsMsPerCall: Record<string, number>;
}

export interface ThroughputOptions {
  /** Only these calls (all three when omitted). */
  only?: string[];
  concurrencies: number[];
  requestsAt: (concurrency: number) => number;
  timeCapMs: number;
  dynamoEndpoint: string;
  tableName: string;
  load: HttpLoad;
  counter: RequestCounter;
  runId: string;
  /** The request-counter scope the gateway under test runs in. */
  apiScope: string;
  progress: (message: string) => void;
}

function figures(
  result: LoadResult,
  expectOk: (status: string) => boolean,
  busy: EventLoopUtilization,
): CellFigures {
  const errors = Object.entries(result.statuses)
    .filter(([status]) => !expectOk(status))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    requests: result.latenciesMs.length,
    p50Ms: round(percentile(result.latenciesMs, 50)),
    p99Ms: round(percentile(result.latenciesMs, 99)),
    requestsPerSecond: round((result.latenciesMs.length / result.elapsedMs) * 1000, 0),
    errors,
    mainThreadBusy: round(busy.utilization, 2),
    ...(result.generatorBusy !== undefined ? { generatorBusy: round(result.generatorBusy, 2) } : {}),
    ...(result.firstUnexpected ? { firstUnexpected: result.firstUnexpected } : {}),
    ...(result.cappedAt !== undefined ? { cappedAt: result.cappedAt } : {}),
  };
}

/** Waits until the workers have made no DynamoDB request for `quietMs` (at most `capMs`). */
export async function waitForQuiet(counter: RequestCounter, quietMs: number, capMs: number): Promise<void> {
  const deadline = Date.now() + capMs;
  let last = counter.total(backgroundScope);
  let stillSince = Date.now();
  while (Date.now() < deadline) {
    await pause(100);
    const now = counter.total(backgroundScope);
    if (now !== last) {
      last = now;
      stillSince = Date.now();
    } else if (Date.now() - stillSince >= quietMs) {
      return;
    }
  }
}

/** The body when the call answered `status`, else an error naming what came instead. */
export function expectStatus<T>(
  call: string,
  status: number,
  result: { data?: T; error?: unknown; response: Response },
): T {
  if (result.response.status !== status || result.data === undefined)
    throw new Error(`${call}: ${result.response.status} ${JSON.stringify(result.error ?? result.data)}`);
  return result.data;
}

/** API/raw wanted at 8 in flight: the read a merchant polls has the higher bar. */
export function throughputTarget(call: string): number {
  return call === 'GET /transactions/:id' ? 0.55 : 0.5;
}

export async function measureThroughput(api: BenchApi, options: ThroughputOptions): Promise<ThroughputRow[]> {
  const { load, counter, runId, progress } = options;
  const raw = rawDynamo(options.dynamoEndpoint, options.tableName);
  try {
    // Items written by the API itself: the raw baseline clones them, so it writes the same bytes.
    const seeded: string[] = [];
    for (let batch = 0; batch < 5; batch += 1) {
      const created = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          api.client
            .POST('/transactions/v2/purchase', {
              body: { ...copBody(), externalId: `${runId}-seed-${batch}-${index}` } as PurchaseBody,
            })
            .then((result) => expectStatus('POST /transactions/v2/purchase', 201, result)),
        ),
      );
      seeded.push(...created.map((transaction) => transaction.id as string));
    }
    const product = expectStatus(
      'POST /v2/products',
      201,
      await api.client.POST('/v2/products', {
        body: {
          name: 'Bench product',
          description: 'A product created by the benchmark',
          externalId: `${runId}-seed-product`,
          metadata: { sku: 'B-1' },
        },
      }),
    );
    const transactionTemplate = {
      state: await raw.read(keys.transaction(api.accountId, seeded[0]!)),
      details: await raw.read(keys.transactionDetails(api.accountId, seeded[0]!)),
    };
    const productTemplate = await raw.read(keys.product(api.accountId, product.id));

    // DynamoDB Local is a JVM: its first few hundred requests run slower until the JIT has
    // compiled the hot paths. Warm it with the same mix before any cell is measured.
    progress('throughput: warming up DynamoDB Local');
    await runRaw(
      purchaseWrite(raw, options.tableName, transactionTemplate, `${runId}-jit`),
      600,
      8,
      options.timeCapMs,
    );
    await runRaw(
      productWrite(raw, options.tableName, productTemplate, `${runId}-jit`),
      300,
      8,
      options.timeCapMs,
    );
    await runRaw(transactionRead(raw, options.tableName, api.accountId, seeded), 600, 8, options.timeCapMs);

    const headers = { authorization: api.authorization };
    const calls: Array<{
      call: string;
      spec: (prefix: string) => Omit<LoadSpec, 'requests' | 'concurrency' | 'timeCapMs'>;
      raw: (prefix: string) => RawOperation;
      background: boolean;
    }> = [
      {
        call: 'GET /transactions/:id',
        spec: () => ({
          baseUrl: api.baseUrl,
          method: 'GET',
          path: '/transactions/{id}',
          ids: seeded,
          headers,
          expectStatus: 200,
        }),
        raw: () => transactionRead(raw, options.tableName, api.accountId, seeded),
        background: false,
      },
      {
        call: 'POST /v2/products',
        spec: (prefix) => ({
          baseUrl: api.baseUrl,
          method: 'POST',
          path: '/v2/products',
          headers,
          body: {
            name: 'Bench product',
            description: 'A product created by the benchmark',
            metadata: { sku: 'B-1' },
          },
          externalIdPrefix: prefix,
          expectStatus: 201,
        }),
        raw: (prefix) => productWrite(raw, options.tableName, productTemplate, prefix),
        background: false,
      },
      {
        call: 'POST /transactions/v2/purchase',
        spec: (prefix) => ({
          baseUrl: api.baseUrl,
          method: 'POST',
          path: '/transactions/v2/purchase',
          headers,
          body: copBody(),
          externalIdPrefix: prefix,
          expectStatus: 201,
        }),
        raw: (prefix) => purchaseWrite(raw, options.tableName, transactionTemplate, prefix),
        background: true,
      },
    ];

    const rows: ThroughputRow[] = [];
    for (const { call, spec, raw: rawOperation, background } of calls.filter(
      (entry) => !options.only || options.only.includes(entry.call),
    )) {
      progress(`throughput: warming up ${call}`);
      await runRaw(rawOperation(`${runId}-warm-raw`), 100, 8, options.timeCapMs);
      await load.run({
        ...spec(`${runId}-warm-api`),
        requests: 100,
        concurrency: 8,
        timeCapMs: options.timeCapMs,
      });
      if (background) await waitForQuiet(counter, 2500, 10_000);
      for (const concurrency of options.concurrencies) {
        const requests = options.requestsAt(concurrency);
        const cell = `${runId}-c${concurrency}`;
        const rawStarted = performance.eventLoopUtilization();
        const rawResult = await runRaw(rawOperation(`${cell}-raw`), requests, concurrency, options.timeCapMs);
        const rawBusy = performance.eventLoopUtilization(rawStarted);
        const backgroundBefore = counter.total(backgroundScope, 'dynamodb');
        const apiBefore = counter.snapshot(options.apiScope);
        const apiStarted = performance.eventLoopUtilization();
        const apiResult = await load.run({
          ...spec(`${cell}-api`),
          requests,
          concurrency,
          timeCapMs: options.timeCapMs,
        });
        const apiBusy = performance.eventLoopUtilization(apiStarted);
        const backgroundDynamoRequests = counter.total(backgroundScope, 'dynamodb') - backgroundBefore;
        const apiAws = difference(counter.snapshot(options.apiScope), apiBefore);
        const apiAwsMsPerCall = Object.fromEntries(
          Object.entries(apiAws).map(([command, count]) => [
            command,
            round(count.totalMs / Math.max(1, apiResult.latenciesMs.length), 1),
          ]),
        );
        const row: ThroughputRow = {
          call,
          concurrency,
          api: figures(apiResult, (status) => status.startsWith('2'), apiBusy),
          raw: figures(rawResult, (status) => status === 'ok', rawBusy),
          ratio: 0,
          backgroundDynamoRequests,
          apiAwsMsPerCall,
        };
        row.ratio = round(row.api.requestsPerSecond / row.raw.requestsPerSecond, 2);
        rows.push(row);
        progress(
          `throughput: ${call} c=${concurrency}: api ${row.api.requestsPerSecond}/s p50 ${row.api.p50Ms} p99 ${row.api.p99Ms} ms, raw ${row.raw.requestsPerSecond}/s p50 ${row.raw.p50Ms} p99 ${row.raw.p99Ms} ms, ratio ${row.ratio}; main thread busy api ${row.api.mainThreadBusy} raw ${row.raw.mainThreadBusy}; AWS ms per call ${JSON.stringify(apiAwsMsPerCall)}, background DynamoDB requests ${backgroundDynamoRequests}`,
        );
        // Purchases start instruction jobs (now and after the sandbox delay): let them finish.
        if (background) await waitForQuiet(counter, 2500, 10_000);
      }
    }
    return rows;
  } finally {
    raw.close();
  }
}
