// Adds up the (operation, status) pairs the test processes exercised against those the
// published document lists, and writes test-artifacts/openapi-coverage.json.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { coverageDir, coverageFile, OpenApiConformance } from './openapi-conformance.ts';

export function resetCoverage(): void {
  rmSync(coverageDir, { recursive: true, force: true });
}

export interface CoverageSummary {
  documented: number;
  exercised: number;
  pairs: { exercised: string[]; notExercised: string[] };
}

export function writeCoverage(document: Record<string, unknown>): CoverageSummary {
  const documented = new OpenApiConformance(document).documentedPairs();
  const seen = new Set<string>();
  if (existsSync(coverageDir))
    for (const file of readdirSync(coverageDir))
      for (const line of readFileSync(join(coverageDir, file), 'utf8').split('\n')) if (line) seen.add(line);
  const exercised = documented.filter((pair) => seen.has(pair));
  const summary: CoverageSummary = {
    documented: documented.length,
    exercised: exercised.length,
    pairs: { exercised, notExercised: documented.filter((pair) => !seen.has(pair)) },
  };
  mkdirSync(dirname(coverageFile), { recursive: true });
  writeFileSync(coverageFile, `${JSON.stringify(summary, null, 2)}\n`);
  rmSync(coverageDir, { recursive: true, force: true });
  return summary;
}
