// npm run chaos [-- --purchases 300 --seed 13 --max-minutes 10]
// A fault run with figures, on loopback only and bounded in count and time: a few hundred
// purchases and payments through the local stack while SQS is unreachable for a while, DynamoDB
// Local is restarted (its data kept on disk), the webhook receiver fails about half of its calls
// (errors, hangs past the timeout, resets) and answers some slowly, SQS delivers some messages
// twice (in the same batch or seconds later), and some transactions are paid around their expiry.
// The rails' reports fail too: a fifth of the sandbox notifications are lost and a tenth sent
// twice, one window of the sandbox listing is never read by its first reading (its second
// reading, 20 s behind here, must find its payments) and a later one is read again. PIX and
// BOLETO subscriptions run their cycles through the same faults (subscription-flows.ts): cycle 1
// at creation (or by the schedule), the next by next-cycle called three times at once beside two
// runs of the cycle job, most charges paid; no cycle may be charged twice.
// It prints what happened and the figures that must be zero (a line with `lost` among them),
// writes docs/fault-run.md (the figures, the commit and the machine; `--markdown <file>` writes
// elsewhere, `--no-markdown` not at all), and exits non-zero when one is not.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type DynamoDbLocal, startDynamoDbLocal } from '../../infra/local/dynamodb-local.ts';
import { freePort } from '../../infra/local/free-port.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { basicAuthorization } from '../../shared/auth/credentials.ts';
import { mapInGroups } from '../../shared/in-groups.ts';
import { getListingCursor, saveListingCursor } from '../../shared/store/payment-listing-cursors.ts';
import { chargeDueCycles } from '../../shared/subscriptions/charge-due-cycles.ts';
import { docsDir, findSection, readIfExists, runProvenance, writeDoc } from '../support/generated-docs.ts';
import { bobBody, boletoBody, copBody } from '../support/purchase-fixtures.ts';
import { faultRunNotesSection, renderFaultRunMarkdown } from './fault-run-report.ts';
import { type FlakyReceiver, startFlakyReceiver } from './flaky-receiver.ts';
import {
  type ChaosClient,
  payNewCycles,
  prepareSubscriptions,
  runNextCycles,
  runSubscriptionFlow,
  subscriptionFigures,
  subscriptionFlows,
} from './subscription-flows.ts';

const { values: args } = parseArgs({
  options: {
    purchases: { type: 'string', default: '300' },
    subscriptions: { type: 'string', default: '24' },
    seed: { type: 'string', default: '13' },
    'max-minutes': { type: 'string', default: '15' },
    markdown: { type: 'string' },
    'no-markdown': { type: 'boolean', default: false },
  },
});
const markdownAt = args.markdown
  ? resolve(args.markdown)
  : args['no-markdown']
    ? undefined
    : resolve(docsDir, 'fault-run.md');
const provenance = runProvenance();
const loadAtStart = loadavg()[0]!;
const command = `npm run chaos${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`
  .replace(/\s*--(markdown\s+\S+|no-markdown)/g, '')
  .replace(/ --$/, '');
const purchaseCount = Math.min(1000, Math.max(10, Number(args.purchases)));
const subscriptionCount = Math.min(200, Math.max(0, Number(args.subscriptions)));
const maxMs = Math.min(30, Math.max(1, Number(args['max-minutes']))) * 60_000;

/** mulberry32: the run's choices repeat for a seed (timings still vary with the machine). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(Number(args.seed));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const chargeTtlMs = 60_000;
const webhookTimeoutMs = 1500;
const spreadMs = 120_000;
const sqsOutage = { at: 20_000, forMs: 20_000 };
const dynamoRestartAt = 70_000;
/**
 * A window of the sandbox listing skipped by its first reading (never read: the overlap of the
 * windows after it is shorter here), then a later stretch read again.
 */
const listingOverlapMs = 5000;
const listingWindowLost = { at: 100_000, forMs: 20_000 };
const listingReadAgain = { at: 145_000, backMs: 15_000 };

type Plan = 'pay-now' | 'pay-around-expiry' | 'never';
interface Flow {
  index: number;
  kind: 'boleto' | 'cop' | 'bob';
  plan: Plan;
  id?: string;
  acceptedAt?: number;
  retriedPurchase: boolean;
  filledSeenAt?: number;
  expiresAt?: number;
  payOffsetMs?: number;
  /** The rail took the payment (202). */
  railPaid: boolean;
  /** The rail's notification of the payment was lost (rails that push). */
  notificationLost?: boolean;
  /** The payer's bank sent its notification twice. */
  notifiedTwice?: boolean;
  /** When the rail reports the payment (run time, ms): paid plus the settlement delay. */
  reportedAt?: number;
  payRefused?: number;
  final?: { tx: any; events: any[] };
}

