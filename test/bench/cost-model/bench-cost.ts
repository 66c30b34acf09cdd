// `npm run bench:cost`: only the cost model (both modes, a minute or two). Prints the tables;
// `-- --markdown <file>` also writes the README subsection, `-- --json <file>` the figures,
// `-- --from <file>` renders figures written before instead of running.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runCostModel } from './cost-model.ts';
import { renderCostMarkdown, renderCostText } from './cost-report.ts';
import type { CostModelResults } from './cost-results.ts';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

const from = option('--from');
const results: CostModelResults = from
  ? (JSON.parse(readFileSync(resolve(from), 'utf8')) as CostModelResults)
  : await runCostModel({
      ...(option('--k') ? { transactionsPerScenario: Number(option('--k')) } : {}),
      ...(option('--rails') ? { rails: option('--rails')!.split(',') } : {}),
      ...(option('--modes') ? { modes: option('--modes')!.split(',') as Array<'today' | 'declared'> } : {}),
    });
const markdownAt = option('--markdown');
const jsonAt = option('--json');
if (markdownAt) writeFileSync(resolve(markdownAt), renderCostMarkdown(results));
if (jsonAt) writeFileSync(resolve(jsonAt), `${JSON.stringify(results, null, 2)}\n`);
process.stdout.write(`${renderCostText(results)}\n`);
