// Runs the cost model: each mode in its own child process (the service reads its configuration
// once per process), "today" first (every rail polled per transaction), then "declared" (each
// rail's own reporting), and gathers their figures.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { repoRoot } from '../../../infra/local/repo-root.ts';
import { awsPrices } from './aws-prices.ts';
import type { CostMode, CostModelResults, CostModeResult } from './cost-results.ts';
import { stageFixedCost } from './fixed-cost.ts';

export interface CostModelOptions {
  modes?: readonly CostMode[];
  /** Transactions side by side per scenario (the figures are per transaction). */
  transactionsPerScenario?: number;
  rails?: string[];
  timesToPay?: string[];
  progress?: (message: string) => void;
}

/**
 * What the child inherits: the system's, never the service's settings (the bench sets its own
 * stack's, e.g. PAYMENT_POLL_SCHEDULE, in this process). run-mode.ts sets the service's.
 */
const inheritedEnv = [
  'PATH',
  'HOME',
  'TMPDIR',
  'TMP',
  'TEMP',
  'JAVA_HOME',
  'LANG',
  'LC_ALL',
  'TZ',
  'COST_MODEL_TRACE',
  'COST_MODEL_WAITS',
  'COST_MODEL_TRANSACTION_INDEX_FACTOR',
];

function runMode(mode: CostMode, outFile: string, options: CostModelOptions): Promise<void> {
  const script = resolve(import.meta.dirname, 'run-mode.ts');
  const args = [
    script,
    mode,
    outFile,
    String(options.transactionsPerScenario ?? 3),
    options.rails?.join(',') ?? '',
    options.timesToPay?.join(',') ?? '',
  ];
  return new Promise((done, reject) => {
    const child = execFile(
      process.execPath,
      args,
      {
        cwd: repoRoot,
        maxBuffer: 16 * 1024 * 1024,
        timeout: 600_000,
        env: Object.fromEntries(
          inheritedEnv.flatMap((name) =>
            process.env[name] === undefined ? [] : [[name, process.env[name]]],
          ),
        ),
      },
      (error) => (error ? reject(new Error(`cost model, ${mode}: ${error.message}`)) : done()),
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        options.progress
          ? options.progress(line.replace(/^\[cost [\d:]+\] /, ''))
          : process.stderr.write(`${line}\n`);
    });
  });
}

export async function runCostModel(options: CostModelOptions = {}): Promise<CostModelResults> {
  const started = performance.now();
  const folder = await mkdtemp(join(os.tmpdir(), 'cashin-cost-model-'));
  try {
    const modes: CostModeResult[] = [];
    for (const mode of options.modes ?? (['today', 'declared'] as const)) {
      const outFile = join(folder, `${mode}.json`);
      await runMode(mode, outFile, options);
      modes.push(JSON.parse(await readFile(outFile, 'utf8')) as CostModeResult);
    }
    options.progress?.('fixed cost of an idle stage: dev and prod synthesized');
    const fixedCosts = ['dev', 'prod'].map((stage) => ({ stage, lines: stageFixedCost(stage) }));
    return {
      pricesCheckedOn: awsPrices.checkedOn,
      modes,
      fixedCosts,
      wallSeconds: Math.round((performance.now() - started) / 1000),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
