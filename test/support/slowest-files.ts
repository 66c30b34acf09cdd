// Prints the slowest test files of the last `vitest run` (npm run test:durations [count]).
import { existsSync, readFileSync } from 'node:fs';
import { type FileDurationsReport, fileDurationsPath } from './file-durations-reporter.ts';

const count = Number(process.argv[2] ?? 15);
if (!existsSync(fileDurationsPath)) {
  process.stderr.write(`${fileDurationsPath} not found: run the tests first (npx vitest run)\n`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(fileDurationsPath, 'utf8')) as FileDurationsReport;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
const summed = report.files.reduce((sum, file) => sum + file.totalMs, 0);

process.stdout.write(
  `${report.files.length} files, ${seconds(summed).trim()} summed, ${seconds(report.wallMs).trim()} wall (run of ${report.startedAt})\n`,
);
process.stdout.write(
  `${'total'.padStart(8)} ${'import'.padStart(8)} ${'hooks+tests'.padStart(12)} ${'ran'.padStart(16)}  file\n`,
);
// When it ran (from the run's start): a long file that starts late is the run's tail.
const span = (file: (typeof report.files)[number]) =>
  file.startedMs === undefined || file.endedMs === undefined
    ? ''
    : `${Math.round(file.startedMs / 1000)}–${Math.round(file.endedMs / 1000)} s`;
for (const file of report.files.slice(0, count)) {
  const failed = file.state === 'passed' ? '' : `  (${file.state})`;
  process.stdout.write(
    `${seconds(file.totalMs)} ${seconds(file.importMs)} ${seconds(file.hooksAndTestsMs).padStart(12)} ${span(file).padStart(16)}  ${file.file}${failed}\n`,
  );
}
