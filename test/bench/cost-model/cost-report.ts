// Renders the cost model's figures: plain text for the terminal, markdown for the cost section
// of docs/benchmarks.md. "today" first, then "declared".
import { provenanceLine, type RunProvenance } from '../../support/generated-docs.ts';
import { type Cell, markdownTable, textTable } from '../tables.ts';
import { type AwsCall, awsCallWaitsFromEnv } from './aws-call-waits.ts';
import { awsPrices, priceOf, priceWithWaits } from './aws-prices.ts';
import type { CostModelResults, CostModeResult, ScenarioRow } from './cost-results.ts';
import { writtenItemKinds } from './item-kinds.ts';
import { waitsFromEnv } from './network-waits.ts';
import { type TimeToPay, timesToPay } from './scenarios.ts';

const modeTitle = (mode: CostModeResult) =>
  mode.mode === 'today'
    ? 'today: every rail watched by per-transaction polling (RAIL_REPORTING=polling)'
    : "declared: each rail's own reporting (push, batch listing, polling)";

const fixed = (value: number, digits: number) => (value === 0 ? '0' : value.toFixed(digits));
const dollars = (value: number) => `$${value < 10 ? value.toFixed(2) : value.toFixed(0)}`;

const detailHeader = [
  'rail',
  'time to pay',
  'write units',
  'read units',
  'SQS requests',
  'Lambda invocations',
  'GB-s',
  'GB-s with waits',
  'HTTP API',
  'log KB',
  '$ per million',
  '$ per million with waits',
  'PSP calls (new connections)',
  'merchant calls (new connections)',
  'provider requests (unpriced)',
  'work-index writes',
];
const detailAlign = [
  false,
  false,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
];

function detailRows(mode: CostModeResult): Cell[][] {
  return mode.rows.map((row) => {
    const usage = row.perTransaction;
    const provider = usage.providerRequests + row.pspCallsPerTransaction;
    return [
      row.railLabel,
      row.timeToPay,
      fixed(usage.writeUnits, 1),
      fixed(usage.readUnits, 1),
      fixed(usage.sqsRequests, 1),
      fixed(usage.lambdaInvocations, 1),
      fixed(usage.gbSeconds, 3),
      fixed(usage.gbSecondsWithWaits, 3),
      fixed(usage.httpRequests, 1),
      fixed(usage.logBytes / 1024, 1),
      dollars(row.dollarsPerMillion),
      dollars(row.dollarsPerMillionWithWaits),
      `${fixed(usage.pspCalls, 1)} (${fixed(usage.pspNewConnections, 1)})`,
      `${fixed(usage.merchantCalls, 1)} (${fixed(usage.merchantNewConnections, 1)})`,
      fixed(provider, 1),
      fixed(usage.workIndexWrites, 1),
    ];
  });
}

const summaryHeader = ['rail', ...timesToPay.map((column) => (column === 'never' ? 'never paid' : column))];

/** Each rail's $ per million by time to pay: no waits, then with network waits. */
function summaryRows(mode: CostModeResult): Cell[][] {
  const rails = [...new Set(mode.rows.map((row) => row.railLabel))];
  return rails.map((label) => [
    label,
    ...timesToPay.map((column: TimeToPay) => {
      const row = mode.rows.find(
        (candidate) => candidate.railLabel === label && candidate.timeToPay === column,
      );
      return row ? `${dollars(row.dollarsPerMillion)} / ${dollars(row.dollarsPerMillionWithWaits)}` : '–';
    }),
  ]);
}

function scheduleRows(mode: CostModeResult): Cell[][] {
  return mode.schedules.map((schedule) => [
    schedule.name,
    `${schedule.everyMinutes} min`,
    fixed(schedule.idleTick.readUnits, 1),
    fixed(schedule.idleTick.writeUnits, 1),
    fixed(schedule.idleTick.gbSeconds, 3),
    `${dollars(schedule.dollarsPerMonth)} / ${dollars(schedule.dollarsPerMonthWithWaits)}`,
  ]);
}
const scheduleHeader = [
  'schedule',
  'every',
  'read units per idle tick',
  'write units',
  'GB-s',
  '$ per month (no waits / with waits)',
];

function workIndexRows(results: CostModelResults): Cell[][] {
  const rails = [
    ...new Set(
      results.modes.flatMap((mode) => mode.workIndexWritesPerPendingDay.map((entry) => entry.railLabel)),
    ),
  ];
  return rails.map((label) => [
    label,
    ...results.modes.map((mode) => {
      const entry = mode.workIndexWritesPerPendingDay.find((candidate) => candidate.railLabel === label);
      return entry ? `${entry.perDay.toFixed(1)} (${entry.between})` : '–';
    }),
  ]);
}

