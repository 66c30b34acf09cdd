// AWS requests per API call, counted by SDK middleware on the service's own client singletons
// while calls go one at a time through a gateway whose requests run in the `api` scope, so
// the workers' background requests are not in the figures. Caches are warm (one call first).
import { copBody } from '../support/purchase-fixtures.ts';
import { difference, type RequestCounter } from './request-counter.ts';
import { round } from './stats.ts';
import type { BenchApi } from './throughput.ts';

export interface RequestCountRow {
  call: string;
  calls: number;
  /** Commands per call, by `service.Command`. */
  perCall: Record<string, number>;
  dynamoPerCall: number;
  /** Jobs sent: SQS sends and invocations of workers (Lambda's Invoke). */
  sqsPerCall: number;
  /** Items per TransactWriteItems, on average. */
  itemsPerTransactWrite: number | null;
  /** Retries and other extra HTTP attempts per call. */
  extraAttemptsPerCall: number;
  floor: string;
  floorDynamo: number;
  floorSqs: number;
  /** How far from the floor, and why. */
  note: string;
}

interface CallDef {
  call: string;
  floor: string;
  floorDynamo: number;
  floorSqs: number;
  /** What keeps the call at its floor. */
  cached: string;
  /** Why it is above its floor, when it is by design. */
  over?: string;
  send: (index: number) => Promise<Response>;
  expect: number;
  /** Requests sent at once per step (default 1: one at a time). */
  together?: number;
}

const keyCache =
  'the API key lookup and the account settings read (its rate limit) are served from in-memory caches (AUTH_CACHE_TTL_MS, 5 s)';
const rateLimit =
  "the per-account rate limiter leases a batch of tokens from the account's shared bucket with one conditional UpdateItem (exact across instances) and serves the next requests from the lease";
const purchaseCaches =
  'the API key lookup and the account settings read (fees, global postback URL) are served from in-memory caches (AUTH_CACHE_TTL_MS, 5 s)';

function describe(definition: CallDef, perCall: Record<string, number>, dynamo: number, sqs: number): string {
  const over = round(dynamo - definition.floorDynamo, 2);
  const overJobs = round(sqs - definition.floorSqs, 2);
  if (over === 0 && overJobs === 0) return `at its floor (${definition.floor}): ${definition.cached}.`;
  const commands = Object.entries(perCall)
    .map(([command, count]) => `${count} ${command}`)
    .join(', ');
  return `${over >= 0 ? '+' : ''}${over} DynamoDB, ${overJobs >= 0 ? '+' : ''}${overJobs} jobs against ${definition.floor} (${commands})${definition.over ? `: ${definition.over}` : ''}; ${definition.cached}.`;
}

