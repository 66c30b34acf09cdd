// One mode of the cost model inside one process: the service's handler modules against
// DynamoDB Local on the simulated clock, the simulated queues, the fake PSP, a merchant's
// webhook receiver; idle schedule ticks measured first, then every rail × time-to-pay scenario.
// Imported only after the environment is set (the service's config is read once per process).
import { createServer } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { localCredentials } from '../../../infra/local/dynamodb-local.ts';
import { issueApiKey } from '../../../shared/accounts/issue-api-key.ts';
import { basicAuthorization } from '../../../shared/auth/credentials.ts';
import { dynamo, rateLimitDynamo, sqs } from '../../../shared/aws/clients.ts';
import { resetProcessConfiguration, serviceConfig, tableName } from '../../../shared/config.ts';
import { type ScheduleName, schedules } from '../../../shared/queues.ts';
import { txidFor } from '../../../shared/rails/api-pix/txid.ts';
import { table } from '../../../shared/store/table.ts';
import { getTransaction } from '../../../shared/store/transactions.ts';
import { paySandboxTransactionById } from '../../../shared/transactions/sandbox-pay.ts';
import type { TransactionRecord } from '../../../shared/transactions/transaction.ts';
import type { FakePsp } from '../../support/fake-psp/fake-psp.ts';
import { startWebhookReceiver } from '../../support/webhook-receiver.ts';
import { AwsCallWaits, installAwsCallWaits, installHttpCallWaits } from './aws-call-waits.ts';
import { minutesPerMonth, priceOf, priceWithWaits } from './aws-prices.ts';
import type { CostMode, CostModeResult, EmailAddOn, ScenarioRow, ScheduleFixedCost } from './cost-results.ts';
import { Invoker } from './invoker.ts';
import { addTally, emptyTally, Meter, type Tally } from './meter.ts';
import { NetworkWaits } from './network-waits.ts';
import { scenarioRow } from './scenario-row.ts';
import { nextScenarioStart, type RailScenario, railScenarios, type TimeToPay } from './scenarios.ts';
import type { SimulatedClock } from './simulated-clock.ts';
import { SimulatedQueues } from './simulated-queues.ts';
import { Simulation, tickEveryRunAfterPaymentMs } from './simulation.ts';
import { runSubscriptionScenario, subscriptionScenarios } from './subscription-scenarios.ts';
import { workIndexWritesPerPendingDay } from './work-index-rate.ts';

export interface WorldOptions {
  mode: CostMode;
  env: Record<string, string>;
  clock: SimulatedClock;
  psp: FakePsp;
  dynamoEndpoint: string;
  transactionsPerScenario: number;
  /** Only these rails and times-to-pay (for trying the model quickly). */
  only?: { rails?: string[]; timesToPay?: string[] };
  progress: (message: string) => void;
  /** How many e-mails the local SMTP server (SES's stand-in) has received so far. */
  emailsReceived: () => number;
  /** Receives the bytes the service logs (called for every write while a handler runs). */
  onLogWrite: (listener: (bytes: number) => boolean) => void;
}

