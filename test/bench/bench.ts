// `npm run bench`: bundle size and cold init per function, API throughput against DynamoDB
// Local's own limit, pipeline latency, AWS requests per API call, the rate limiter under a flood
// (alone: `npm run bench:limiter`), search and export on a 10,000-transaction account (alone:
// `npm run bench:search`), and the cost per paid transaction (test/bench/cost-model;
// alone: `npm run bench:cost`). Starts and stops the
// local stack itself, prints a table to stdout (progress to stderr) and writes
// bench-results.json and docs/benchmarks.md (the figures, the commit and the machine; its
// hand-written notes section is kept). `-- --markdown <file>` writes the markdown elsewhere,
// `-- --no-markdown` writes none; `-- --quick` runs a smaller sample (for trying the script,
// not for figures) and leaves docs/ alone unless `--markdown` names a file.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { repoRoot } from '../../infra/local/repo-root.ts';
import { docsDir, findSection, readIfExists, runProvenance, writeDoc } from '../support/generated-docs.ts';
import { apiScope, type BenchStack, instructionDelayMs, stackEnv, startBenchStack } from './bench-stack.ts';
import { explainExcess, initMsPerByte } from './bundle-excess-reasons.ts';
import { deployedNodeOptions } from './bundle-options.ts';
import {
  type BundleResult,
  bundleOne,
  excessOverFloor,
  floorEntry,
  functionEntries,
} from './bundle-sizes.ts';
import { checkoutPageVerdict } from './checkout-page-report.ts';
import type { CheckoutPageWeight } from './checkout-page-weight.ts';
import { type InitResult, measureInit } from './cold-start.ts';
import { runCostModel } from './cost-model/cost-model.ts';
import { floodSettings } from './limiter-contention.ts';
import { measureLimiterFlood } from './limiter-flood.ts';
import { measurePipeline } from './pipeline-latency.ts';
import { type PixFaultRecovery, pixAfterFaultVerdict } from './pix-fault-recovery.ts';
import { collectPickupLags } from './probe-worker.ts';
import { notesSectionName, renderMarkdown, renderText } from './report.ts';
import { measureRequestCounts } from './request-counts.ts';
import type { BenchResults, BundleRow } from './results.ts';
import { measureSearchAndExport } from './search-export.ts';
import { round } from './stats.ts';
import { measureThroughput, type ThroughputRow, throughputTarget, waitForQuiet } from './throughput.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const markdownAt = args.includes('--markdown')
  ? resolve(args[args.indexOf('--markdown') + 1]!)
  : quick || args.includes('--no-markdown')
    ? undefined
    : resolve(docsDir, 'benchmarks.md');
const provenance = runProvenance();

const settings = {
  budget: { sizeRatio: 1.15, initRatio: 1.15 },
  initRounds: quick ? 3 : 10,
  concurrencies: [1, 8, 32],
  requestsAt: (concurrency: number) => (quick ? 60 : concurrency === 1 ? 100 : 300),
  timeCapMs: 20_000,
  // Loaded: the figures the targets are judged on. Light: the same path with little else running.
  pipeline: { transactions: quick ? 40 : 240, inFlight: 20, pollIntervalMs: 25 },
  lightPipeline: { transactions: quick ? 10 : 50, inFlight: 5, pollIntervalMs: 25 },
  countedCalls: 20,
  pixFaults: { transactions: quick ? 8 : 40, inFlight: 4 },
};

const progress = (message: string) =>
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