let baseUrl = '';
let key = '';
const started = Date.now();
const elapsed = () => Date.now() - started;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function api(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  as = key,
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: basicAuthorization(as),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // keep the text
  }
  return { status: response.status, body: parsed };
}

/** Retries through faults (network errors, 5xx, 429, an in-flight 409) until an answer or the deadline. */
async function persist(
  call: () => Promise<{ status: number; body: any }>,
  deadlineMs: number,
  onRetry?: () => void,
): Promise<{ status: number; body: any } | undefined> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    try {
      const answer = await call();
      const inFlight = answer.status === 409 && /still being processed/.test(JSON.stringify(answer.body));
      if (answer.status < 500 && answer.status !== 429 && !inFlight) return answer;
    } catch {
      // the stack is down for a moment: try again
    }
    onRetry?.();
    await sleep(300 + random() * 400);
  }
  return undefined;
}

function purchaseBody(kind: Flow['kind']) {
  return kind === 'boleto' ? boletoBody() : kind === 'cop' ? copBody() : bobBody();
}

const filled = (tx: any) => Boolean(tx?.qr ?? tx?.redirectUrl ?? tx?.paymentInstruction?.boletoBarcode);

async function untilFilled(id: string, deadlineMs: number): Promise<any> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const answer = await api('GET', `/transactions/${id}`).catch(() => undefined);
    if (answer?.status === 200 && filled(answer.body)) return answer.body;
    await sleep(400);
  }
  return undefined;
}

async function runFlow(flow: Flow) {
  await sleep((flow.index * spreadMs) / purchaseCount - elapsed());
  // One key for every retry: a purchase whose answer was lost is replayed, never made twice.
  const idempotencyKey = `chaos-${flow.index}-${randomUUID()}`;
  const body = purchaseBody(flow.kind);
  const created = await persist(
    () => api('POST', '/transactions/v2/purchase', body, { 'idempotency-key': idempotencyKey }),
    240_000,
    () => {
      flow.retriedPurchase = true;
    },
  );
  if (created?.status !== 201) return;
  flow.id = created.body.id;
  flow.acceptedAt = elapsed();
  const tx = await untilFilled(flow.id!, 180_000);
  if (!tx) return;
  flow.filledSeenAt = elapsed();
  flow.expiresAt = tx.expiresAt ? Date.parse(tx.expiresAt) : undefined;
  if (flow.plan === 'never') return;
  let settleAfterMs = Math.floor(random() * 1500);
  if (flow.plan === 'pay-around-expiry' && flow.expiresAt) {
    // From 3 s before expiry to 1 s after, reported by the rail up to 4 s later.
    flow.payOffsetMs = Math.floor(random() * 4000) - 3000;
    settleAfterMs = Math.floor(random() * 4000);
    await sleep(flow.expiresAt + flow.payOffsetMs - Date.now());
  } else {
    await sleep(random() * 3000);
  }
  const reportRoll = random();
  flow.notificationLost = reportRoll < 0.2;
  flow.notifiedTwice = reportRoll >= 0.2 && reportRoll < 0.3;
  const pay = () =>
    persist(
      () =>
        api(
          'POST',
          `/sandbox/transactions/${flow.id}/pay?settleAfterMs=${settleAfterMs}${flow.notificationLost ? '&notify=false' : ''}`,
        ),
      60_000,
    );
  const paid = await pay();
  if (paid?.status === 202) {
    flow.railPaid = true;
    flow.reportedAt = elapsed() + settleAfterMs;
  } else flow.payRefused = paid?.status ?? 0;
  // Paying again sends the notification again (the rail already holds the payment).
  if (flow.railPaid && flow.notifiedTwice) await pay();
}

/** Pays a transaction in the sandbox once filled, its notification lost (20 %) or sent twice (10 %); true when the rail took it. */
async function payInSandbox(id: string): Promise<boolean> {
  if (!(await untilFilled(id, 180_000))) return false;
  await sleep(random() * 3000);
  const settleAfterMs = Math.floor(random() * 1500);
  const roll = random();
  const pay = () =>
    persist(
      () =>
        api(
          'POST',
          `/sandbox/transactions/${id}/pay?settleAfterMs=${settleAfterMs}${roll < 0.2 ? '&notify=false' : ''}`,
        ),
      60_000,
    );
  if ((await pay())?.status !== 202) return false;
  if (roll >= 0.2 && roll < 0.3) await pay();
  return true;
}

