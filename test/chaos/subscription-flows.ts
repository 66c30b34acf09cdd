// The fault run's subscriptions: PIX and BOLETO subscriptions made while the faults happen, each
// cycle charged (cycle 1 at creation, or by the cycle schedule when that charge failed under a
// fault; the next ones by the sandbox's next-cycle called three times at once, retried through
// faults) and most of their charges paid with the same lost and repeated notifications as the
// purchases. The figures are counted from the data: the transactions of each (subscription,
// cycle), which must be exactly one for every cycle a subscription counts, and none it does not.
import { cycleTransactionId } from '../../shared/subscriptions/cycle-schedule.ts';
import { boletoBody, validCpf } from '../support/purchase-fixtures.ts';

export interface ChaosClient {
  api: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
  persist: (
    call: () => Promise<{ status: number; body: any }>,
    deadlineMs: number,
    onRetry?: () => void,
  ) => Promise<{ status: number; body: any } | undefined>;
  random: () => number;
  sleep: (ms: number) => Promise<unknown>;
  /** Pays a transaction in the sandbox once filled (lost or repeated notifications as the run decides); true when the rail took it. */
  pay: (transactionId: string) => Promise<boolean>;
}

export interface SubscriptionFlow {
  index: number;
  method: 'PIX' | 'BOLETO';
  externalId: string;
  id?: string;
  /** The creation answered before cycle 1 was charged (a fault): the schedule charged it. */
  chargedBySchedule: boolean;
  retriedCreate: boolean;
  /** next-cycle calls made (each run through faults) and the rounds of them. */
  nextCycleCalls: number;
  /** Cycles whose charge the rail took a payment for. */
  railPaid: Set<number>;
}

/** The flows: half PIX, half BOLETO. */
export function subscriptionFlows(count: number, runId: string): SubscriptionFlow[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    method: index % 2 === 0 ? 'PIX' : 'BOLETO',
    externalId: `chaos-sub-${runId}-${index}`,
    chargedBySchedule: false,
    retriedCreate: false,
    nextCycleCalls: 0,
    railPaid: new Set(),
  }));
}

/** The account's responsible document and a monthly offer the subscriptions are made on. */
export async function prepareSubscriptions(client: ChaosClient, manage: ChaosClient): Promise<string> {
  const settings = await manage.api('PUT', '/v2/account/settings', {
    responsibleDocument: '11.222.333/0001-81',
  });
  if (settings.status !== 200) throw new Error(`chaos: account settings answered ${settings.status}`);
  const product = await client.api('POST', '/v2/products', { name: 'Clube do caos' });
  const offer = await client.api('POST', '/v2/offers', {
    productId: product.body.id,
    name: 'Mensal',
    amount: 3_990,
    billingCycle: 'MONTHLY',
  });
  if (offer.status !== 201) throw new Error(`chaos: offer answered ${offer.status}`);
  return offer.body.id as string;
}