async function measureBundles(): Promise<BenchResults['bundles']> {
  const outRoot = await mkdtemp(join(os.tmpdir(), 'cashin-bench-bundles-'));
  try {
    progress(`bundling ${functionEntries().length} functions and the floor into ${outRoot}`);
    const entries = [floorEntry, ...functionEntries()];
    const bundles: BundleResult[] = [];
    for (let start = 0; start < entries.length; start += 4)
      bundles.push(
        ...(await Promise.all(entries.slice(start, start + 4).map((entry) => bundleOne(entry, outRoot)))),
      );
    const [floor, ...functions] = bundles as [BundleResult, ...BundleResult[]];
    if (!floor.outfile) throw new Error(`the floor did not bundle: ${floor.error}`);
    const files = Object.fromEntries(
      bundles.filter((bundle) => bundle.outfile).map((bundle) => [bundle.name, bundle.outfile!]),
    );
    progress(
      `cold init as deployed (${deployedNodeOptions.join(' ')}): ${Object.keys(files).length} bundles × ${settings.initRounds} fresh processes`,
    );
    const init = await measureInit(files, settings.initRounds, {
      nodeOptions: deployedNodeOptions,
      onRound: (done) => progress(`cold init: round ${done}/${settings.initRounds}`),
    });
    progress(
      `cold init without source maps: ${Object.keys(files).length} bundles × ${settings.initRounds} fresh processes`,
    );
    const initPlain = await measureInit(files, settings.initRounds, {
      onRound: (done) => progress(`cold init, no source maps: round ${done}/${settings.initRounds}`),
    });
    const resultOf = (measured: typeof init, name: string) =>
      measured[name] && 'medianImportMs' in measured[name] ? (measured[name] as InitResult) : undefined;
    const floorInit = resultOf(init, floor.name);
    const floorPlain = resultOf(initPlain, floor.name);
    if (!floorInit || !floorPlain)
      throw new Error(`the floor did not start: ${JSON.stringify(init[floor.name])}`);

    const initPoints = bundles.flatMap((bundle) => {
      const measured = resultOf(init, bundle.name);
      return measured && bundle.jsBytes ? [{ bytes: bundle.jsBytes, ms: measured.medianImportMs }] : [];
    });
    const msPerByte = initMsPerByte(initPoints);
    const explain = (bundle: BundleResult, initMs: number | undefined) => {
      const { explained, unexplained, sizeCovered } = explainExcess(bundle, floor, settings.budget.sizeRatio);
      const explainedBytes = explained.reduce((sum, entry) => sum + entry.bytes, 0);
      const initCovered =
        initMs === undefined ||
        initMs - explainedBytes * msPerByte <= settings.budget.initRatio * floorInit.medianImportMs;
      return { explained, unexplained, sizeCovered, initCovered };
    };
    const row = (bundle: BundleResult, isFloor = false): BundleRow => {
      const { outfile: _outfile, ...rest } = bundle;
      const bundleInit = resultOf(init, bundle.name);
      const bundlePlain = resultOf(initPlain, bundle.name);
      const initError =
        init[bundle.name] && 'error' in init[bundle.name]!
          ? (init[bundle.name] as { error: string }).error
          : undefined;
      const sizeRatio = bundle.jsBytes !== undefined ? round(bundle.jsBytes / floor.jsBytes!, 2) : undefined;
      const initRatio = bundleInit
        ? round(bundleInit.medianImportMs / floorInit.medianImportMs, 2)
        : undefined;
      const initPlainRatio = bundlePlain
        ? round(bundlePlain.medianImportMs / floorPlain.medianImportMs, 2)
        : undefined;
      const exceeds = isFloor
        ? []
        : [
            ...(sizeRatio !== undefined && sizeRatio > settings.budget.sizeRatio ? ['size'] : []),
            ...(initRatio !== undefined && initRatio > settings.budget.initRatio ? ['init'] : []),
          ];
      return {
        ...rest,
        ...(initError && !rest.error ? { error: `init failed: ${initError}` } : {}),
        ...(bundleInit ? { init: bundleInit } : {}),
        ...(bundlePlain ? { initPlain: bundlePlain } : {}),
        ...(sizeRatio !== undefined ? { sizeRatio } : {}),
        ...(initRatio !== undefined ? { initRatio } : {}),
        ...(initPlainRatio !== undefined ? { initPlainRatio } : {}),
        exceeds,
        topExcess: exceeds.length ? excessOverFloor(bundle, floor) : [],
        ...(exceeds.length ? { explanation: explain(bundle, bundleInit?.medianImportMs) } : {}),
      };
    };
    return {
      budget: settings.budget,
      rounds: settings.initRounds,
      initMsPerKB: round(msPerByte * 1024, 3),
      nodeOptions: deployedNodeOptions,
      floor: row(floor, true),
      functions: functions.map((bundle) => row(bundle)),
    };
  } finally {
    await rm(outRoot, { recursive: true, force: true });
  }
}

