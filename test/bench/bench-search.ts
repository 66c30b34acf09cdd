// `npm run bench:search`: only the search and export section of `npm run bench` (search-export.ts),
// on a local stack of its own. Prints the table and replaces its section of docs/benchmarks.md
// (the rest of the file is `npm run bench`'s); `-- --no-markdown` writes none, `-- --quick` seeds
// 1,500 transactions and leaves docs/ alone.
import os from 'node:os';
import { resolve } from 'node:path';
import {
  docsDir,
  provenanceLine,
  readIfExists,
  replaceSection,
  runProvenance,
  section,
  writeDoc,
} from '../support/generated-docs.ts';
import { startBenchStack } from './bench-stack.ts';
import {
  measureSearchAndExport,
  renderSearchExportMarkdown,
  renderSearchExportText,
  searchExportSectionName,
} from './search-export.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const provenance = runProvenance();
const date = new Date().toISOString();
const progress = (message: string) => process.stderr.write(`[bench:search] ${message}\n`);
const loadAtStart = os.loadavg()[0]!.toFixed(1);

const bench = await startBenchStack();
try {
  const result = await measureSearchAndExport(bench.api.baseUrl, quick ? 1_500 : 10_000, progress);
  process.stdout.write(`${renderSearchExportText(result)}\n`);
  if (!quick && !args.includes('--no-markdown')) {
    const command = `npm run bench:search${args.length ? ` -- ${args.join(' ')}` : ''}`;
    const loadAverage = `${loadAtStart} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`;
    const markdown = renderSearchExportMarkdown(result, {
      command,
      date,
      provenance: provenanceLine(provenance),
      loadAverage,
    });
    const benchmarks = resolve(docsDir, 'benchmarks.md');
    const current = readIfExists(benchmarks);
    const replaced =
      current === undefined ? undefined : replaceSection(current, searchExportSectionName, markdown);
    const appended = (current ?? '# Benchmarks\n').replace(
      '<!-- cost-model:start -->',
      `${section(searchExportSectionName, markdown)}\n\n<!-- cost-model:start -->`,
    );
    writeDoc(benchmarks, replaced ?? appended);
    progress(`wrote the search and export section of ${benchmarks}`);
  }
  if (!result.export.sameData) process.exitCode = 1;
} finally {
  await bench.stop();
}
process.exit(process.exitCode ?? 0);