function unexpected(mode: CostModeResult): string[] {
  return mode.rows.flatMap((row: ScenarioRow) => {
    const expected = row.timeToPay === 'never' ? 'EXPIRED' : 'PAID';
    const wrong = row.statuses.filter((status) => status !== expected);
    const webhooksExpected = row.timeToPay === 'never' ? 0 : row.statuses.length;
    const retried =
      row.redeliveries || row.deadLettered
        ? [
            `${row.railLabel}, ${row.timeToPay}: ${row.redeliveries} failed deliveries, ${row.deadLettered} messages dead-lettered`,
          ]
        : [];
    return wrong.length || row.webhooks !== webhooksExpected
      ? [
          ...retried,
          `${row.railLabel}, ${row.timeToPay}: statuses ${row.statuses.join(', ')}, ${row.webhooks} cashin.paid webhooks`,
        ]
      : retried;
  });
}

/** Issue 18's bar: ≤ $25 per million for a boleto paid on day 3 and a Pix paid after 23 hours. */
export const targetDollarsPerMillion = 25;

/** The rows the bar is judged on, by name (undefined where the run left one out). */
function targetRows(mode: CostModeResult) {
  const row = (rail: string, timeToPay: string) =>
    mode.rows.find((candidate) => candidate.rail === rail && candidate.timeToPay === timeToPay);
  return [
    ['boleto paid on day 3', row('boleto', '3 days')],
    ['Pix paid after 23 h', row('pix', '23 h')],
  ] as const;
}

/** The bar, judged on the figures with network waits (what AWS would bill). */
function verdict(mode: CostModeResult): string {
  const checks = targetRows(mode);
  const measured = checks.filter(([, found]) => found !== undefined);
  if (!measured.length) return 'not measured';
  const met = measured.every(([, found]) => found!.dollarsPerMillionWithWaits <= targetDollarsPerMillion);
  return `${met ? 'met' : 'missed'} with network waits (${measured
    .map(
      ([name, found]) =>
        `${name} ${dollars(found!.dollarsPerMillionWithWaits)}, ${dollars(found!.dollarsPerMillion)} without`,
    )
    .join('; ')})`;
}

/** Where a quickly paid transaction's dollars go, per service. */
function breakdown(mode: CostModeResult): string[] {
  return mode.rows
    .filter((row) => row.timeToPay === '1 min')
    .map((row) => {
      const cost = priceOf(row.perTransaction);
      const waiting = priceWithWaits(row.perTransaction);
      const part = (value: number) => dollars(value * 1e6);
      return `${row.railLabel}, paid after 1 min: DynamoDB ${part(cost.dynamo)}, SQS ${part(cost.sqs)}, Lambda ${part(cost.lambda)} (${part(waiting.lambda)} with waits), HTTP API ${part(cost.httpApi)}, logs ${part(cost.logs)} per million`;
    });
}

/** Where the bar's rows spend their write units (DynamoDB's part of the bill), by item written. */
function writeUnitLines(mode: CostModeResult): string[] {
  return targetRows(mode).flatMap(([name, row]) => {
    const byItem = row?.perTransaction.writeUnitsByItem;
    if (!row || !byItem) return [];
    const spent = writtenItemKinds
      .filter((kind) => byItem[kind] >= 0.05)
      .sort((a, b) => byItem[b] - byItem[a])
      .map((kind) => `${kind} ${fixed(byItem[kind], 1)}`);
    // $ per million units is $ per million transactions per unit a transaction writes.
    const writes = row.perTransaction.writeUnits * awsPrices.dynamoWritePerMillionUnits;
    return [
      `${name}: ${fixed(row.perTransaction.writeUnits, 1)} write units, ${dollars(writes)} of its ${dollars(row.dollarsPerMillionWithWaits)} per million with waits, by item written: ${spent.join(', ')}`,
    ];
  });
}

