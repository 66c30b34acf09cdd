// The cost of a subscription's cycle: K PIX or BOLETO subscriptions made and their cycle 1 paid
// (uncounted), then, counted, cycle 2 from its charge day: the cycle job's tick that charges it,
// its instruction, the payer's payment after the time to pay, the cycle noted paid and the
// webhooks (cashin.paid, subscription.charge_created). The deadline check is not counted: a paid
// cycle is noted at its payment, and the check runs only when that note was lost.

import { getSubscription } from '../../../shared/store/subscriptions.ts';
import { getTransaction } from '../../../shared/store/transactions.ts';
import { cycleChargeAt, cycleTransactionId } from '../../../shared/subscriptions/cycle-schedule.ts';
import type { TransactionRecord } from '../../../shared/transactions/transaction.ts';
import { boletoBody, validCnpj, validCpf } from '../../support/purchase-fixtures.ts';
import type { WebhookReceiver } from '../../support/webhook-receiver.ts';
import type { ScenarioRow } from './cost-results.ts';
import type { Invoker } from './invoker.ts';
import { emptyTally, type Meter } from './meter.ts';
import { scenarioRow } from './scenario-row.ts';
import { nextScenarioStart, type RailKey, type TimeToPay } from './scenarios.ts';
import type { SimulatedClock } from './simulated-clock.ts';
import type { Simulation } from './simulation.ts';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

export interface SubscriptionScenario {
  /** The purchase rail key it is run with (`--rails`). */
  purchaseRail: RailKey;
  rail: RailKey;
  label: string;
  method: 'PIX' | 'BOLETO';
  timesToPay: readonly TimeToPay[];
}

export const subscriptionScenarios: readonly SubscriptionScenario[] = [
  {
    purchaseRail: 'boleto',
    rail: 'boleto-subscription',
    label: 'BRL BOLETO subscription, a cycle charged by the schedule (sandbox)',
    method: 'BOLETO',
    timesToPay: ['1 min', '23 h'],
  },
  {
    purchaseRail: 'pix',
    rail: 'pix-subscription',
    label: 'BRL PIX subscription, a cycle charged by the schedule (API Pix, fake PSP)',
    method: 'PIX',
    timesToPay: ['1 min', '23 h'],
  },
];

export interface SubscriptionWorld {
  clock: SimulatedClock;
  meter: Meter;
  invoker: Invoker;
  receiver: WebhookReceiver;
  accountId: string;
  authorization: string;
  /** A key of the same account that may set its responsible document. */
  manageAuthorization: string;
  simulation: () => Simulation;
  /** Pays a transaction as the payer would (uncounted). */
  pay: (transaction: TransactionRecord, settleAfterMs: number) => Promise<void>;
  /** The listings catch up, uncounted, before a measured stretch. */
  catchUp: () => Promise<void>;
  pspCalls: () => number;
}

const payAfterMs: Partial<Record<TimeToPay, number>> = { '1 min': minuteMs, '23 h': 23 * hourMs };

