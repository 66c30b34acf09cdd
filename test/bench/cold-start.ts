// Cold init of a bundle: a fresh Node process (this same Node 24 binary) imports it once and
// reports how long the import took, as Lambda's init phase would spend loading the module.
// Only the import is timed, never a network call; clients created at module scope (as the
// floor does) are part of it, clients created lazily on first use (as shared/aws/clients.ts
// does) are not.
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { median, round } from './stats.ts';

const probe = [
  'const started = performance.now();',
  'await import(process.env.BENCH_BUNDLE_URL);',
  'const imported = performance.now();',
  'process.stdout.write(JSON.stringify({ importMs: imported - started, sinceProcessStartMs: imported }));',
].join('\n');

/** What a deployed function finds in its environment; values are placeholders, nothing is called. */
const lambdaLikeEnv: Record<string, string> = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  TABLE_NAME: 'bench-table',
  STAGE: 'bench',
  LOG_LEVEL: 'silent',
  PUBLIC_BASE_URL: 'https://api.example.com',
  IMAGE_BUCKET: 'bench-images',
  IMAGE_BASE_URL: 'https://images.example.com',
  QUEUE_URL_FILL_INSTRUCTION: 'https://sqs.us-east-1.amazonaws.com/000000000000/instructions',
  QUEUE_URL_WATCH_PAYMENT: 'https://sqs.us-east-1.amazonaws.com/000000000000/payments',
  QUEUE_URL_DELIVER_EVENT: 'https://sqs.us-east-1.amazonaws.com/000000000000/webhooks',
  DLQ_URL_DELIVER_EVENT: 'https://sqs.us-east-1.amazonaws.com/000000000000/webhooks-dlq',
};

export interface InitSample {
  importMs: number;
  sinceProcessStartMs: number;
}

export function measureInitOnce(
  bundleFile: string,
  options: { nodeOptions?: string[] } = {},
): Promise<InitSample> {
  const args = [...(options.nodeOptions ?? []), '--input-type=module', '-e', probe];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      {
        env: {
          PATH: process.env.PATH ?? '',
          ...lambdaLikeEnv,
          BENCH_BUNDLE_URL: pathToFileURL(bundleFile).href,
        },
        timeout: 30_000,
      },
      (error, stdout, stderr) => {
        if (error)
          reject(
            new Error(`${bundleFile}: ${stderr.trim().split('\n').slice(-3).join(' ') || error.message}`),
          );
        else resolve(JSON.parse(stdout) as InitSample);
      },
    );
  });
}

export interface InitResult {
  medianImportMs: number;
  minImportMs: number;
  maxImportMs: number;
  medianSinceProcessStartMs: number;
  samples: number;
}

/**
 * Runs `rounds` cold starts of every bundle, one process at a time and interleaved (every
 * bundle once per round), so drift on the machine spreads evenly over all of them.
 */
export async function measureInit(
  bundles: Record<string, string>,
  rounds: number,
  options: { nodeOptions?: string[]; onRound?: (round: number) => void } = {},
): Promise<Record<string, InitResult | { error: string }>> {
  const samples: Record<string, InitSample[]> = Object.fromEntries(
    Object.keys(bundles).map((name) => [name, []]),
  );
  const errors: Record<string, string> = {};
  for (let roundIndex = 0; roundIndex < rounds; roundIndex += 1) {
    for (const [name, file] of Object.entries(bundles)) {
      if (errors[name]) continue;
      try {
        samples[name]!.push(await measureInitOnce(file, options));
      } catch (error) {
        errors[name] = (error as Error).message;
      }
    }
    options.onRound?.(roundIndex + 1);
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, list]) => {
      if (errors[name]) return [name, { error: errors[name] }];
      const imports = list.map((sample) => sample.importMs);
      return [
        name,
        {
          medianImportMs: round(median(imports)),
          minImportMs: round(Math.min(...imports)),
          maxImportMs: round(Math.max(...imports)),
          medianSinceProcessStartMs: round(median(list.map((sample) => sample.sinceProcessStartMs))),
          samples: list.length,
        },
      ];
    }),
  );
}