/** What the payer e-mails add to a transaction, SES apart (they are on unless a purchase says otherwise). */
function emailLine(mode: CostModeResult): string[] {
  const addOn = mode.emailAddOn;
  if (!addOn) return [];
  const rest = addOn.dollarsPerMillion - addOn.sesDollarsPerMillion;
  const restWithWaits = addOn.dollarsPerMillionWithWaits - addOn.sesDollarsPerMillion;
  return [
    `Payer e-mails (instruction and receipt, ${fixed(addOn.emailsPerTransaction, 1)} a transaction, measured on ${addOn.railLabel} paid after 1 min): +${dollars(addOn.dollarsPerMillion)} per million (+${dollars(addOn.dollarsPerMillionWithWaits)} with waits), of which SES ${dollars(addOn.sesDollarsPerMillion)} and the service's own work ${dollars(rest)} (${dollars(restWithWaits)} with waits: ${fixed(addOn.perTransaction.writeUnits, 1)} write units, ${fixed(addOn.perTransaction.sqsRequests, 1)} SQS requests, ${fixed(addOn.perTransaction.lambdaInvocations, 1)} invocations). The figures above are for purchases made with sendEmails: false.`,
  ];
}

export function costMethod(results: CostModelResults): string[] {
  const k = results.modes[0]?.transactionsPerScenario ?? 3;
  return [
    `Prices: ${awsPrices.region} list prices of ${results.pricesCheckedOn} (\`test/bench/cost-model/aws-prices.ts\`): DynamoDB on demand $${awsPrices.dynamoWritePerMillionUnits}/M write units and $${awsPrices.dynamoReadPerMillionUnits}/M read units, SQS $${awsPrices.sqsPerMillionRequests}/M requests, Lambda arm64 $${awsPrices.lambdaPerMillionRequests}/M requests and $${awsPrices.lambdaPerGbSecond}/GB-s, HTTP API $${awsPrices.httpApiPerMillionRequests}/M, CloudWatch Logs $${awsPrices.logsPerGb}/GB, SES $${awsPrices.sesPerMillionEmails / 1000} per 1,000 e-mails.`,
    `Method: the service's own handler modules run in one process against DynamoDB Local on a simulated clock (\`new Date()\` and \`Date.now()\`; timers stay real), ${k} transactions side by side per scenario, figures per transaction. Each HTTP call is the route's function called with the local gateway's API Gateway v2 event (1 HTTP API request, 1 invocation). SQS is modelled: sends are recorded with their delay and delivered one message per worker invocation, each message counted as 1 send, 1 receive and 1 delete (no batching amortisation).`,
    `Units: DynamoDB Local's ConsumedCapacity (INDEXES) for single-item requests and queries, which follows AWS's rules; by AWS's rules where it does not: transactions (it miscounts them; the table's side doubled, index writes as outside one, unless COST_MODEL_TRANSACTION_INDEX_FACTOR=2), failed conditional writes (billed, not reported) and empty queries (one 4 KB read). Lambda: each invocation's wall time here, rounded up to 1 ms, at the function's deployed memory; "with waits": as Lambda would run it, its CPU time (measured per invocation, less what the fake PSP and the merchant's receiver spent answering it in this process and the model's own reads of the items a transaction writes) stretched to the function's share of a vCPU (its memory over 1,769 MB), plus what each of its HTTP calls to the PSP and the merchant's receiver would have waited from us-east-1 (a round trip and the far side's answer, and the handshakes' round trips on a new connection, TLS as negotiated), each latency the mean of a log-normal with \`test/bench/cost-model/network-waits.ts\`'s medians and 95th percentiles (${waitsLine()}; Lambda bills linearly in the wait, so the mean is what a million transactions average, where one draw per call for 3 transactions moved a Pix by about ±$1 per million between runs), and with the time it waited on DynamoDB Local and the simulated queues (less its CPU time meanwhile) replaced by in-region answers drawn from \`aws-call-waits.ts\`'s (${awsWaitsLine()}; calls in flight together wait as long as the longest); \`COST_MODEL_WAITS\` names a JSON file to replace them. Logs: the bytes the handlers write at LOG_LEVEL=info (Lambda's own START, END and REPORT lines are not written: the functions' system log level is WARN). E-mails: the messages the e-mail worker sends to a local SMTP server (SES's stand-in; the wait on SES's API is not modelled).`,
    'Subscriptions (`subscription-scenarios.ts`): the rows "subscription, a cycle charged by the schedule" are per cycle: K subscriptions made and their cycle 1 paid (not counted), then from cycle 2\'s charge day the cycle job\'s tick that charges it, its instruction, the payment after the time to pay, the cycle noted paid and its webhooks (`cashin.paid`, `subscription.charge_created`). The deadline check, which runs only when the paid note was lost, is not counted.',
    "Not counted: the payer (sandbox pay, the PSP's payment), but the messages it enqueues and the PSP's notification are; requests on the sandbox rails' key space (`RAIL#`, `RAILREPORT#`) and calls to the PSP are the provider's side, shown but not priced. Not modelled: KMS (the signing-secret key is unwrapped once per account and warm function per 5 minutes, not per transaction; locally LOCAL_SECRETS_KEY stands in), Secrets Manager (once per cold start), cold starts, storage and data transfer. Schedules tick only when they can act (the sweeper: when work is overdue); a tick a scenario causes costs what it costs above an idle tick, and idle ticks are the schedules' fixed cost per month.",
  ];
}