function requestCountNotes(rows: BenchResults['requestCounts']): string[] {
  return rows.flatMap((row) => [
    `${row.call}: ${row.note}`,
    ...(row.extraAttemptsPerCall > 0
      ? [`${row.call}: ${row.extraAttemptsPerCall} retried HTTP attempts per call.`]
      : []),
  ]);
}

/** The purchase cells on a stack with its workers off, in a child process (see purchase-without-workers.ts). */
function purchaseWithoutWorkers(): Promise<ThroughputRow[]> {
  const argv = [
    String(settings.requestsAt(1)),
    String(settings.requestsAt(8)),
    ...settings.concurrencies.map(String),
  ];
  const script = resolve(import.meta.dirname, 'purchase-without-workers.ts');
  return new Promise((done, reject) => {
    const child = execFile(
      process.execPath,
      [script, ...argv],
      { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024, timeout: 180_000 },
      (error, stdout) => {
        if (error) reject(new Error(`purchase without workers: ${error.message}`));
        else done(JSON.parse(stdout) as ThroughputRow[]);
      },
    );
    child.stderr?.pipe(process.stderr);
  });
}

/** The hosted checkout's first load, on a stack of its own with Chromium, in a child process. */
function checkoutPageWeight(): Promise<CheckoutPageWeight[]> {
  const script = resolve(import.meta.dirname, 'checkout-page-weight.ts');
  return new Promise((done, reject) => {
    const child = execFile(
      process.execPath,
      [script],
      { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024, timeout: 180_000 },
      (error, stdout) => {
        if (error) reject(new Error(`checkout page weight: ${error.message}`));
        else done(JSON.parse(stdout) as CheckoutPageWeight[]);
      },
    );
    child.stderr?.pipe(process.stderr);
  });
}

