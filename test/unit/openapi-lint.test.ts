// A maintained OpenAPI linter (Redocly CLI, recommended rules) on the generated document.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { repoRoot } from '../../infra/paths.ts';
import { buildOpenApiDocument } from '../../shared/openapi/document.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

it('passes Redocly lint (recommended rules) with no errors', async () => {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(buildOpenApiDocument({ serverUrl: 'https://api.sandbox.cashin.test' })));
  const { stdout } = await run(
    join(repoRoot, 'node_modules/.bin/redocly'),
    ['lint', file, '--format=json', '--extends=recommended'],
    {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr,
  }));
  const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { problems: Problem[] };
  const errors = report.problems.filter((problem) => problem.severity === 'error');
  expect(
    errors.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`),
  ).toEqual([]);
}, 120_000);
