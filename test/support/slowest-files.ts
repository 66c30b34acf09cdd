// Prints the slowest test files of the last `vitest run` (npm run test:durations [count]);
// `-- --write-order` also writes them as the order the next runs start files in
// (test/support/file-durations-seconds.json, read by longest-first-sequencer.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { type FileDurationsReport, fileDurationsPath } from './file-durations-reporter.ts';

const args = process.argv.slice(2);
const count = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 15);
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
process.stdout.write(`${'total'.padStart(8)} ${'import'.padStart(8)} ${'hooks+tests'.padStart(12)}  file\n`);
for (const file of report.files.slice(0, count)) {
  const failed = file.state === 'passed' ? '' : `  (${file.state})`;
  process.stdout.write(
    `${seconds(file.totalMs)} ${seconds(file.importMs)} ${seconds(file.hooksAndTestsMs).padStart(12)}  ${file.file}${failed}\n`,
  );
}

if (args.includes('--write-order')) {
  const order = Object.fromEntries(
    [...report.files]
      .sort((a, b) => b.totalMs - a.totalMs)
      .map((file) => [file.file, Math.round(file.totalMs / 100) / 10]),
  );
  writeFileSync('test/support/file-durations-seconds.json', `${JSON.stringify(order, null, 2)}\n`);
  process.stdout.write(
    `wrote the order of ${report.files.length} files to test/support/file-durations-seconds.json\n`,
  );
}
