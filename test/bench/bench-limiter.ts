// `npm run bench:limiter`: only the rate limiter's flood scenario (limiter-contention.ts), on a
// DynamoDB Local of its own (in memory). Prints the table and replaces its section of
// docs/benchmarks.md (the rest of the file is `npm run bench`'s); `-- --no-markdown` writes
// none, `-- --quick` runs 2 s instead of 5 and leaves docs/ alone.
import os from 'node:os';
import { resolve } from 'node:path';
import { ensureTable, localCredentials, startDynamoDbLocal } from '../../infra/local/dynamodb-local.ts';
import { resetProcessConfiguration } from '../../shared/config.ts';
import {
  docsDir,
  readIfExists,
  replaceSection,
  runProvenance,
  section,
  writeDoc,
} from '../support/generated-docs.ts';
import { floodSettings } from './limiter-contention.ts';
import { measureLimiterFlood } from './limiter-flood.ts';
import { limiterSectionName, renderLimiterMarkdown, renderLimiterText } from './limiter-report.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const provenance = runProvenance();
const date = new Date().toISOString();
const progress = (message: string) => process.stderr.write(`[bench:limiter] ${message}\n`);
const loadAtStart = os.loadavg()[0]!.toFixed(1);

const dynamo = await startDynamoDbLocal({});
try {
  const tableName = 'bench-limiter';
  await ensureTable(dynamo.endpoint, tableName);
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    LOG_LEVEL: 'silent',
  });
  resetProcessConfiguration();
  const result = await measureLimiterFlood(
    quick ? { ...floodSettings, durationMs: 2000 } : floodSettings,
    progress,
  );
  process.stdout.write(`${renderLimiterText(result)}\n`);
  if (!quick && !args.includes('--no-markdown')) {
    const command = `npm run bench:limiter${args.length ? ` -- ${args.join(' ')}` : ''}`;
    const loadAverage = `${loadAtStart} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`;
    const markdown = renderLimiterMarkdown(result, { command, date, provenance, loadAverage });
    const benchmarks = resolve(docsDir, 'benchmarks.md');
    const current = readIfExists(benchmarks);
    const replaced =
      current === undefined ? undefined : replaceSection(current, limiterSectionName, markdown);
    // No file yet, or one without the markers: the section goes before the cost model's.
    const appended = (current ?? '# Benchmarks\n').replace(
      '<!-- cost-model:start -->',
      `${section(limiterSectionName, markdown)}\n\n<!-- cost-model:start -->`,
    );
    writeDoc(benchmarks, replaced ?? appended);
    progress(`wrote the limiter section of ${benchmarks}`);
  }
} finally {
  await dynamo.stop();
}
process.exit(0);