/** The account's subscriptions (the run's own): id by externalId. */
async function listSubscriptions(client: ChaosClient): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  let cursor: string | null = null;
  do {
    const page = await client.api('GET', `/v2/subscriptions?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    if (page.status !== 200) return ids;
    for (const sub of page.body.data as Array<{ id: string; externalId: string }>)
      ids.set(sub.externalId, sub.id);
    cursor = page.body.nextCursor;
  } while (cursor);
  return ids;
}

const findByExternalId = async (client: ChaosClient, externalId: string) =>
  (await listSubscriptions(client)).get(externalId);

const readSubscription = (client: ChaosClient, id: string) =>
  client.persist(() => client.api('GET', `/v2/subscriptions/${id}`), 60_000);

/** Waits until the subscription counts at least `cycle` cycles; its record, or undefined. */
async function untilCycle(client: ChaosClient, id: string, cycle: number, deadlineMs: number) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const read = await readSubscription(client, id);
    if (read?.status === 200 && read.body.currentCycle >= cycle) return read.body;
    await client.sleep(1000);
  }
  return undefined;
}

/** Pays most charges (85 %): the others stay PENDING (payable for days) or make the subscription PAST_DUE. */
async function payCycle(client: ChaosClient, flow: SubscriptionFlow, cycle: number) {
  if (client.random() >= 0.85) return;
  if (await client.pay(cycleTransactionId(flow.id!, cycle))) flow.railPaid.add(cycle);
}

/** Runs the next cycle with three next-cycle calls at once, each retried through faults. */
export async function runNextCycles(client: ChaosClient, flow: SubscriptionFlow): Promise<void> {
  if (!flow.id) return;
  await Promise.all(
    [0, 1, 2].map(async () => {
      flow.nextCycleCalls += 1;
      await client.persist(() => client.api('POST', `/sandbox/subscriptions/${flow.id}/next-cycle`), 120_000);
    }),
  );
}

/** Pays the cycles charged since `from` (most of them). */
export async function payNewCycles(client: ChaosClient, flow: SubscriptionFlow, from: number): Promise<void> {
  if (!flow.id) return;
  const read = await readSubscription(client, flow.id);
  if (read?.status !== 200) return;
  for (let cycle = from; cycle <= read.body.currentCycle; cycle += 1) await payCycle(client, flow, cycle);
}

/** Creates the subscription (through faults: a lost answer is found by its externalId), pays cycle 1, runs cycle 2. */
export async function runSubscriptionFlow(
  client: ChaosClient,
  flow: SubscriptionFlow,
  offerId: string,
): Promise<void> {
  const { boletoAddress } = boletoBody();
  const customer = {
    name: 'Maria da Silva',
    email: 'maria@example.com.br',
    phone: '11912345678',
    document: validCpf,
    ...(flow.method === 'BOLETO' ? { address: boletoAddress } : {}),
  };
  const body = { offerId, customer, paymentMethod: flow.method, externalId: flow.externalId };
  const created = await client.persist(
    () => client.api('POST', '/v2/subscriptions', body),
    240_000,
    () => {
      flow.retriedCreate = true;
    },
  );
  if (created?.status === 201) {
    flow.id = created.body.id;
    flow.chargedBySchedule = created.body.currentCycle === 0;
  } else if (created?.status === 409) flow.id = await findByExternalId(client, flow.externalId);
  if (!flow.id) return;
  // Cycle 1: charged at creation, else by the schedule once the fault is over.
  if (!(await untilCycle(client, flow.id, 1, 180_000))) return;
  await payCycle(client, flow, 1);
  await runNextCycles(client, flow);
  await payNewCycles(client, flow, 2);
}

export interface SubscriptionFigures {
  made: number;
  cyclesCharged: number;
  chargedBySchedule: number;
  nextCycleCalls: number;
  paidCycles: number;
  /** (subscription, cycle) pairs with more than one transaction. */
  chargedTwice: number;
  /** Cycles a subscription counts without a transaction, charges of a cycle it does not count, payments not PAID. */
  lost: string[];
  /** Cycle charges not settled (no instruction, events undelivered, a PAID one without one cashin.paid). */
  stuck: string[];
  statuses: Record<string, number>;
  /** The cycle charges' events (with their attempts), for the receiver's accounting. */
  events: any[];
}

async function listCharges(client: ChaosClient, offerId: string): Promise<any[]> {
  const charges: any[] = [];
  let cursor: string | null = null;
  do {
    const page = await client.api(
      'GET',
      `/transactions?offerId=${offerId}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    if (page.status !== 200) throw new Error(`chaos: listing cycle charges answered ${page.status}`);
    charges.push(...page.body.data);
    cursor = page.body.nextCursor;
  } while (cursor);
  return charges;
}

const filled = (tx: any) => Boolean(tx?.qr ?? tx?.redirectUrl ?? tx?.paymentInstruction?.boletoBarcode);