export async function measureRequestCounts(
  api: BenchApi,
  counter: RequestCounter,
  scope: string,
  runId: string,
  calls = 20,
): Promise<RequestCountRow[]> {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: api.authorization, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const seed = (await (
    await post('/transactions/v2/purchase', { ...copBody(), externalId: `${runId}-count-seed` })
  ).json()) as { id: string };
  const definitions: CallDef[] = [
    {
      call: 'POST /transactions/v2/purchase',
      floor: '2 PutItem (the id, the details) + 1 TransactWrite + 1 job (an invocation of its worker)',
      floorDynamo: 3,
      floorSqs: 1,
      cached: purchaseCaches,
      over: rateLimit,
      expect: 201,
      send: (index) =>
        post('/transactions/v2/purchase', { ...copBody(), externalId: `${runId}-count-${index}` }),
    },
    {
      call: 'POST /transactions/v2/purchase + Idempotency-Key',
      floor: '2 PutItem (the id, the details) + 1 TransactWrite + 1 job (an invocation of its worker)',
      floorDynamo: 3,
      floorSqs: 1,
      cached: purchaseCaches,
      over: `the key is claimed with a conditional PutItem before the work (so a concurrent retry gets 409, not a second transaction); its completion rides in the same TransactWrite as the transaction, one more item; ${rateLimit}`,
      expect: 201,
      send: (index) =>
        post(
          '/transactions/v2/purchase',
          { ...copBody(), externalId: `${runId}-count-idem-${index}` },
          { 'idempotency-key': `${runId}-idem-${index}` },
        ),
    },
    {
      call: 'POST /v2/products',
      floor: '1 write',
      floorDynamo: 1,
      floorSqs: 0,
      cached: keyCache,
      over: rateLimit,
      expect: 201,
      send: (index) =>
        post('/v2/products', { name: 'Counted product', externalId: `${runId}-count-product-${index}` }),
    },
    {
      call: 'GET /transactions/:id',
      floor: '1 Query (the transaction’s state and details)',
      floorDynamo: 1,
      floorSqs: 0,
      cached: keyCache,
      over: rateLimit,
      expect: 200,
      send: () =>
        fetch(`${api.baseUrl}/transactions/${seed.id}`, { headers: { authorization: api.authorization } }),
    },
    {
      call: 'GET /transactions/:id, 10 at once',
      floor: '1 Query (the transaction’s state and details)',
      floorDynamo: 1,
      floorSqs: 0,
      cached: keyCache,
      over: `${rateLimit}; requests of one account that arrive while a lease is being written share it`,
      expect: 200,
      together: 10,
      send: () =>
        fetch(`${api.baseUrl}/transactions/${seed.id}`, { headers: { authorization: api.authorization } }),
    },
    {
      call: 'GET /health (public, cached)',
      floor: '0 (cached answer)',
      floorDynamo: 0,
      floorSqs: 0,
      cached:
        'the answer comes from the per-instance health cache (HEALTH_CACHE_TTL_MS, 10 s); the per-address limiter keeps its state in memory',
      expect: 200,
      send: () => fetch(`${api.baseUrl}/health`),
    },
  ];
  const rows: RequestCountRow[] = [];
  for (const definition of definitions) {
    // The first call fills the key and account-settings caches, as a warm function has them.
    await (await definition.send(-1)).arrayBuffer();
    const together = definition.together ?? 1;
    const sent = Math.ceil(calls / together) * together;
    const before = counter.snapshot(scope);
    for (let index = 0; index < sent; index += together) {
      await Promise.all(
        Array.from({ length: together }, async (_, offset) => {
          const response = await definition.send(index + offset);
          const text = await response.text();
          if (response.status !== definition.expect)
            throw new Error(`${definition.call}: ${response.status} ${text.slice(0, 300)}`);
        }),
      );
    }
    const counted = difference(counter.snapshot(scope), before);
    const perCall = Object.fromEntries(
      Object.entries(counted).map(([command, count]) => [command, round(count.commands / sent, 2)]),
    );
    const sum = (service: string) =>
      round(
        Object.entries(counted)
          .filter(([command]) => command.startsWith(`${service}.`))
          .reduce((total, [, count]) => total + count.commands, 0) / sent,
        2,
      );
    const transactWrites = counted['dynamodb.TransactWriteItems'];
    rows.push({
      call: definition.call,
      calls: sent,
      perCall,
      dynamoPerCall: sum('dynamodb'),
      sqsPerCall: round(sum('sqs') + sum('lambda'), 2),
      itemsPerTransactWrite: transactWrites ? round(transactWrites.items / transactWrites.commands, 2) : null,
      extraAttemptsPerCall: round(
        Object.values(counted).reduce((total, count) => total + count.attempts - count.commands, 0) / sent,
        2,
      ),
      floor: definition.floor,
      floorDynamo: definition.floorDynamo,
      floorSqs: definition.floorSqs,
      note: describe(definition, perCall, sum('dynamodb'), round(sum('sqs') + sum('lambda'), 2)),
    });
  }
  return rows;
}