async function call(world: SubscriptionWorld, method: string, path: string, body: unknown, auth: string) {
  const answer = await world.invoker.http(method, path, {
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (answer.status >= 300)
    throw new Error(`cost model: ${method} ${path} answered ${answer.status} ${answer.body.slice(0, 300)}`);
  return JSON.parse(answer.body);
}

/** Makes `count` subscriptions and pays their cycle 1, uncounted; answers their ids and when cycle 2 is charged. */
async function subscribe(world: SubscriptionWorld, scenario: SubscriptionScenario, count: number) {
  const { meter, clock } = world;
  clock.advanceTo(nextScenarioStart(clock.now()));
  return meter.uncounted(async () => {
    await call(
      world,
      'PUT',
      '/v2/account/settings',
      { responsibleDocument: validCnpj },
      world.manageAuthorization,
    );
    const product = await call(
      world,
      'POST',
      '/v2/products',
      { name: 'Clube do livro' },
      world.authorization,
    );
    const offer = await call(
      world,
      'POST',
      '/v2/offers',
      { productId: product.id, name: 'Mensal', amount: 4_990, billingCycle: 'MONTHLY' },
      world.authorization,
    );
    const customer = {
      name: 'Maria da Silva',
      email: 'maria@example.com.br',
      phone: '11912345678',
      document: validCpf,
      ...(scenario.method === 'BOLETO' ? { address: boletoBody().boletoAddress } : {}),
    };
    const ids: string[] = [];
    const sim = world.simulation();
    for (let index = 0; index < count; index += 1) {
      const created = await call(
        world,
        'POST',
        '/v2/subscriptions',
        { offerId: offer.id, customer, paymentMethod: scenario.method },
        world.authorization,
      );
      ids.push(created.id);
    }
    sim.schedule({
      at: clock.now() + 30_000,
      run: async () => {
        for (const id of ids) {
          const first = (await getTransaction(world.accountId, cycleTransactionId(id, 1), true))!;
          await world.pay(first, 0);
        }
      },
    });
    await sim.run(40 * 24 * hourMs);
    const stored = (await getSubscription(world.accountId, ids[0]!, true))!;
    return { ids, chargeAt: cycleChargeAt(stored.firstDueDate, stored.billingCycle, 2).getTime() };
  });
}

export async function runSubscriptionScenario(
  world: SubscriptionWorld,
  scenario: SubscriptionScenario,
  timeToPay: TimeToPay,
  count: number,
): Promise<ScenarioRow> {
  const { clock, meter, receiver } = world;
  const { ids, chargeAt } = await subscribe(world, scenario, count);
  clock.advanceTo(chargeAt);
  await world.catchUp();
  meter.tally = emptyTally();
  const pspCallsBefore = world.pspCalls();
  const webhooksBefore = receiver.received.length;
  const sim = world.simulation();
  // The cycle job ticks every minute: every schedule's tick is simulated from the charge day on.
  sim.notePayment(chargeAt);
  const payAfter = payAfterMs[timeToPay];
  const reportedAt: number[] = [];
  sim.schedule({
    at: chargeAt + 30 * minuteMs,
    run: async () => {
      for (const id of ids) {
        const charge = await meter.uncounted(() =>
          getTransaction(world.accountId, cycleTransactionId(id, 2), true),
        );
        if (!charge) throw new Error(`cost model: ${scenario.label}: cycle 2 of ${id} was not charged`);
        if (payAfter === undefined) continue;
        const at = Date.parse(charge.createdAt) + payAfter;
        reportedAt.push(at);
        sim.notePayment(at);
        sim.schedule({ at, run: () => world.pay(charge, 0) });
      }
    },
  });
  await sim.run(40 * 24 * hourMs);
  const lifetimeHours = (clock.now() - chargeAt) / hourMs;
  const tally = meter.tally;
  meter.tally = emptyTally();
  const records = await meter.uncounted(() =>
    Promise.all(ids.map((id) => getTransaction(world.accountId, cycleTransactionId(id, 2), true))),
  );
  const webhooks = receiver.received.slice(webhooksBefore);
  // Canceled, uncounted: their next cycles are not the next scenario's to charge.
  await meter.uncounted(async () => {
    for (const id of ids)
      await call(world, 'POST', `/v2/subscriptions/${id}/cancel`, {}, world.authorization);
    await world.simulation().run(40 * 24 * hourMs);
  });
  meter.tally = emptyTally();
  return scenarioRow({
    scenario,
    timeToPay,
    tally,
    count,
    pspCalls: world.pspCalls() - pspCallsBefore,
    statuses: records.map((record) => record?.status ?? 'MISSING'),
    // cashin.paid only, as the purchase rows count (each cycle also sends subscription.charge_created).
    webhooks: webhooks.filter((hook) => JSON.parse(hook.body).type === 'cashin.paid').length,
    redeliveries: sim.redeliveries,
    deadLettered: 0,
    lifetimeHours,
    reportedAt,
    reportedFrom: chargeAt,
  });
}
