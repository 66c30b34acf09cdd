// Renders the bench results: aligned plain-text tables for the terminal and docs/benchmarks.md.
// Both read the same BenchResults object that goes to JSON.
import { provenanceLine, section } from '../support/generated-docs.ts';
import { excessReasons } from './bundle-excess-reasons.ts';
import { renderCheckoutPageMarkdown, renderCheckoutPageText } from './checkout-page-report.ts';
import { costSectionName, renderCostMarkdown, renderCostText } from './cost-model/cost-report.ts';
import { limiterSectionName, renderLimiterMarkdown, renderLimiterText } from './limiter-report.ts';
import { renderPixFaultMarkdown, renderPixFaultText } from './pix-fault-report.ts';
import type { BenchResults, BundleRow } from './results.ts';
import {
  renderSearchExportMarkdown,
  renderSearchExportText,
  searchExportSectionName,
} from './search-export.ts';
import { type Cell, markdownTable, textTable } from './tables.ts';

const kb = (bytes: number | undefined) => (bytes === undefined ? '–' : `${(bytes / 1024).toFixed(0)} KB`);
const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '–' : `${value.toFixed(1)}`;
const ratio = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(2)}×`);

function bundleRows(results: BenchResults): Cell[][] {
  const { floor, functions } = results.bundles;
  const row = (entry: BundleRow): Cell[] => [
    entry.name,
    kb(entry.jsBytes),
    ratio(entry.sizeRatio),
    ms(entry.init?.medianImportMs),
    ratio(entry.initRatio),
    ms(entry.initPlain?.medianImportMs),
    ratio(entry.initPlainRatio),
    budgetCell(entry),
  ];
  return [row(floor), ...functions.map(row)];
}

/** An over-budget row's verdict: explained by bundle-excess-reasons.ts, or not. */
function unexplainedMisses(entry: BundleRow): string[] {
  const explanation = entry.explanation;
  if (!explanation) return [];
  return [
    ...(entry.exceeds.includes('size') && !explanation.sizeCovered ? ['size'] : []),
    ...(entry.exceeds.includes('init') && !explanation.initCovered ? ['init'] : []),
  ];
}

function budgetCell(entry: BundleRow): string {
  if (entry.error) return `not measured: ${entry.error}`;
  if (!entry.exceeds.length) return 'ok';
  if (!entry.explanation) return `over: ${entry.exceeds.join(', ')}`;
  const unexplained = unexplainedMisses(entry);
  return `over: ${entry.exceeds.join(', ')} (${unexplained.length ? `UNEXPLAINED: ${unexplained.join(', ')}` : 'explained'})`;
}

function overBudgetLines(results: BenchResults): string[] {
  return results.bundles.functions
    .filter((entry) => entry.exceeds.length)
    .map((entry) => {
      const misses = [
        ...(entry.exceeds.includes('size') ? [`size ${ratio(entry.sizeRatio)}`] : []),
        ...(entry.exceeds.includes('init') ? [`init ${ratio(entry.initRatio)}`] : []),
      ].join(', ');
      // Only worth naming when the floor does not pay the same cost already.
      const httpNote =
        entry.esmHttpImporters?.length && !results.bundles.floor.esmHttpImporters?.length
          ? `; ESM import of node:http by ${entry.esmHttpImporters.join(', ')} (loads undici at init)`
          : '';
      const packages = (list: Array<{ name: string; bytes: number }>) =>
        list.map((excess) => `${excess.name} +${kb(excess.bytes)}`).join(', ');
      const explanation = entry.explanation;
      if (!explanation) return `${entry.name} (${misses}): ${packages(entry.topExcess)}${httpNote}`;
      const unexplained = unexplainedMisses(entry);
      const missing = explanation.unexplained.filter((excess) => excess.bytes >= 1024);
      const verdict = unexplained.length
        ? `UNEXPLAINED ${unexplained.join(' and ')}${missing.length ? ` (no reason for ${packages(missing)})` : ''}`
        : 'explained';
      return `${entry.name} (${misses}), ${verdict}: ${packages(explanation.explained.slice(0, 4))}${httpNote}`;
    });
}

const reasonHeader = [
  'beyond the floor',
  'functions over budget with it',
  'largest',
  'init ≈',
  'what it is',
  'to remove it',
  'why not',
];

/** The reasons (test/bench/bundle-excess-reasons.ts) the over-budget rows of this run rely on, largest first. */
function reasonRows(results: BenchResults): Cell[][] {
  const used = new Map<string, { functions: number; largest: number }>();
  for (const entry of results.bundles.functions)
    for (const excess of entry.explanation?.explained ?? []) {
      if (excess.bytes < 1024) continue;
      const seen = used.get(excess.name) ?? { functions: 0, largest: 0 };
      used.set(excess.name, { functions: seen.functions + 1, largest: Math.max(seen.largest, excess.bytes) });
    }
  const perKB = results.bundles.initMsPerKB;
  return [...used.entries()]
    .sort((a, b) => b[1].largest - a[1].largest)
    .map(([name, { functions, largest }]) => {
      const reason = excessReasons[name];
      return [
        name,
        functions,
        kb(largest),
        perKB === undefined ? '–' : `${((largest / 1024) * perKB).toFixed(1)} ms`,
        reason?.what ?? '–',
        reason?.removal ?? '–',
        reason?.whyNot ?? '–',
      ];
    });
}

function reasonsNote(results: BenchResults): string {
  const perKB = results.bundles.initMsPerKB;
  return `Why, for the rows over budget (test/bench/bundle-excess-reasons.ts; a row is explained when, without the packages this table names, it would be within budget${perKB === undefined ? '' : `; init ≈ the package's size × ${perKB.toFixed(3)} ms per KB, the slope of init against size over every bundle of this run`}):`;
}

function throughputRows(results: BenchResults): Cell[][] {
  return results.throughput.map((row) => [
    row.call,
    row.concurrency,
    row.api.requests,
    row.api.requestsPerSecond,
    ms(row.api.p50Ms),
    ms(row.api.p99Ms),
    row.raw.requestsPerSecond,
    ms(row.raw.p50Ms),
    ms(row.raw.p99Ms),
    row.ratio.toFixed(2),
    `${row.api.mainThreadBusy.toFixed(2)} / ${row.raw.mainThreadBusy.toFixed(2)}${row.api.generatorBusy !== undefined ? ` (load gen ${row.api.generatorBusy.toFixed(2)})` : ''}`,
    row.api.errors + row.raw.errors ? `errors: api ${row.api.errors}, raw ${row.raw.errors}` : '',
  ]);
}

function throughputNotes(results: BenchResults): string[] {
  const notes: string[] = [];
  const purchase = results.throughput.find(
    (row) => row.call === 'POST /transactions/v2/purchase' && row.concurrency === 8,
  );
  const isolated = results.throughput.find(
    (row) => row.call.endsWith('(workers off)') && row.concurrency === 8,
  );
  if (purchase) {
    const aws = Object.entries(purchase.apiAwsMsPerCall)
      .map(([command, msPerCall]) => `${command} ${msPerCall} ms`)
      .join(', ');
    notes.push(
      `Purchase at c=8: the instruction worker each purchase starts made ${purchase.backgroundDynamoRequests} DynamoDB requests during the cell (${purchase.api.requests} purchases), on the same DynamoDB Local and the same event loop as the gateway (fauxqs runs in-process too); time per purchase in AWS calls: ${aws}.`,
    );
  }
  if (isolated)
    notes.push(
      `"(workers off)": the same purchase cells on a stack without SQS event sources (a child process after the main stack stopped): the handler's own cost, as in AWS where the worker runs in its own Lambda. Ratio at c=8: ${isolated.ratio.toFixed(2)}.`,
    );
  return notes;
}