const chaosClient: ChaosClient = {
  api: (method, path, body) => api(method, path, body),
  persist,
  random,
  sleep,
  pay: payInSandbox,
};

/** A purchase made right after a fault ends: how long until it has its instruction. */
async function canary(): Promise<number | undefined> {
  const from = Date.now();
  const idempotencyKey = `canary-${randomUUID()}`;
  const created = await persist(
    () => api('POST', '/transactions/v2/purchase', bobBody(), { 'idempotency-key': idempotencyKey }),
    120_000,
  );
  if (created?.status !== 201) return undefined;
  return (await untilFilled(created.body.id, 120_000)) ? Date.now() - from : undefined;
}

/**
 * Refunds on every PAID transaction: three requests of 40 % each at once (two fit, the third must
 * be refused), each sent twice with its own Idempotency-Key (a client retrying a lost answer) and
 * retried through faults; then, once the rail settled them, what the transactions hold and
 * whether the ledger's entries sum to the balance in every currency.
 */
async function refundPhase(paid: Flow[], deadline: number) {
  const outcome = {
    taken: 0,
    replayed: 0,
    refused: 0,
    succeeded: 0,
    overRefunded: 0,
    stuck: 0,
    entries: 0,
    ledgerMismatches: [] as string[],
    /** Every answer the clients got, by status ('none': no answer before the deadline). */
    answers: {} as Record<string, number>,
  };
  // Ten transactions at a time (60 requests at once), as a merchant's back office would send them.
  await mapInGroups(paid, 10, async (flow) => {
    const part = Math.ceil(flow.final!.tx.amount * 0.4);
    const requests = Array.from({ length: 3 }, (_, index) => {
      const headers = { 'idempotency-key': `chaos-refund-${flow.id}-${index}` };
      const send = () =>
        persist(() => api('POST', `/transactions/${flow.id}/refunds`, { amount: part }, headers), 30_000);
      return Promise.all([send(), send()]);
    });
    for (const answers of await Promise.all(requests)) {
      for (const answer of answers) {
        const status = String(answer?.status ?? 'none');
        outcome.answers[status] = (outcome.answers[status] ?? 0) + 1;
      }
      const taken = answers.filter((answer) => answer?.status === 201);
      if (taken.length) outcome.taken += 1;
      outcome.replayed += Math.max(0, taken.length - 1);
      if (answers.some((answer) => answer?.status === 409)) outcome.refused += 1;
    }
  });
  let unsettled = paid;
  while (unsettled.length && Date.now() < deadline) {
    const still: Flow[] = [];
    for (const flow of unsettled) {
      const listed = await api('GET', `/transactions/${flow.id}/refunds`).catch(() => undefined);
      const refunds = (listed?.body?.data ?? []) as Array<{ status: string }>;
      if (listed?.status !== 200 || refunds.some((refund) => refund.status === 'PENDING')) still.push(flow);
    }
    unsettled = still;
    if (unsettled.length) await sleep(1000);
  }
  outcome.stuck = unsettled.length;
  for (const flow of paid) {
    const tx = (await api('GET', `/transactions/${flow.id}`)).body;
    const refunds = (await api('GET', `/transactions/${flow.id}/refunds`)).body.data as Array<{
      status: string;
      amount: number;
    }>;
    const held = refunds.filter((refund) => refund.status !== 'FAILED').reduce((sum, r) => sum + r.amount, 0);
    outcome.succeeded += refunds.filter((refund) => refund.status === 'SUCCEEDED').length;
    if (held > tx.amount || tx.refundedAmount > tx.amount || tx.refundedAmount !== held)
      outcome.overRefunded += 1;
  }
  const sums = new Map<string, number>();
  let cursor: string | null = null;
  do {
    const page: { status: number; body: any } = await api(
      'GET',
      `/v2/balance/entries?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    for (const entry of page.body.data as Array<{ currency: string; amount: number }>) {
      sums.set(entry.currency, (sums.get(entry.currency) ?? 0) + entry.amount);
      outcome.entries += 1;
    }
    cursor = page.body.nextCursor;
  } while (cursor);
  const balances = (await api('GET', '/v2/balance')).body.data as Array<{
    currency: string;
    available: number;
  }>;
  for (const balance of balances) {
    const sum = sums.get(balance.currency) ?? 0;
    if (sum !== balance.available)
      outcome.ledgerMismatches.push(`${balance.currency}: entries ${sum}, available ${balance.available}`);
  }
  return outcome;
}

async function readFinal(flow: Flow): Promise<Flow['final']> {
  const tx = await api('GET', `/transactions/${flow.id}`).catch(() => undefined);
  const events = await api('GET', `/transactions/${flow.id}/events`).catch(() => undefined);
  if (tx?.status === 404) return { tx: { status: 'MISSING' }, events: [] };
  if (tx?.status !== 200 || events?.status !== 200) return undefined;
  return { tx: tx.body, events: events.body.data as any[] };
}

const statusOf = (flow: Flow) => flow.final?.tx.status as string | undefined;

/** Whether the flow's transaction reached where it must end. */
function settled(flow: Flow, now: number): boolean {
  const final = flow.final;
  if (!final) return false;
  const { tx, events } = final;
  const eventsDone = events.every((event) => event.deliveryStatus !== 'PENDING');
  if (flow.railPaid) return tx.status === 'PAID' && events.length === 1 && eventsDone;
  if (tx.status === 'PAID') return events.length === 1 && eventsDone;
  if (tx.status === 'EXPIRED') return true;
  // A boleto (payable until the end of its due day) or a COP/BOB charge not yet due may stay
  // PENDING, once it has its instruction; an unpaid COP/BOB charge past its expiry must be
  // closed and the transaction EXPIRED.
  const expiresAt = tx.expiresAt ? Date.parse(tx.expiresAt) : undefined;
  return tx.status === 'PENDING' && filled(tx) && (flow.kind === 'boleto' || (expiresAt ?? 0) > now);
}

/** The cycles a subscription counts now (0 when unknown). */
async function readSubscriptionCycle(id: string | undefined): Promise<number> {
  if (!id) return 0;
  const read = await persist(() => api('GET', `/v2/subscriptions/${id}`), 60_000);
  return read?.status === 200 ? (read.body.currentCycle as number) : 0;
}

/** Moves the sandbox listing's cursor (as a lost or a repeated batch would), retrying through faults. */
async function moveListingCursor(since: (now: number) => number): Promise<void> {
  for (let tries = 0; tries < 20; tries += 1) {
    try {
      const cursor = await getListingCursor('sandbox');
      const moved = {
        since: new Date(since(Date.now())).toISOString(),
        window: null,
        readThroughAt: cursor?.readThroughAt ?? null,
      };
      if (await saveListingCursor('sandbox', moved, cursor?.version ?? 0)) return;
    } catch {
      // DynamoDB is back in a moment
    }
    await sleep(500);
  }
  throw new Error('chaos: could not move the sandbox listing cursor');
}

async function main() {
  const hardStop = setTimeout(() => {
    process.stdout.write(`chaos: the run passed its bound of ${seconds(maxMs)}; stopping\n`);
    process.exit(2);
  }, maxMs);
  hardStop.unref();

  const dataDir = mkdtempSync(join(tmpdir(), 'cashin-chaos-'));
  const dynamoPort = await freePort();
  let dynamo: DynamoDbLocal = await startDynamoDbLocal({ dataDir, port: dynamoPort });
  const receiver: FlakyReceiver = await startFlakyReceiver({ random, senderTimeoutMs: webhookTimeoutMs });
  const copiesMade: Record<string, number> = {};
  const stack: LocalStack = await startLocalStack({
    port: 0,
    dynamoEndpoint: dynamo.endpoint,
    env: {
      LOG_LEVEL: 'silent',
      SANDBOX_INSTRUCTION_DELAY_MS: '500',
      SANDBOX_CHARGE_TTL_MS: String(chargeTtlMs),
      PAYMENT_POLL_SCHEDULE: '2s,5s,10s',
      WEBHOOK_RETRY_SCHEDULE: '300ms,500ms,1s,1s,2s,2s,3s,3s,4s',
      WEBHOOK_TIMEOUT_MS: String(webhookTimeoutMs),
      // A delivery claim lasts the POST's timeout plus this grace; it must outlast the DynamoDB
      // restart below (15–30 s here), as production's 60 s outlasts a table's blip, or an attempt
      // POSTed just before the outage is POSTed again when the sweeper takes over (at-least-once).
      SWEEP_AFTER_MS: '45000',
      // The safety net under lost notifications and listing windows (each listing window read
      // again this much later; a push-only rail's daily look), compressed like the charges'
      // lifetime (a day in production).
      SAFETY_NET_POLL_MS: '20000',
      // Short, so that the window skipped below is not read again by the next windows' overlap
      // (5 minutes in production, longer than this run's payments are apart).
      LISTING_OVERLAP_MS: String(listingOverlapMs),
      WORK_INDEX_SHARDS: '4',
      AUTH_CACHE_TTL_MS: '60000',
      // The run is about faults, not the per-account rate limit (a 429 is retried anyway).
      RATE_LIMIT_PER_SECOND: '1000',
    },
    visibilityTimeoutSeconds: 6,
    scheduleIntervalMs: 5000,
    pollersPerQueue: 4,
    duplicates: {
      decide: () => {
        const roll = random();
        if (roll < 0.06) return 'same-batch';
        if (roll < 0.12) return 1 + Math.floor(random() * 5);
        return 'none';
      },
      made: copiesMade,
    },
    // Faults make workers fail now and then; SQS retries them, and the figures tell the outcome.
    onWorkerError: () => undefined,
  });
  baseUrl = stack.baseUrl;
  const { issueApiKey } = await import('../../shared/accounts/issue-api-key.ts');
  const issued = await issueApiKey({
    permissions: ['createTransaction', 'isInvoiceAvailable'],
    postbackUrl: receiver.url,
  });
  key = issued.secretKey;
  const manageKey = (await issueApiKey({ permissions: ['manageAccount'], accountId: issued.accountId }))
    .secretKey;
  const offerId = await prepareSubscriptions(chaosClient, {
    ...chaosClient,
    api: (method, path, body) => api(method, path, body, {}, manageKey),
  });
  const subFlows = subscriptionFlows(subscriptionCount, randomUUID().slice(0, 8));

  const flows: Flow[] = Array.from({ length: purchaseCount }, (_, index) => {
    const kindRoll = random();
    const kind: Flow['kind'] = kindRoll < 0.15 ? 'boleto' : kindRoll < 0.6 ? 'cop' : 'bob';
    const planRoll = random();
    const plan: Plan =
      kind === 'boleto'
        ? 'pay-now'
        : planRoll < 0.5
          ? 'pay-now'
          : planRoll < 0.8
            ? 'pay-around-expiry'
            : 'never';
    return { index, kind, plan, retriedPurchase: false, railPaid: false };
  });
  process.stdout.write(
    `chaos run: ${purchaseCount} purchases and ${subscriptionCount} subscriptions over ${seconds(spreadMs)}, seed ${args.seed}, ${new Date().toISOString()}\n`,
  );
  const runStart = elapsed();
  const running = Promise.all(flows.map(runFlow));
  const subscriptionsRunning = Promise.all(
    subFlows.map(async (flow) => {
      await sleep(runStart + (flow.index * spreadMs) / Math.max(1, subscriptionCount) - elapsed());
      await runSubscriptionFlow(chaosClient, flow, offerId);
    }),
  );

  // Fault 1: SQS unreachable from every function (sends fail; queued work waits).
  const faults: string[] = [];
  const recovery: string[] = [];
  await sleep(runStart + sqsOutage.at - elapsed());
  stack.sqsProxy.setDown(true);
  await sleep(sqsOutage.forMs);
  stack.sqsProxy.setDown(false);
  const sqsBack = elapsed();
  faults.push(`SQS unreachable ${seconds(sqsOutage.forMs)} from +${seconds(sqsOutage.at)}`);
  const sqsCanary = canary();

  // Fault 2: DynamoDB Local stopped and started again on the same port, its data kept on disk.
  await sleep(runStart + dynamoRestartAt - elapsed());
  const downAt = elapsed();
  await dynamo.stop();
  dynamo = await startDynamoDbLocal({ dataDir, port: dynamoPort });
  const dynamoBack = elapsed();
  faults.push(`DynamoDB Local restarted at +${seconds(downAt)} (down ${seconds(dynamoBack - downAt)})`);
  const dynamoCanary = canary();

  // Fault 3: a window of the sandbox listing is never read by its first reading (the cursor is
  // moved past it), so its payments are found by notifications or the listing's second reading
  // alone (its boletos by the second reading: they send no notification and are not checked one
  // by one before their deadline); then a later stretch is read again (the cursor moved back),
  // which must change nothing.
  await sleep(runStart + listingWindowLost.at - elapsed());
  await moveListingCursor((now) => now + listingOverlapMs + listingWindowLost.forMs);
  faults.push(
    `sandbox listing: the window from about +${seconds(listingWindowLost.at)} (its last reading, at most one schedule tick before) to +${seconds(listingWindowLost.at + listingWindowLost.forMs)} never read`,
  );
  await sleep(runStart + listingReadAgain.at - elapsed());
  await moveListingCursor((now) => now - listingReadAgain.backMs);
  faults.push(
    `sandbox listing: its last ${seconds(listingReadAgain.backMs)} read again at +${seconds(listingReadAgain.at)}`,
  );

  await running;
  await subscriptionsRunning;
  // Another cycle each: next-cycle three times at once beside two runs of the cycle job at once.
  const cycleRound = (flow: (typeof subFlows)[number]) =>
    readSubscriptionCycle(flow.id).then(async (from) => {
      await runNextCycles(chaosClient, flow);
      await payNewCycles(chaosClient, flow, from + 1);
    });
  const jobRuns = Array.from({ length: 2 }, () =>
    chargeDueCycles(new Date(), Date.now() + 30_000).catch(() => ({ ran: 0, failed: 1 })),
  );
  await Promise.all([...subFlows.map(cycleRound), ...jobRuns]);
  const backlog = (faultEnd: number) =>
    Math.max(
      0,
      ...flows
        .filter((flow) => flow.acceptedAt !== undefined && flow.acceptedAt < faultEnd && flow.filledSeenAt)
        .map((flow) => flow.filledSeenAt! - faultEnd),
    );
  const canaryText = (ms: number | undefined) => (ms === undefined ? 'never' : seconds(ms));
  recovery.push(
    `after the SQS outage: a new purchase had its instruction in ${canaryText(await sqsCanary)}; every purchase accepted before had its instruction ${seconds(backlog(sqsBack))} after SQS came back`,
    `after the DynamoDB restart: a new purchase had its instruction in ${canaryText(await dynamoCanary)}; every purchase accepted before had its instruction ${seconds(backlog(dynamoBack))} after DynamoDB came back`,
  );

  // Drain: wait until every transaction is where it must end (or the bound).
  const accepted = flows.filter((flow) => flow.id);
  const drainDeadline = started + maxMs - 20_000;
  let pending = accepted;
  while (pending.length && Date.now() < drainDeadline) {
    for (const flow of pending) flow.final = (await readFinal(flow)) ?? flow.final;
    pending = pending.filter((flow) => !settled(flow, Date.now()));
    if (pending.length) await sleep(2000);
  }

  // Figures. Every POST the receiver got must be one recorded attempt of its event, and every
  // attempt but a delivered run's last one failed because of the receiver (its status, a hang
  // past the timeout, a reset): a POST no attempt records, or attempts after a success, would be
  // a second chain.
  const subs = await subscriptionFigures(chaosClient, subFlows, offerId, drainDeadline);
  const events = [...accepted.flatMap((flow) => flow.final?.events ?? []), ...subs.events];
  const attemptsByEvent = new Map<string, any[]>(events.map((event) => [event.id, event.attempts ?? []]));
  let beyondFailures = 0;
  let posts = 0;
  let failedAttempts = 0;
  const unexplained: string[] = [];
  for (const [eventId, calls] of receiver.calls) {
    posts += calls.posts;
    const attempts = attemptsByEvent.get(eventId) ?? [];
    const firstSuccess = attempts.findIndex(
      (attempt) => attempt.statusCode >= 200 && attempt.statusCode < 300,
    );
    failedAttempts += firstSuccess === -1 ? attempts.length : firstSuccess;
    const afterSuccess = firstSuccess === -1 ? 0 : attempts.length - firstSuccess - 1;
    const beyond = Math.max(0, calls.posts - attempts.length) + afterSuccess;
    beyondFailures += beyond;
    if (beyond)
      unexplained.push(
        `${calls.transactionId}: ${calls.posts} POSTs, attempts ${attempts.map((a) => a.statusCode ?? a.error).join(' ')}`,
      );
  }
  const paid = accepted.filter((flow) => statusOf(flow) === 'PAID');
  const paidFlows = flows.filter((flow) => flow.railPaid);
  const scheduleTickMs = 5000;
  const inLostWindow = paidFlows.filter(
    (flow) =>
      flow.reportedAt !== undefined &&
      flow.reportedAt >= runStart + listingWindowLost.at - scheduleTickMs &&
      flow.reportedAt <= runStart + listingWindowLost.at + listingWindowLost.forMs,
  );
  const wrongEventCount = paid.filter(
    (flow) => flow.final!.events.filter((e) => e.type === 'cashin.paid').length !== 1,
  );
  const lost = accepted.filter(
    (flow) => statusOf(flow) === 'MISSING' || (flow.railPaid && statusOf(flow) !== 'PAID'),
  );
  const stuck = accepted.filter((flow) => !lost.includes(flow) && !settled(flow, Date.now()));
  const edge = flows.filter((flow) => flow.plan === 'pay-around-expiry' && flow.id);
  const edgePaid = edge.filter((flow) => flow.railPaid);
  const refunds = await refundPhase(paid, drainDeadline + 15_000);
  const duplicates = Object.values(copiesMade).reduce((a, b) => a + b, 0);

  const lines = [
    `faults: ${faults.join('; ')}; webhook receiver fails about half of its calls (500, a hang past the ${webhookTimeoutMs} ms timeout, a reset) and answers 10 % slowly; SQS delivered ${duplicates} messages twice (${Object.entries(
      copiesMade,
    )
      .map(([q, n]) => `${q} ${n}`)
      .join(', ')})`,
    `purchases accepted: ${accepted.length} of ${purchaseCount} (${flows.filter((f) => f.retriedPurchase && f.id).length} after retries through a fault)`,
    `instructions filled: ${accepted.filter((flow) => filled(flow.final?.tx)).length}`,
    `payments taken by the rail: ${flows.filter((f) => f.railPaid).length}; transactions PAID: ${paid.length}`,
    `paid around expiry (from 3 s before to 1 s after, reported up to 4 s later): ${edge.length} tried, ${edgePaid.length} taken by the rail, ${edgePaid.filter((f) => statusOf(f) === 'PAID').length} PAID; ${edge.length - edgePaid.length} refused as expired`,
    `rail reports: ${paidFlows.filter((f) => f.notificationLost).length} payments' notifications lost, ${paidFlows.filter((f) => f.notifiedTwice).length} sent twice (boletos send none: their bank only lists); PAID among those lost: ${paidFlows.filter((f) => f.notificationLost && statusOf(f) === 'PAID').length}`,
    `payments the rail reported in the unread listing window: ${inLostWindow.length} (${inLostWindow.filter((f) => f.kind === 'boleto').length} boletos, ${inLostWindow.filter((f) => f.notificationLost).length} whose notification was also lost); PAID: ${inLostWindow.filter((f) => statusOf(f) === 'PAID').length}`,
    `unpaid COP/BOB transactions EXPIRED: ${accepted.filter((f) => statusOf(f) === 'EXPIRED').length}`,
    `events created: ${events.length}; delivered: ${events.filter((e) => e.deliveryStatus === 'DELIVERED').length}; failed after every attempt (the receiver failed them all): ${events.filter((e) => e.deliveryStatus === 'FAILED').length}`,
    `webhook POSTs: ${posts}; attempts the receiver failed: ${failedAttempts}; POSTs beyond what the receiver's failures caused: ${beyondFailures}`,
    ...unexplained.map((line) => `  POSTs no failure explains: ${line}`),
    `paid transactions without exactly one cashin.paid: ${wrongEventCount.length}`,
    ...recovery.map((line) => `recovery ${line}`),
    `transactions lost: ${lost.length}${lost.length ? ` (${lost.map((f) => f.id).join(', ')})` : ''}`,
    `subscriptions: ${subs.made} of ${subscriptionCount} made (${Object.entries(subs.statuses)
      .map(([status, n]) => `${status} ${n}`)
      .join(
        ', ',
      )}); cycles charged: ${subs.cyclesCharged} (cycle 1 by the schedule after a fault: ${subs.chargedBySchedule}; next-cycle calls: ${subs.nextCycleCalls}); cycles PAID: ${subs.paidCycles}`,
    ...subs.lost.map((line) => `  subscription cycle lost: ${line}`),
    ...subs.stuck.map((line) => `  subscription cycle stuck: ${line}`),
    `cycles charged twice: ${subs.chargedTwice}`,
    `subscription cycles lost / stuck: ${subs.lost.length} / ${subs.stuck.length}`,
    `lost: ${lost.length + subs.lost.length}`,
    `refunds: ${refunds.taken} taken (${refunds.replayed} replays of a retried request), ${refunds.refused} refused as more than left, ${refunds.succeeded} SUCCEEDED (answers: ${Object.entries(
      refunds.answers,
    )
      .map(([status, n]) => `${status} ×${n}`)
      .join(
        ', ',
      )}); transactions over-refunded: ${refunds.overRefunded}; refunds stuck PENDING: ${refunds.stuck}`,
    `ledger: ${refunds.entries} entries; currencies whose entries do not sum to the balance: ${refunds.ledgerMismatches.length}${refunds.ledgerMismatches.length ? ` (${refunds.ledgerMismatches.join('; ')})` : ''}`,
    `over-refunded: ${refunds.overRefunded}`,
    `stuck: ${stuck.length}${stuck.length ? ` (${stuck.map((f) => `${f.id} ${f.kind} ${statusOf(f) ?? '?'}`).join(', ')})` : ''}`,
    `took ${seconds(elapsed())}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  await stack.stop();
  await receiver.close();
  await dynamo.stop();
  rmSync(dataDir, { recursive: true, force: true });
  const failed =
    lost.length +
    stuck.length +
    wrongEventCount.length +
    beyondFailures +
    refunds.overRefunded +
    refunds.stuck +
    refunds.ledgerMismatches.length +
    subs.lost.length +
    subs.stuck.length +
    subs.chargedTwice;

  if (markdownAt) {
    const count = (list: unknown[]) => String(list.length);
    const edgeTaken = edgePaid.length;
    const figures: Array<[string, string]> = [
      [
        'purchases accepted',
        `${accepted.length} of ${purchaseCount} (${flows.filter((f) => f.retriedPurchase && f.id).length} only after retries through a fault)`,
      ],
      ['instructions filled', count(accepted.filter((flow) => filled(flow.final?.tx)))],
      ['payments taken by the rail / transactions PAID', `${count(paidFlows)} / ${count(paid)}`],
      [
        'paid around expiry: tried / taken by the rail / PAID',
        `${edge.length} / ${edgeTaken} / ${edgePaid.filter((f) => statusOf(f) === 'PAID').length} (${edge.length - edgeTaken} refused: already expired)`,
      ],
      [
        'notifications lost (PAID among them) / sent twice (boletos send none: their bank only lists)',
        `${paidFlows.filter((f) => f.notificationLost).length} (${paidFlows.filter((f) => f.notificationLost && statusOf(f) === 'PAID').length}) / ${paidFlows.filter((f) => f.notifiedTwice).length}`,
      ],
      [
        'payments reported in the window the first reading skipped',
        `${inLostWindow.length} (${inLostWindow.filter((f) => f.kind === 'boleto').length} boletos, ${inLostWindow.filter((f) => f.notificationLost).length} whose notification was also lost), ${inLostWindow.filter((f) => statusOf(f) === 'PAID').length} PAID`,
      ],
      ['unpaid COP/BOB transactions EXPIRED', count(accepted.filter((f) => statusOf(f) === 'EXPIRED'))],
      [
        'events created / delivered / failed after every attempt',
        `${events.length} / ${events.filter((e) => e.deliveryStatus === 'DELIVERED').length} / ${events.filter((e) => e.deliveryStatus === 'FAILED').length}`,
      ],
      ['webhook POSTs / attempts the receiver failed', `${posts} / ${failedAttempts}`],
      ["POSTs beyond what the receiver's failures caused", String(beyondFailures)],
      ['paid transactions without exactly one `cashin.paid`', count(wrongEventCount)],
      [
        'SQS messages delivered twice',
        `${duplicates} (${Object.entries(copiesMade)
          .map(([q, n]) => `${q} ${n}`)
          .join(', ')})`,
      ],
      [
        'refunds taken / refused (more than left) / SUCCEEDED; transactions over-refunded',
        `${refunds.taken} / ${refunds.refused} / ${refunds.succeeded}; ${refunds.overRefunded}`,
      ],
      ['currencies whose ledger does not sum to the balance', String(refunds.ledgerMismatches.length)],
      [
        'subscriptions made; cycles charged (cycle 1 by the schedule after a fault) / PAID',
        `${subs.made} of ${subscriptionCount} (${Object.entries(subs.statuses)
          .map(([status, n]) => `${status} ${n}`)
          .join(', ')}); ${subs.cyclesCharged} (${subs.chargedBySchedule}) / ${subs.paidCycles}`,
      ],
      [
        'next-cycle calls (three at once per cycle, beside two runs of the cycle job)',
        String(subs.nextCycleCalls),
      ],
      ['cycles charged twice', String(subs.chargedTwice)],
      ['subscription cycles lost / stuck', `${subs.lost.length} / ${subs.stuck.length}`],
      ['lost / stuck', `${lost.length + subs.lost.length} / ${stuck.length + subs.stuck.length}`],
      ['whole run', seconds(elapsed())],
    ];
    writeDoc(
      markdownAt,
      renderFaultRunMarkdown(
        {
          date: new Date(started).toISOString(),
          command,
          provenance,
          exitCode: failed ? 1 : 0,
          faults,
          figures,
          recovery,
          loadAverage: {
            atStart: Math.round(loadAtStart * 100) / 100,
            atEnd: Math.round(loadavg()[0]! * 100) / 100,
          },
        },
        findSection(readIfExists(markdownAt) ?? '', faultRunNotesSection),
      ),
    );
    process.stderr.write(`chaos: wrote ${markdownAt}\n`);
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  process.stderr.write(`chaos: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