/** Whether a cycle's charge is where it must end: PAID with its one cashin.paid, or PENDING with its instruction; events delivered or failed. */
async function chargeSettled(
  client: ChaosClient,
  tx: any,
  railPaid: boolean,
  seen: any[],
): Promise<string | null> {
  const events = await client.api('GET', `/transactions/${tx.id}/events`);
  if (events.status !== 200) return 'events unreadable';
  const list = events.body.data as any[];
  seen.push(...list);
  if (list.some((event) => event.deliveryStatus === 'PENDING')) return 'events pending';
  if (list.filter((event) => event.type === 'subscription.charge_created').length !== 1)
    return 'not one subscription.charge_created';
  if (tx.status === 'PAID')
    return list.filter((event) => event.type === 'cashin.paid').length === 1 ? null : 'not one cashin.paid';
  if (railPaid) return `paid at the rail, ${tx.status}`;
  return tx.status === 'PENDING' && filled(tx)
    ? null
    : `${tx.status}${filled(tx) ? '' : ' without instruction'}`;
}

/** Waits (to `deadline`) until every cycle charge is settled, then counts from the data. */
export async function subscriptionFigures(
  client: ChaosClient,
  flows: SubscriptionFlow[],
  offerId: string,
  deadline: number,
): Promise<SubscriptionFigures> {
  // A subscription whose every creation answer was lost exists all the same: found by its externalId.
  const listed = await listSubscriptions(client);
  for (const flow of flows) flow.id ??= listed.get(flow.externalId);
  const made = flows.filter((flow) => flow.id);
  let figures: SubscriptionFigures;
  do {
    figures = {
      made: made.length,
      cyclesCharged: 0,
      chargedBySchedule: made.filter((flow) => flow.chargedBySchedule).length,
      nextCycleCalls: flows.reduce((sum, flow) => sum + flow.nextCycleCalls, 0),
      paidCycles: 0,
      chargedTwice: 0,
      lost: [],
      stuck: [],
      statuses: {},
      events: [],
    };
    const charges = await listCharges(client, offerId);
    const byCycle = new Map<string, any[]>();
    for (const tx of charges) {
      const key = `${tx.subscriptionId}#${tx.cycle}`;
      byCycle.set(key, [...(byCycle.get(key) ?? []), tx]);
    }
    figures.chargedTwice = [...byCycle.values()].filter((list) => list.length > 1).length;
    for (const flow of made) {
      const read = await readSubscription(client, flow.id!);
      if (read?.status !== 200) {
        figures.lost.push(`${flow.id}: unreadable (${read?.status ?? 'no answer'})`);
        continue;
      }
      const sub = read.body;
      figures.statuses[sub.status] = (figures.statuses[sub.status] ?? 0) + 1;
      // Every flow asked for two cycles at least (cycle 1, then next-cycle).
      if (sub.currentCycle < 2) figures.stuck.push(`${flow.id}: at cycle ${sub.currentCycle}`);
      for (const key of byCycle.keys()) {
        const [subscriptionId, cycle] = key.split('#');
        if (subscriptionId === flow.id && Number(cycle) > sub.currentCycle)
          figures.lost.push(`${flow.id} cycle ${cycle}: charged, not counted`);
      }
      for (let cycle = 1; cycle <= sub.currentCycle; cycle += 1) {
        const [tx] = byCycle.get(`${flow.id}#${cycle}`) ?? [];
        if (!tx) {
          figures.lost.push(`${flow.id} cycle ${cycle}: counted, no charge`);
          continue;
        }
        figures.cyclesCharged += 1;
        if (tx.status === 'PAID') figures.paidCycles += 1;
        const unsettled = await chargeSettled(client, tx, flow.railPaid.has(cycle), figures.events);
        if (unsettled) figures.stuck.push(`${tx.id} (${flow.id} cycle ${cycle}): ${unsettled}`);
      }
    }
    if (!figures.stuck.length && !figures.lost.length) break;
    await client.sleep(2000);
  } while (Date.now() < deadline);
  return figures;
}