function countRows(results: BenchResults): Cell[][] {
  return results.requestCounts.map((row) => [
    row.call,
    Object.entries(row.perCall)
      .map(([command, count]) => `${count} ${command}`)
      .join(', '),
    `${row.dynamoPerCall} + ${row.sqsPerCall}`,
    `${row.floorDynamo} + ${row.floorSqs}`,
    `${row.dynamoPerCall - row.floorDynamo >= 0 ? '+' : ''}${(row.dynamoPerCall - row.floorDynamo).toFixed(2)} + ${(row.sqsPerCall - row.floorSqs).toFixed(2)}`,
    row.itemsPerTransactWrite ?? '–',
  ]);
}

function pipelineRows(results: BenchResults): Cell[][] {
  const { pipeline: loaded, lightPipeline: light } = results;
  const row = (
    label: string,
    pick: (result: BenchResults['pipeline']) => { p50Ms: number; p99Ms: number; maxMs?: number },
  ): Cell[] => {
    const [a, b] = [pick(loaded), pick(light)];
    return [label, ms(a.p50Ms), ms(a.p99Ms), ms(a.maxMs), ms(b.p50Ms), ms(b.p99Ms)];
  };
  return [
    row(
      `purchase sent → GET shows the instruction, minus the ${loaded.instructionDelayMs} ms sandbox delay`,
      (result) => result.instructionOverDelay,
    ),
    row('↳ server side: instruction written − createdAt − delay', (result) => result.fillOverDelay),
    row('sandbox pay sent → webhook received', (result) => result.webhook),
    row('↳ pay sent → cashin.paid event created (payment job picked up)', (result) => result.payToEvent),
    row('↳ event created → webhook received', (result) => result.eventToWebhook),
    row(
      'queue pickup on an idle probe queue (send → worker called)',
      (result) => result.probePickup ?? { p50Ms: Number.NaN, p99Ms: Number.NaN },
    ),
  ];
}