/** The Pix instruction after one PSP fault, on an API Pix stack of its own, in a child process. */
function pixFaultRecovery(): Promise<PixFaultRecovery> {
  const script = resolve(import.meta.dirname, 'pix-fault-recovery.ts');
  const argv = [String(settings.pixFaults.transactions), String(settings.pixFaults.inFlight)];
  return new Promise((done, reject) => {
    const child = execFile(
      process.execPath,
      [script, ...argv],
      { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024, timeout: 600_000 },
      (error, stdout) => {
        if (error) reject(new Error(`Pix fault recovery: ${error.message}`));
        else done(JSON.parse(stdout) as PixFaultRecovery);
      },
    );
    child.stderr?.pipe(process.stderr);
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const date = new Date().toISOString();
  const loadAtStart = os.loadavg()[0]!;
  const bundles = await measureBundles();

  progress('starting the local stack (DynamoDB Local, fauxqs, gateway, event sources)');
  let bench: BenchStack | undefined;
  const interrupted = () => {
    void (bench?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    bench = await startBenchStack({
      extraQueues: [{ name: 'bench-probe', worker: 'test/bench/probe-worker.ts' }],
    });
    const { stack, counter, api, load } = bench;
    const probeQueueUrl = stack.extraQueues['bench-probe']!.url;
    const pickup = collectPickupLags();
    const probe = {
      lagsMs: pickup.lagsMs,
      send: async () => {
        await stack.sqs.send(new SendMessageCommand({ QueueUrl: probeQueueUrl, MessageBody: '{}' }));
      },
    };
    const runId = `bench-${Date.now().toString(36)}`;

    // This process's store code points at the stack's DynamoDB: the limiter instances write there.
    const limiterContention = await measureLimiterFlood(
      quick ? { ...floodSettings, durationMs: 2000 } : floodSettings,
      progress,
    );

    progress('request counts per API call');
    const requestCounts = await measureRequestCounts(api, counter, apiScope, runId, settings.countedCalls);

    const throughput = await measureThroughput(api, {
      concurrencies: settings.concurrencies,
      requestsAt: settings.requestsAt,
      timeCapMs: settings.timeCapMs,
      dynamoEndpoint: stack.dynamoEndpoint,
      tableName: stack.tableName,
      load,
      counter,
      runId,
      apiScope,
      progress,
    });

    await waitForQuiet(counter, 2500, 10_000);
    progress(
      `pipeline: ${settings.pipeline.transactions} transactions, ${settings.pipeline.inFlight} in flight`,
    );
    const pipeline = await measurePipeline(api, {
      ...settings.pipeline,
      instructionDelayMs,
      progress,
      counter,
      probe,
    });
    await waitForQuiet(counter, 2500, 10_000);
    progress(
      `pipeline, light load: ${settings.lightPipeline.transactions} transactions, ${settings.lightPipeline.inFlight} in flight`,
    );
    const lightPipeline = await measurePipeline(api, {
      ...settings.lightPipeline,
      instructionDelayMs,
      progress,
      counter,
      probe,
    });
    pickup.close();

    progress(`search and export: ${quick ? 1_500 : 10_000} transactions in an account of their own`);
    const searchExport = await measureSearchAndExport(api.baseUrl, quick ? 1_500 : 10_000, progress);

    await bench.stop();
    bench = undefined;
    progress('stack stopped; purchase cells again with the workers off, in a child process');
    const withoutWorkers = await purchaseWithoutWorkers();
    progress('the Pix instruction after one PSP fault: an API Pix stack of its own, in a child process');
    const pixFaults = await pixFaultRecovery();
    progress("the hosted checkout's first load: a stack of its own and Chromium, in a child process");
    const checkoutPage = await checkoutPageWeight();
    progress('cost per paid transaction: the handlers on a simulated clock, in child processes');
    const costModel = await runCostModel({ transactionsPerScenario: quick ? 1 : 3, progress });

    const atC8 = throughput.filter((row) => row.concurrency === 8);
    const worstC8 = atC8.reduce((worst, row) => (row.ratio < worst.ratio ? row : worst), atC8[0]!);
    const overBudget = bundles.functions.filter((row) => row.exceeds.length).map((row) => row.name);
    const cpus = os.cpus();
    const results: BenchResults = {
      meta: {
        date,
        command: `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`,
        node: process.version,
        provenance,
        machine: {
          cpu: cpus[0]?.model ?? 'unknown',
          cores: cpus.length,
          ramGiB: round(os.totalmem() / 1024 ** 3, 1),
          platform: os.platform(),
          arch: os.arch(),
        },
        durationSeconds: Math.round((Date.now() - started) / 1000),
        loadAverage: { atStart: round(loadAtStart, 2), atEnd: round(os.loadavg()[0]!, 2) },
        stackEnv,
      },
      bundles,
      throughput: [...throughput, ...withoutWorkers],
      pipeline,
      lightPipeline,
      pixFaultRecovery: pixFaults,
      requestCounts,
      checkoutPage,
      costModel,
      limiterContention,
      searchExport,
      verdicts: {
        bundles: overBudget.length ? `missed by ${overBudget.join(', ')}` : 'met by every function',
        throughputAtC8: atC8.every((row) => row.ratio >= throughputTarget(row.call))
          ? `met (lowest ${worstC8.ratio.toFixed(2)}, ${worstC8.call})`
          : `missed: ${atC8
              .filter((row) => row.ratio < throughputTarget(row.call))
              .map((row) => `${row.call} ${row.ratio.toFixed(2)}`)
              .join(', ')}`,
        instructionP99:
          pipeline.instructionOverDelay.p99Ms < 1000
            ? `met (${pipeline.instructionOverDelay.p99Ms} ms)`
            : `missed (${pipeline.instructionOverDelay.p99Ms} ms)`,
        webhookP99:
          pipeline.webhook.p99Ms < 1000
            ? `met (${pipeline.webhook.p99Ms} ms)`
            : `missed (${pipeline.webhook.p99Ms} ms)`,
        pixAfterFaultP99: pixAfterFaultVerdict(pixFaults),
        checkoutPage: checkoutPageVerdict(checkoutPage),
      },
      notes: { requestCounts: requestCountNotes(requestCounts) },
    };
    writeFileSync(resolve(repoRoot, 'bench-results.json'), `${JSON.stringify(results, null, 2)}\n`);
    if (markdownAt) {
      const notes = findSection(readIfExists(markdownAt) ?? '', notesSectionName);
      writeDoc(markdownAt, renderMarkdown(results, notes));
    }
    process.stdout.write(`${renderText(results)}\n`);
    progress(
      `wrote bench-results.json${markdownAt ? ` and ${markdownAt}` : ''} (${results.meta.durationSeconds} s)`,
    );
  } finally {
    await bench?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? error}\n`);
    process.exit(1);
  },
);