export function renderCostText(results: CostModelResults): string {
  const out: string[] = [];
  out.push(`Cost per paid transaction (${results.wallSeconds} s)`);
  for (const line of costMethod(results)) out.push(`   ${line}`);
  for (const mode of results.modes) {
    out.push('');
    out.push(`${modeTitle(mode)} — ${mode.simulatedDays} simulated days in ${mode.wallSeconds} s`);
    out.push(
      textTable(
        summaryHeader,
        summaryRows(mode),
        summaryHeader.map((_, index) => index > 0),
      ),
    );
    out.push('');
    out.push('   per transaction:');
    out.push(textTable(detailHeader, detailRows(mode), detailAlign));
    out.push('');
    out.push('   schedules (fixed, not per transaction):');
    out.push(textTable(scheduleHeader, scheduleRows(mode), [false, false, true, true, true, true]));
    for (const line of breakdown(mode)) out.push(`   ${line}`);
    for (const line of writeUnitLines(mode)) out.push(`   ${line}`);
    for (const line of emailLine(mode)) out.push(`   ${line}`);
    out.push(`   Target ≤ $${targetDollarsPerMillion} per million: ${verdict(mode)}`);
    for (const line of unexpected(mode)) out.push(`   unexpected: ${line}`);
  }
  const idle = fixedCostRows(results);
  if (idle) {
    out.push('');
    out.push('An idle stage, a month (list prices, no free tier; count in brackets):');
    out.push(
      textTable(
        idle.header,
        idle.rows,
        idle.header.map((_, index) => index > 0),
      ),
    );
  }
  out.push('');
  out.push(
    'Work-index writes per pending transaction per day (slope between the quickest and latest payments):',
  );
  out.push(textTable(['rail', ...results.modes.map((mode) => mode.mode)], workIndexRows(results)));
  return out.join('\n');
}

/**
 * An idle stage's month: what its template bills by the month (per stage), and the schedules'
 * idle ticks with network waits ("declared" mode: what the stage runs).
 */
function fixedCostRows(results: CostModelResults): { header: string[]; rows: Cell[][] } | undefined {
  const stagesFixed = results.fixedCosts;
  if (!stagesFixed?.length) return undefined;
  const declared = results.modes.find((mode) => mode.mode === 'declared') ?? results.modes[0];
  const items = [
    ...new Set(stagesFixed.flatMap((stage) => stage.lines.map((line) => line.item.replace(/ \(.*\)$/, '')))),
  ];
  const lineOf = (stage: (typeof stagesFixed)[number], item: string) =>
    stage.lines.find((line) => line.item.replace(/ \(.*\)$/, '') === item);
  const schedules =
    declared?.schedules.reduce((sum, schedule) => sum + schedule.dollarsPerMonthWithWaits, 0) ?? 0;
  const rows: Cell[][] = items.map((item) => [
    item,
    ...stagesFixed.map((stage) => {
      const line = lineOf(stage, item);
      return line ? `${dollars(line.dollarsPerMonth)} (${line.count})` : '–';
    }),
  ]);
  rows.push(['schedules’ idle ticks, with waits', ...stagesFixed.map(() => dollars(schedules))]);
  rows.push([
    'total',
    ...stagesFixed.map((stage) =>
      dollars(stage.lines.reduce((sum, line) => sum + line.dollarsPerMonth, 0) + schedules),
    ),
  ]);
  return { header: ['a month, no traffic', ...stagesFixed.map((stage) => stage.stage)], rows };
}

/** A latency's median and 95th percentile, in words. */
const spread = (value: { medianMs: number; p95Ms: number }) =>
  `${value.medianMs} ms median, ${value.p95Ms} ms p95`;

/** The network waits the figures were priced with, as a sentence. */
function waitsLine(): string {
  const waits = waitsFromEnv();
  return (Object.keys(waits) as Array<keyof typeof waits>)
    .map(
      (name) => `${name}: round trip ${spread(waits[name].roundTrip)}, answer ${spread(waits[name].answer)}`,
    )
    .join('; ');
}