function pipelineNotes(results: BenchResults): string[] {
  const { pipeline } = results;
  const perTx = Object.entries(pipeline.backgroundPerTransaction)
    .map(([command, count]) => `${count} ${command}`)
    .join(', ');
  const means = Object.entries(pipeline.backgroundDynamoMeanMs)
    .map(([command, mean]) => `${command.replace('dynamodb.', '')} ${mean.toFixed(1)} ms`)
    .join(', ');
  return [
    `Workers' requests per transaction (${pipeline.inFlight} in flight): ${perTx}; plus ${pipeline.getPollsPerTransaction} GET polls per transaction from the bench.`,
    `Mean DynamoDB Local latency of those requests during the run: ${means}.`,
    `Main thread (gateway, handlers, workers, fauxqs, receiver) busy ${Math.round(pipeline.mainThreadBusy * 100)} % of the run; event-loop delay p99 ${ms(pipeline.eventLoopDelay.p99Ms)} ms (${results.lightPipeline.inFlight} in flight: ${Math.round(results.lightPipeline.mainThreadBusy * 100)} %, ${ms(results.lightPipeline.eventLoopDelay.p99Ms)} ms).`,
  ];
}

const bundleHeader = [
  'function',
  'bundle (JS)',
  'vs floor',
  'init ms, as deployed',
  'vs floor',
  'init ms, no source maps',
  'vs floor',
  'budget',
];
const bundleAlign = [false, true, true, true, true, true, true, false];
const throughputHeader = [
  'call',
  'c',
  'n',
  'API req/s',
  'API p50 ms',
  'API p99 ms',
  'raw req/s',
  'raw p50 ms',
  'raw p99 ms',
  'API/raw',
  'main thread busy (API / raw)',
  '',
];
const throughputAlign = [false, true, true, true, true, true, true, true, true, true, true, false];
const countHeader = ['call', 'per call', 'DynamoDB + jobs', 'floor', 'over floor', 'items/TransactWrite'];

