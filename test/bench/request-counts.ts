// AWS requests per API call, counted by SDK middleware on the service's own client singletons
// while calls go one at a time through a gateway whose requests run in the `api` scope, so
// the workers' background requests are not in the figures. Caches are warm (one call first).
import { copBody } from '../support/purchase-fixtures.ts';
import { difference, type RequestCounter } from './request-counter.ts';
import { round } from './stats.ts';
import { type BenchApi, expectStatus, type PurchaseBody } from './throughput.ts';

export interface RequestCountRow {
  call: string;
  calls: number;
  /** Commands per call, by `service.Command`. */
  perCall: Record<string, number>;
  dynamoPerCall: number;
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
  /** One call with the typed client (it reads the body). */
  send: (index: number) => Promise<{ response: Response; error?: unknown }>;
  expect: number;
}

const keyCache = 'the API key lookup is served from the in-memory cache (AUTH_CACHE_TTL_MS, 5 s)';
const purchaseCaches =
  'the API key lookup and the account settings read (fees, global postback URL) are served from in-memory caches (AUTH_CACHE_TTL_MS, 5 s)';

function describe(definition: CallDef, perCall: Record<string, number>, dynamo: number, sqs: number): string {
  const over = round(dynamo - definition.floorDynamo, 2);
  const overSqs = round(sqs - definition.floorSqs, 2);
  if (over === 0 && overSqs === 0) return `at its floor (${definition.floor}): ${definition.cached}.`;
  const commands = Object.entries(perCall)
    .map(([command, count]) => `${count} ${command}`)
    .join(', ');
  return `${over >= 0 ? '+' : ''}${over} DynamoDB, ${overSqs >= 0 ? '+' : ''}${overSqs} SQS against ${definition.floor} (${commands})${definition.over ? `: ${definition.over}` : ''}; ${definition.cached}.`;
}

export async function measureRequestCounts(
  api: BenchApi,
  counter: RequestCounter,
  scope: string,
  runId: string,
  calls = 20,
): Promise<RequestCountRow[]> {
  const purchase = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api.client.POST('/transactions/v2/purchase', { body: body as PurchaseBody, headers });
  const seed = expectStatus(
    'POST /transactions/v2/purchase',
    201,
    await purchase({ ...copBody(), externalId: `${runId}-count-seed` }),
  );
  const definitions: CallDef[] = [
    {
      call: 'POST /transactions/v2/purchase',
      floor: '1 TransactWrite + 1 SQS send',
      floorDynamo: 1,
      floorSqs: 1,
      cached: purchaseCaches,
      expect: 201,
      send: (index) => purchase({ ...copBody(), externalId: `${runId}-count-${index}` }),
    },
    {
      call: 'POST /transactions/v2/purchase + Idempotency-Key',
      floor: '1 TransactWrite + 1 SQS send',
      floorDynamo: 1,
      floorSqs: 1,
      cached: purchaseCaches,
      over: 'the key is claimed with a conditional PutItem before the work (so a concurrent retry gets 409, not a second transaction); its completion rides in the same TransactWrite as the transaction, one more item',
      expect: 201,
      send: (index) =>
        purchase(
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
      expect: 201,
      send: (index) =>
        api.client.POST('/v2/products', {
          body: { name: 'Counted product', externalId: `${runId}-count-product-${index}` },
        }),
    },
    {
      call: 'GET /transactions/:id',
      floor: '1 GetItem',
      floorDynamo: 1,
      floorSqs: 0,
      cached: keyCache,
      expect: 200,
      send: () => api.client.GET('/transactions/{id}', { params: { path: { id: seed.id } } }),
    },
  ];
  const rows: RequestCountRow[] = [];
  for (const definition of definitions) {
    // The first call fills the key and account-settings caches, as a warm function has them.
    await definition.send(-1);
    const before = counter.snapshot(scope);
    for (let index = 0; index < calls; index += 1) {
      const { response, error } = await definition.send(index);
      if (response.status !== definition.expect)
        throw new Error(`${definition.call}: ${response.status} ${JSON.stringify(error).slice(0, 300)}`);
    }
    const counted = difference(counter.snapshot(scope), before);
    const perCall = Object.fromEntries(
      Object.entries(counted).map(([command, count]) => [command, round(count.commands / calls, 2)]),
    );
    const sum = (service: string) =>
      round(
        Object.entries(counted)
          .filter(([command]) => command.startsWith(`${service}.`))
          .reduce((total, [, count]) => total + count.commands, 0) / calls,
        2,
      );
    const transactWrites = counted['dynamodb.TransactWriteItems'];
    rows.push({
      call: definition.call,
      calls,
      perCall,
      dynamoPerCall: sum('dynamodb'),
      sqsPerCall: sum('sqs'),
      itemsPerTransactWrite: transactWrites ? round(transactWrites.items / transactWrites.commands, 2) : null,
      extraAttemptsPerCall: round(
        Object.values(counted).reduce((total, count) => total + count.attempts - count.commands, 0) / calls,
        2,
      ),
      floor: definition.floor,
      floorDynamo: definition.floorDynamo,
      floorSqs: definition.floorSqs,
      note: describe(definition, perCall, sum('dynamodb'), sum('sqs')),
    });
  }
  return rows;
}
