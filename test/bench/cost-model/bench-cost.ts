// `npm run bench:cost`: only the cost model (both modes, a minute or two). Prints the tables and
// replaces the cost section of docs/benchmarks.md (the rest of the file is `npm run bench`'s);
// `-- --markdown <file>` writes the section to another file instead, `-- --no-markdown` writes
// none, `-- --json <file>` writes the figures, `-- --from <file>` renders figures written before
// instead of running. Runs limited by `--k`, `--rails` or `--modes` leave docs/ alone unless
// `--markdown` names a file.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  docsDir,
  readIfExists,
  replaceSection,
  runProvenance,
  section,
  writeDoc,
} from '../../support/generated-docs.ts';
import { runCostModel } from './cost-model.ts';
import { costSectionName, renderCostMarkdown, renderCostText } from './cost-report.ts';
import type { CostModelResults } from './cost-results.ts';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

const provenance = runProvenance();
const date = new Date().toISOString();
const from = option('--from');
const partial = ['--k', '--rails', '--modes'].some((name) => args.includes(name));
const results: CostModelResults = from
  ? (JSON.parse(readFileSync(resolve(from), 'utf8')) as CostModelResults)
  : await runCostModel({
      ...(option('--k') ? { transactionsPerScenario: Number(option('--k')) } : {}),
      ...(option('--rails') ? { rails: option('--rails')!.split(',') } : {}),
      ...(option('--modes') ? { modes: option('--modes')!.split(',') as Array<'today' | 'declared'> } : {}),
    });
const command = `npm run bench:cost${args.length ? ` -- ${args.join(' ')}` : ''}`
  .replace(/\s*--(markdown|json)\s+\S+/g, '')
  .replace(/ --$/, '');
const markdown = renderCostMarkdown(results, { command, date, provenance });

const markdownAt = option('--markdown');
const jsonAt = option('--json');
if (markdownAt) writeFileSync(resolve(markdownAt), markdown);
else if (!args.includes('--no-markdown') && !partial && !from) {
  const benchmarks = resolve(docsDir, 'benchmarks.md');
  const current = readIfExists(benchmarks);
  const replaced = current === undefined ? undefined : replaceSection(current, costSectionName, markdown);
  // No file yet, or one without the markers: the section goes at its end.
  writeDoc(benchmarks, replaced ?? `${current ?? '# Benchmarks\n'}\n${section(costSectionName, markdown)}\n`);
  process.stderr.write(`wrote the cost section of ${benchmarks}\n`);
}
if (jsonAt) writeFileSync(resolve(jsonAt), `${JSON.stringify(results, null, 2)}\n`);
process.stdout.write(`${renderCostText(results)}\n`);