export function renderText(results: BenchResults): string {
  const { meta, bundles, pipeline } = results;
  const out: string[] = [];
  out.push(`Benchmark — ${meta.date}`);
  out.push(
    `Machine: ${meta.machine.cpu}, ${meta.machine.cores} cores, ${meta.machine.ramGiB} GiB RAM, ${meta.machine.platform}/${meta.machine.arch}; Node ${meta.node}; load average ${meta.loadAverage.atStart} at start, ${meta.loadAverage.atEnd} at end; took ${meta.durationSeconds} s`,
  );
  out.push('');
  out.push(
    `1. Bundle size and cold init (budget: ≤ ${bundles.budget.sizeRatio}× the floor's size, ≤ ${bundles.budget.initRatio}× its init)`,
  );
  out.push(
    `   esbuild with the CDK stack's options (node24, ESM, mainFields module,main, minify, source map without sources, createRequire banner, AWS SDK bundled); init = import() of index.mjs in a fresh ${meta.node} process, median of ${bundles.rounds}, as deployed (${bundles.nodeOptions.join(' ')}; the budget applies to this) and without source maps; the floor creates its client at module scope (counted), the functions create theirs on first use.`,
  );
  out.push(textTable(bundleHeader, bundleRows(results), bundleAlign));
  const over = overBudgetLines(results);
  out.push(
    over.length
      ? `Over budget, largest packages beyond the floor:\n${over.map((line) => `  - ${line}`).join('\n')}`
      : 'Every function is within budget.',
  );
  if (over.length) {
    out.push(`   ${reasonsNote(results)}`);
    out.push(textTable(reasonHeader, reasonRows(results)));
  }
  out.push('');
  out.push(
    '2. Throughput through the local gateway vs the same DynamoDB work sent directly (raw), keep-alive HTTP',
  );
  out.push(textTable(throughputHeader, throughputRows(results), throughputAlign));
  out.push(`   Target: API/raw ≥ 0.55 (read), ≥ 0.5 (writes) at c=8 — ${results.verdicts.throughputAtC8}`);
  for (const line of throughputNotes(results)) out.push(`   ${line}`);
  out.push('');
  const light = results.lightPipeline;
  out.push(
    `3. Pipeline latency: ${pipeline.transactions} transactions with ${pipeline.inFlight} in flight (${pipeline.failed} failed), and ${light.transactions} with ${light.inFlight} in flight (${light.failed} failed); GET polled every ${pipeline.pollIntervalMs} ms from shortly before the instruction can exist`,
  );
  out.push(
    textTable(
      [
        'measure',
        `${pipeline.inFlight} in flight p50`,
        'p99',
        'max',
        `${light.inFlight} in flight p50`,
        'p99',
      ],
      pipelineRows(results),
      [false, true, true, true, true, true],
    ),
  );
  out.push(
    `   Target: p99 < 1000 ms at ${pipeline.inFlight} in flight — instruction: ${results.verdicts.instructionP99}; webhook: ${results.verdicts.webhookP99}`,
  );
  for (const line of pipelineNotes(results)) out.push(`   ${line}`);
  if (pipeline.firstFailure) out.push(`   first failure: ${pipeline.firstFailure}`);
  out.push('');
  if (results.pixFaultRecovery) {
    out.push('3b. The Pix instruction after one PSP fault');
    out.push(renderPixFaultText(results.pixFaultRecovery, results.verdicts.pixAfterFaultP99 ?? ''));
    out.push('');
  }
  if (results.checkoutPage) {
    out.push("3c. The hosted checkout's first load");
    out.push(renderCheckoutPageText(results.checkoutPage));
    out.push('');
  }
  out.push("4. AWS requests per API call (warm caches; counted by SDK middleware on the service's clients)");
  out.push(textTable(countHeader, countRows(results)));
  for (const note of results.notes.requestCounts) out.push(`   - ${note}`);
  out.push('');
  out.push(`5. ${renderCostText(results.costModel)}`);
  if (results.limiterContention) {
    out.push('');
    out.push(`6. ${renderLimiterText(results.limiterContention)}`);
  }
  if (results.searchExport) {
    out.push('');
    out.push(`7. ${renderSearchExportText(results.searchExport)}`);
  }
  return out.join('\n');
}

/** The hand-written section of docs/benchmarks.md that a new run keeps. */
export const notesSectionName = 'notes';

/**
 * docs/benchmarks.md: the latest run's figures, the commit and machine they came from, the cost
 * model between its markers (`npm run bench:cost` replaces it alone) and `keptNotes`, the
 * hand-written reading of the figures carried over from the file this run replaces.
 */