/** The in-region waits on DynamoDB, SQS and Lambda the figures were drawn with, as a sentence. */
function awsWaitsLine(): string {
  const waits = awsCallWaitsFromEnv();
  const named: Record<AwsCall, string> = {
    dynamodb: 'a DynamoDB request',
    dynamodbTransaction: 'a DynamoDB transaction',
    sqs: 'an SQS send',
    lambda: "an asynchronous invocation of a worker (Lambda's Invoke)",
  };
  return (Object.keys(named) as AwsCall[]).map((call) => `${named[call]} ${spread(waits[call])}`).join('; ');
}

/** The section of docs/benchmarks.md that `npm run bench:cost` replaces on its own. */
export const costSectionName = 'cost-model';

export function renderCostMarkdown(
  results: CostModelResults,
  run?: { command: string; date: string; provenance: RunProvenance },
): string {
  const out: string[] = [];
  out.push('## Cost per paid transaction');
  out.push('');
  if (run) {
    out.push(
      `Measured with \`${run.command}\` on ${run.date.slice(0, 10)}, ${provenanceLine(run.provenance)}; the model took ${Math.round(results.wallSeconds)} s.`,
    );
    out.push('');
  }
  out.push(
    '"today" is the `RAIL_REPORTING=polling` mode: every charge polled on `PAYMENT_POLL_SCHEDULE`, sandbox pay always notifying, the listings not read. "declared" is the default: each rail watched as it reports (push, listings read twice, a look at the deadline).',
  );
  out.push('');
  for (const line of costMethod(results)) out.push(`- ${line}`);
  out.push('');
  const longest = results.modes[0]?.longest ?? {};
  out.push(
    `Longest time to pay: boleto ${longest.boleto ?? '–'}; Pix ${longest.pix ?? '–'}. COP and BOB sandbox charges live 24 h. "never paid": the charge expires and is closed, with the last look a day later.`,
  );
  for (const mode of results.modes) {
    out.push('');
    out.push(`**${modeTitle(mode)}**: $ per million transactions, without / with network waits`);
    out.push('');
    out.push(
      markdownTable(
        summaryHeader,
        summaryRows(mode),
        summaryHeader.map((_, index) => index > 0),
      ),
    );
    out.push('');
    out.push('<details><summary>per transaction</summary>');
    out.push('');
    out.push(markdownTable(detailHeader, detailRows(mode), detailAlign));
    out.push('');
    out.push('</details>');
    out.push('');
    out.push(
      `Schedules, a fixed cost whatever the number of transactions: ${mode.schedules
        .map(
          (schedule) =>
            `${schedule.name} every ${schedule.everyMinutes} min, ${dollars(schedule.dollarsPerMonth)} per month, ${dollars(schedule.dollarsPerMonthWithWaits)} with waits (an idle tick: ${fixed(schedule.idleTick.readUnits, 1)} read units, ${fixed(schedule.idleTick.gbSeconds, 3)} GB-s)`,
        )
        .join('; ')}.`,
    );
    out.push('');
    for (const line of breakdown(mode)) out.push(`- ${line}`);
    for (const line of writeUnitLines(mode)) out.push(`- ${line}`);
    for (const line of emailLine(mode)) out.push(`- ${line}`);
    out.push(`- Target ≤ $${targetDollarsPerMillion} per million: ${verdict(mode)}.`);
    for (const line of unexpected(mode)) out.push(`- unexpected: ${line}`);
  }
  const idle = fixedCostRows(results);
  if (idle) {
    out.push('');
    out.push(
      "An idle stage, a month: what its template bills by the month (`test/bench/cost-model/fixed-cost.ts`: alarms $0.10 per metric, dashboards $3, KMS keys $1, secrets $0.40, and the workers' event source mappings long-polling their queues, at most five pollers each every 20 s), and the schedules' idle ticks above. List prices, no free tier (an account shares it); count in brackets. Not in the template: the API Pix secret the operator creates ($0.40 where the stage runs API Pix) and the hosted zone ($0.50). A dev stage pages on function errors through one account-wide alarm (`functionErrorAlarms` in `infra/stages.ts`), staging and prod through one per function.",
    );
    out.push('');
    out.push(
      markdownTable(
        idle.header,
        idle.rows,
        idle.header.map((_, index) => index > 0),
      ),
    );
  }
  out.push('');
  out.push('Work-index writes per pending transaction per day:');
  out.push('');
  out.push(markdownTable(['rail', ...results.modes.map((mode) => mode.mode)], workIndexRows(results)));
  return `${out.join('\n')}\n`;
}