/** Between two purchases of a scenario (50 a second, half the default per-account limit). */
const purchaseSpacingMs = 20;
const dayMs = 24 * 60 * 60 * 1000;
const listingSchedules = (Object.keys(schedules) as ScheduleName[]).filter(
  (name) => name !== 'sweepPendingWork',
);
const horizonMs = 40 * dayMs;
const idleTicksMeasured = 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export async function runWorld(options: WorldOptions): Promise<CostModeResult> {
  const startedAt = performance.now();
  const { clock, psp, progress } = options;
  const simulatedStart = clock.now();
  const meter = new Meter();
  const raw = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: options.dynamoEndpoint,
      region: 'us-east-1',
      credentials: localCredentials,
    }),
  );
  const uncountedGet = async (key: Record<string, unknown>) => {
    const { Item } = await raw.send(new GetCommand({ TableName: tableName(), Key: key }));
    return Item;
  };
  const waits = new NetworkWaits();
  const awsCallWaits = new AwsCallWaits();
  const currentTally = () => waits.current?.aws;
  const queues = new SimulatedQueues(clock.now, (requests) => {
    meter.tally.sqsRequests += requests;
  });
  // Lambda's Invoke API, stood in for before the service reads its configuration (the clients).
  const invocations = await queues.serveInvocations();
  process.env.LAMBDA_ENDPOINT = invocations.endpoint;
  resetProcessConfiguration();
  installHttpCallWaits(() => invocations.port, 'lambda', awsCallWaits, currentTally);
  // First, so that they wrap the meter's middleware and the simulated queues'.
  installAwsCallWaits(dynamo().middlewareStack, 'dynamodb', awsCallWaits, currentTally);
  installAwsCallWaits(rateLimitDynamo().middlewareStack, 'dynamodb', awsCallWaits, currentTally);
  installAwsCallWaits(sqs().middlewareStack, 'sqs', awsCallWaits, currentTally);
  meter.installDynamo(dynamo().middlewareStack, uncountedGet);
  // The rate limiter writes its bucket through a client of its own.
  meter.installDynamo(rateLimitDynamo().middlewareStack, uncountedGet);
  queues.install(sqs().middlewareStack);
  const invoker = new Invoker(meter, waits);
  options.onLogWrite((bytes) => {
    if (!meter.insideInvocation) return false;
    meter.tally.logBytes += bytes;
    return true;
  });

  async function earliestWorkDue(): Promise<number | undefined> {
    let earliest: number | undefined;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await raw.send(
        new ScanCommand({
          TableName: tableName(),
          IndexName: 'gsi2',
          ProjectionExpression: '#pk, #sk',
          ExpressionAttributeNames: {
            '#pk': table.indexes.gsi2.partitionKey,
            '#sk': table.indexes.gsi2.sortKey,
          },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        // A subscription's next step (its due index shares the GSI) is the cycle job's, weeks away.
        if (String(item[table.indexes.gsi2.partitionKey]).startsWith('SUBDUE#')) continue;
        const due = Date.parse(String(item[table.indexes.gsi2.sortKey]).split('#')[0]!);
        if (earliest === undefined || due < earliest) earliest = due;
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return earliest;
  }

  // The PSP's notifications reach each notification route's function at its function URL (one
  // origin stands for the three here: the route is told by the path, as each function checks).
  const notifications = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void meter
        .counted(() =>
          invoker.http(request.method ?? 'POST', `/rails/api-pix/webhook${request.url ?? ''}`, {
            headers: { 'content-type': String(request.headers['content-type'] ?? 'application/json') },
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        .then(
          (answer) => response.writeHead(answer.status, answer.headers).end(answer.body),
          () => response.writeHead(502).end(),
        );
    });
  });
  await new Promise<void>((resolve) => notifications.listen(0, '127.0.0.1', resolve));
  const notificationPort = (notifications.address() as { port: number }).port;
  psp.setWebhookUrl(`http://127.0.0.1:${notificationPort}`);
  const receiver = await startWebhookReceiver();
  const portOf = (url: string) => Number(new URL(url).port);
  const pspPorts = new Set([portOf(psp.baseUrl), portOf(psp.tokenUrl)]);
  waits.destinations = (port) =>
    pspPorts.has(port) ? 'psp' : port === portOf(receiver.url) ? 'merchant' : undefined;

  try {
    const issued = await meter.uncounted(() =>
      issueApiKey({ permissions: ['createTransaction', 'isInvoiceAvailable'], postbackUrl: receiver.url }),
    );
    const authorization = basicAuthorization(issued.secretKey);
    const idleTicks: Partial<Record<ScheduleName, Tally>> = {};
    const simulation = () => new Simulation({ clock, meter, invoker, queues, earliestWorkDue, idleTicks });

    /**
     * Purchases are made with `sendEmails: false` unless `emails` (the payer e-mails are an
     * add-on priced on their own, SES's price per e-mail dwarfing the rest).
     */
    async function runScenario(
      scenario: RailScenario,
      timeToPay: TimeToPay,
      count: number,
      { emails = false } = {},
    ): Promise<ScenarioRow> {
      const start = nextScenarioStart(clock.now());
      clock.advanceTo(start);
      // The listings' readings catch up over the days between scenarios, uncounted: a scenario's
      // ticks then read only its own time (the second reading is a safety-net period behind).
      for (const name of listingSchedules) await invoker.tick(name);
      meter.tally = emptyTally();
      const pspCallsBefore = psp.requests.length;
      const webhooksBefore = receiver.received.length;
      const deadLetteredBefore = queues.deadLettered.length;
      const emailsBefore = options.emailsReceived();
      const sim = simulation();
      const created: string[] = [];
      const reportedAt: number[] = [];
      // Purchases arrive one every `purchaseSpacingMs`, as a merchant's do, not all at one instant:
      // the rate limiter leases tokens by the rate it sees (a frozen clock would be a flood).
      for (let index = 0; index < count; index += 1) {
        sim.schedule({
          at: start + index * purchaseSpacingMs,
          run: async () => {
            const answer = await invoker.http('POST', '/transactions/v2/purchase', {
              headers: { authorization, 'content-type': 'application/json' },
              body: JSON.stringify({ ...scenario.body(), sendEmails: emails }),
            });
            if (answer.status !== 201)
              throw new Error(
                `${scenario.label}: purchase answered ${answer.status} ${answer.body.slice(0, 300)}`,
              );
            created.push((JSON.parse(answer.body) as { id: string }).id);
          },
        });
      }
      // The payer decides when to pay once the instruction is there (a due day, an expiry).
      sim.schedule({
        at: start + 30_000,
        run: async () => {
          for (const id of created) {
            const transaction = (await meter.uncounted(() => getTransaction(issued.accountId, id, true)))!;
            const payment = scenario.payment(timeToPay, transaction, start);
            if (!payment) continue;
            const reported = payment.at + payment.settleAfterMs;
            reportedAt.push(reported);
            sim.notePayment(payment.at);
            sim.notePayment(reported);
            sim.schedule({ at: payment.at, run: () => pay(transaction, payment.settleAfterMs) });
            // The listing's second reading, a safety-net period later, reads the payment again.
            const readAgainAt = reported + serviceConfig().safetyNetPollMs;
            sim.notePayment(readAgainAt);
            sim.schedule({ at: readAgainAt + tickEveryRunAfterPaymentMs, run: async () => {} });
          }
        },
      });
      await sim.run(horizonMs);
      const lifetimeHours = (clock.now() - start) / (60 * 60 * 1000);
      const tally = meter.tally;
      meter.tally = emptyTally();
      tally.emails = options.emailsReceived() - emailsBefore;
      const records = await meter.uncounted(async () =>
        Promise.all(created.map((id) => getTransaction(issued.accountId, id, true))),
      );
      const statuses = records.map((record) => record?.status ?? 'MISSING');
      const offRail = records.filter((record) => record && record.rail !== scenario.expectedRail);
      if (offRail.length)
        throw new Error(
          `cost model: ${scenario.label} ran on the ${offRail[0]!.rail} rail, not ${scenario.expectedRail} (LIVE_RAILS?)`,
        );
      return scenarioRow({
        scenario,
        timeToPay,
        tally,
        count,
        pspCalls: psp.requests.length - pspCallsBefore,
        statuses,
        webhooks: receiver.received.slice(webhooksBefore).length,
        redeliveries: sim.redeliveries,
        deadLettered: queues.deadLettered.length - deadLetteredBefore,
        lifetimeHours,
        reportedAt,
        reportedFrom: start,
      });
    }

    async function pay(transaction: TransactionRecord, settleAfterMs: number): Promise<void> {
      if (transaction.rail === 'api-pix') {
        const txid = txidFor({ accountId: transaction.accountId, transactionId: transaction.id });
        await meter.uncounted(() => psp.pay(txid));
        return;
      }
      await meter.uncounted(() =>
        paySandboxTransactionById(transaction.accountId, transaction.id, { settleAfterMs }),
      );
    }

    const scenarios = railScenarios.filter(
      (scenario) => !options.only?.rails || options.only.rails.includes(scenario.rail),
    );

    // Warm every handler module and client first (a warm function's figures, not a cold start's).
    progress(`${options.mode}: warming up (one purchase per rail, paid after a minute)`);
    for (const scenario of scenarios) await runScenario(scenario, '1 min', 1);

    progress(`${options.mode}: idle schedule ticks`);
    const fixed: ScheduleFixedCost[] = [];
    for (const name of Object.keys(schedules) as ScheduleName[]) {
      const ticks: Tally[] = [];
      for (let index = 0; index < idleTicksMeasured; index += 1) {
        clock.advanceTo(clock.now() + schedules[name].everyMinutes * 60_000);
        meter.tally = emptyTally();
        await invoker.tick(name);
        ticks.push(meter.tally);
      }
      const idle = {
        ...ticks[ticks.length - 1]!,
        gbSeconds: median(ticks.map((tick) => tick.gbSeconds)),
        gbSecondsWithWaits: median(ticks.map((tick) => tick.gbSecondsWithWaits)),
      };
      idleTicks[name] = idle;
      const ticksPerMonth = minutesPerMonth / schedules[name].everyMinutes;
      fixed.push({
        name,
        everyMinutes: schedules[name].everyMinutes,
        idleTick: {
          writeUnits: idle.writeUnits,
          readUnits: idle.readUnits,
          sqsRequests: idle.sqsRequests,
          lambdaInvocations: idle.lambdaInvocations,
          gbSeconds: idle.gbSeconds,
          httpRequests: idle.httpRequests,
          logBytes: idle.logBytes,
          emails: idle.emails,
          providerRequests: idle.providerRequests,
        },
        dollarsPerMonth: priceOf(idle).total * ticksPerMonth,
        dollarsPerMonthWithWaits: priceWithWaits(idle).total * ticksPerMonth,
      });
    }

    const rows: ScenarioRow[] = [];
    for (const scenario of scenarios)
      for (const timeToPay of scenario.timesToPay) {
        if (options.only?.timesToPay && !options.only.timesToPay.includes(timeToPay)) continue;
        const began = performance.now();
        const row = await runScenario(scenario, timeToPay, options.transactionsPerScenario);
        rows.push(row);
        progress(
          `${options.mode}: ${scenario.label}, ${timeToPay}: $${row.dollarsPerMillion.toFixed(2)} per million (${row.statuses.join(',')}, ${row.webhooks} webhooks, ${Math.round(row.lifetimeHours)} h simulated in ${((performance.now() - began) / 1000).toFixed(1)} s)`,
        );
      }

    // Subscriptions: a cycle charged by the schedule and paid, per method.
    const manageKey = await meter.uncounted(() =>
      issueApiKey({ permissions: ['manageAccount'], accountId: issued.accountId }),
    );
    const subscriptionWorld = {
      clock,
      meter,
      invoker,
      receiver,
      accountId: issued.accountId,
      authorization,
      manageAuthorization: basicAuthorization(manageKey.secretKey),
      simulation,
      pay,
      catchUp: async () => {
        for (const name of listingSchedules) await invoker.tick(name);
      },
      pspCalls: () => psp.requests.length,
    };
    for (const scenario of subscriptionScenarios) {
      if (options.only?.rails && !options.only.rails.includes(scenario.purchaseRail)) continue;
      for (const timeToPay of scenario.timesToPay) {
        if (options.only?.timesToPay && !options.only.timesToPay.includes(timeToPay)) continue;
        const began = performance.now();
        const row = await runSubscriptionScenario(
          subscriptionWorld,
          scenario,
          timeToPay,
          options.transactionsPerScenario,
        );
        rows.push(row);
        progress(
          `${options.mode}: ${scenario.label}, ${timeToPay}: $${row.dollarsPerMillion.toFixed(2)} per million (${row.statuses.join(',')}, ${row.webhooks} webhooks, ${Math.round(row.lifetimeHours)} h simulated in ${((performance.now() - began) / 1000).toFixed(1)} s)`,
        );
      }
    }

    // The payer e-mails (instruction and receipt) as an add-on: a Pix paid after a minute with
    // them, less the same Pix without.
    const withoutEmails = rows.find((row) => row.rail === 'pix' && row.timeToPay === '1 min');
    const pix = scenarios.find((scenario) => scenario.rail === 'pix');
    let emailAddOn: EmailAddOn | undefined;
    if (withoutEmails && pix) {
      const withEmails = await runScenario(pix, '1 min', options.transactionsPerScenario, { emails: true });
      const perTransaction = emptyTally();
      addTally(perTransaction, withEmails.perTransaction);
      addTally(perTransaction, withoutEmails.perTransaction, -1);
      emailAddOn = {
        railLabel: pix.label,
        emailsPerTransaction: withEmails.perTransaction.emails,
        perTransaction,
        dollarsPerMillion: withEmails.dollarsPerMillion - withoutEmails.dollarsPerMillion,
        dollarsPerMillionWithWaits:
          withEmails.dollarsPerMillionWithWaits - withoutEmails.dollarsPerMillionWithWaits,
        sesDollarsPerMillion: priceOf(perTransaction).ses * 1e6,
      };
      progress(
        `${options.mode}: payer e-mails add $${emailAddOn.dollarsPerMillion.toFixed(2)} per million to ${pix.label} (${emailAddOn.emailsPerTransaction} e-mails a transaction)`,
      );
    }

    return {
      mode: options.mode,
      env: options.env,
      transactionsPerScenario: options.transactionsPerScenario,
      rows,
      ...(emailAddOn ? { emailAddOn } : {}),
      schedules: fixed,
      workIndexWritesPerPendingDay: workIndexWritesPerPendingDay(rows),
      longest: Object.fromEntries(
        railScenarios
          .filter((scenario) => scenario.longest)
          .map((scenario) => [scenario.rail, scenario.longest!]),
      ),
      wallSeconds: Math.round((performance.now() - startedAt) / 1000),
      simulatedDays: Math.round((clock.now() - simulatedStart) / dayMs),
    };
  } finally {
    await invocations.close();
    await receiver.close();
    notifications.closeAllConnections();
    await new Promise<void>((resolve) => notifications.close(() => resolve()));
    raw.destroy();
  }
}