export function renderMarkdown(results: BenchResults, keptNotes?: string): string {
  const { meta, bundles, pipeline } = results;
  const out: string[] = [];
  out.push('# Benchmarks');
  out.push('');
  out.push(
    '<!-- Generated by `npm run bench` (test/bench/bench.ts): re-run it rather than editing the figures. `npm run bench:cost`, `npm run bench:limiter` and `npm run bench:search` regenerate the cost, limiter and search sections alone; the notes section at the end is hand-written and kept. -->',
  );
  out.push('');
  const command = meta.command.replace(/\s*--markdown\s+\S+/, '').replace(/ --$/, '');
  const where = meta.provenance
    ? provenanceLine(meta.provenance)
    : `${meta.machine.cpu}, ${meta.machine.cores} cores, ${meta.machine.ramGiB} GiB RAM, Node ${meta.node}`;
  out.push(
    `Latest run: \`${command}\` on ${meta.date.slice(0, 10)}, ${where}; it took ${meta.durationSeconds} s (load average ${meta.loadAverage.atStart} at the start, ${meta.loadAverage.atEnd} at the end).`,
  );
  out.push('');
  out.push(
    "`npm run bench` (`-- --quick` for a smaller sample, which leaves this file alone; `-- --markdown <file>` writes elsewhere) starts DynamoDB Local, fauxqs, the local gateway and the SQS event sources in its own process, measures, stops them, prints these tables, writes `bench-results.json` (git-ignored) and this file. These are figures of the local stack on one small machine, not of AWS: each is set against a floor or the database's own limit measured in the same run. Re-run it to see regressions.",
  );
  out.push('');
  out.push(`## Bundle size and cold init per function`);
  out.push('');
  out.push(
    `Bundled with esbuild using the CDK stack's options (node24, ESM, minified, source map, createRequire banner, AWS SDK bundled). Init is the \`import()\` of the bundle in a fresh Node process, median of ${bundles.rounds}, as deployed (\`${bundles.nodeOptions.join(' ')}\`) and without source maps; no network call is timed. The floor is a function that only creates a DynamoDB document client (at module scope, so its init includes that) and sends one GetCommand; the functions create their clients on first use. Budget: ≤ ${bundles.budget.sizeRatio}× the floor's size and ≤ ${bundles.budget.initRatio}× its init (as deployed).`,
  );
  out.push('');
  out.push(markdownTable(bundleHeader, bundleRows(results), bundleAlign));
  const over = overBudgetLines(results);
  if (over.length) {
    out.push('');
    out.push('Over budget (largest packages beyond the floor):');
    out.push('');
    for (const line of over) out.push(`- ${line}`);
    out.push('');
    out.push(reasonsNote(results));
    out.push('');
    out.push(markdownTable(reasonHeader, reasonRows(results)));
  }
  out.push('');
  out.push('## Throughput: API vs the database alone');
  out.push('');
  out.push(
    'Each call through the local gateway (keep-alive HTTP, load generator in a worker thread) next to the same DynamoDB work sent directly with the SDK: a purchase is one TransactWrite of four items (the transaction, the service-wide reservation of its id, its externalId and the hour’s counters), a product create one TransactWrite of two items (product + externalId), a read one GetItem and, for a transaction that owes the payer e-mails, the Query of their statuses. Target: API/raw ≥ 0.55 for the read and ≥ 0.5 for the writes at concurrency 8.',
  );
  out.push('');
  out.push(
    markdownTable(
      throughputHeader.slice(0, -1),
      throughputRows(results).map((row) => row.slice(0, -1)),
      throughputAlign,
    ),
  );
  out.push('');
  for (const line of throughputNotes(results)) out.push(`- ${line}`);
  out.push('');
  out.push('## Pipeline latency');
  out.push('');
  const light = results.lightPipeline;
  out.push(
    `${pipeline.transactions} transactions with ${pipeline.inFlight} in flight (the target applies here) and ${light.transactions} with ${light.inFlight} in flight; SANDBOX_INSTRUCTION_DELAY_MS=${pipeline.instructionDelayMs} (the default), subtracted; GET polled every ${pipeline.pollIntervalMs} ms. Target: p99 < 1 s.`,
  );
  out.push('');
  out.push(
    markdownTable(
      [
        'measure',
        `${pipeline.inFlight} in flight p50 ms`,
        'p99 ms',
        'max ms',
        `${light.inFlight} in flight p50 ms`,
        'p99 ms',
      ],
      pipelineRows(results),
      [false, true, true, true, true, true],
    ),
  );
  out.push('');
  for (const line of pipelineNotes(results)) out.push(`- ${line}`);
  out.push('');
  if (results.pixFaultRecovery) {
    out.push(renderPixFaultMarkdown(results.pixFaultRecovery, results.verdicts.pixAfterFaultP99 ?? ''));
    out.push('');
  }
  if (results.checkoutPage) {
    out.push(renderCheckoutPageMarkdown(results.checkoutPage));
    out.push('');
  }
  out.push('## AWS requests per API call');
  out.push('');
  out.push(markdownTable(countHeader, countRows(results)));
  out.push('');
  for (const note of results.notes.requestCounts) out.push(`- ${note}`);
  out.push('');
  const costRun = meta.provenance ? { command, date: meta.date, provenance: meta.provenance } : undefined;
  if (results.limiterContention) {
    out.push(section(limiterSectionName, renderLimiterMarkdown(results.limiterContention)));
    out.push('');
  }
  if (results.searchExport) {
    out.push(section(searchExportSectionName, renderSearchExportMarkdown(results.searchExport)));
    out.push('');
  }
  out.push(section(costSectionName, renderCostMarkdown(results.costModel, costRun)));
  if (keptNotes) {
    out.push('');
    out.push(keptNotes);
  }
  return `${out.join('\n')}\n`;
}
