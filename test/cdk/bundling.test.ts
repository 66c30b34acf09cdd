// The deployable path: every function of the dev stage (the one with all routes) bundled by
// the local esbuild, exactly as `cdk deploy` uploads it, then loaded in Node.js 24 the way the
// Lambda runtime loads `index.handler`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/paths.ts';
import { redocBundle } from '../../shared/route-def.ts';
import { bundlingTimeoutMs, logicalId, type Synthesized, synth } from './synth.ts';

const requireFromRepo = createRequire(join(repoRoot, 'package.json'));
/** Installed, so it should have been bundled (the SDK probes optional, uninstalled modules such as @aws-sdk/signature-v4-crt). */
function installed(name: string): boolean {
  try {
    requireFromRepo.resolve(name);
    return true;
  } catch {
    return false;
  }
}

const banner = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/** Environment values for loading a bundle outside AWS: CloudFormation references become placeholders. */
function placeholderEnv(variables: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [
      name,
      typeof value === 'string'
        ? value
        : name.endsWith('_URL')
          ? `https://${name.toLowerCase().replaceAll('_', '-')}.example.com`
          : `placeholder-${name.toLowerCase()}`,
    ]),
  );
}

describe('function bundles', () => {
  let synthesized: Synthesized;
  let bundles: Array<{ key: string; dir: string; env: Record<string, string> }>;

  beforeAll(() => {
    synthesized = synth('dev', { bundle: true });
    bundles = [...synthesized.stack.functions.entries()].map(([key, built]) => {
      const props = synthesized.resources[logicalId(synthesized.stack, built.function)]!.Properties!;
      const hash = (props.Code.S3Key as string).replace(/\.zip$/, '');
      return {
        key,
        dir: join(synthesized.outdir, `asset.${hash}`),
        env: placeholderEnv(props.Environment.Variables),
      };
    });
  }, bundlingTimeoutMs);
  afterAll(() => synthesized?.cleanup());

  it('are minified ESM with the createRequire banner, a source map, and the AWS SDK inside', () => {
    expect(bundles.length).toBe(synthesized.stack.functions.size);
    for (const { key, dir } of bundles) {
      const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
      expect(code.startsWith(banner), key).toBe(true);
      expect(existsSync(join(dir, 'index.mjs.map')), key).toBe(true);
      expect(code, key).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
      // Nothing left to load from node_modules at run time (there is none in the zip).
      const bareImports = [
        ...code.matchAll(/(?:from\s*|import\s*\(\s*|require\(\s*)["']([^"'./][^"']*)["']/g),
      ]
        .map((match) => match[1]!)
        .filter((name) => !isBuiltin(name));
      expect(bareImports.filter(installed), key).toEqual([]);
      // node:http and node:https come through process.getBuiltinModule (infra/bundling), not an ES import.
      expect(code, key).not.toMatch(/from\s*["'](node:)?https?["']/);
      expect(code, key).toContain('process.getBuiltinModule("node:http")');
      // Minified: long lines (only template literals keep their line breaks).
      expect(code.length / code.split('\n').length, `${key} is minified`).toBeGreaterThan(500);
    }
  });

  it('load in Node.js 24 and export a handler function', () => {
    const loader =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the template literal is source code for a child process
      "const m = await import(process.argv[1]); process.stdout.write(`node${process.versions.node.split('.')[0]} ${typeof m.handler}`);";
    for (const { key, dir, env } of bundles) {
      const output = execFileSync(
        process.execPath,
        [
          '--enable-source-maps',
          '--input-type=module',
          '-e',
          loader,
          pathToFileURL(join(dir, 'index.mjs')).href,
        ],
        {
          env: { PATH: process.env.PATH ?? '', AWS_REGION: 'us-east-1', ...env },
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
      expect(output, key).toBe('node24 function');
    }
  });

  it("ships a row's assets beside its bundle: the reference page's script is served from the zip", () => {
    const { dir, env } = bundles.find(({ key }) => key === 'route:getApiReferenceScript')!;
    expect(existsSync(join(dir, basename(redocBundle)))).toBe(true);
    const invoke =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the template literal is source code for a child process
      "const { handler } = await import(process.argv[1]); const r = await handler({ version: '2.0', rawPath: '/docs/redoc.standalone.js', headers: {}, requestContext: { requestId: 'r', http: { method: 'GET' } } }, { awsRequestId: 'r' }); process.stdout.write(`${r.statusCode}|${r.headers['content-type']}|${r.body.length}`);";
    // Run from elsewhere, without node_modules in reach: only the copy in the zip can answer.
    const output = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', invoke, pathToFileURL(join(dir, 'index.mjs')).href],
      {
        cwd: tmpdir(),
        env: { PATH: process.env.PATH ?? '', AWS_REGION: 'us-east-1', ...env },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    // The function's access log line comes first.
    const [status, contentType, length] = output.trim().split('\n').at(-1)!.split('|');
    expect([status, contentType], output.slice(0, 200)).toEqual(['200', 'text/javascript; charset=utf-8']);
    expect(Number(length)).toBe(readFileSync(join(repoRoot, redocBundle), 'utf8').length);
  });
});
