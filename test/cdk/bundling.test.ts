// The deployable path: every function of the dev stage (the one with all routes) bundled with
// the options the stack gives NodejsFunction, then loaded in Node.js 24 the way the Lambda runtime
// loads `index.handler`.
//
// All functions are bundled in one esbuild build (one process, not one per function); one
// function is also bundled by CDK itself, and its bundle must be byte for byte the one the single
// build made: that proves the single build is what `cdk deploy` uploads.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceFunction } from '../../infra/constructs/function-factory.ts';
import { repoRoot } from '../../infra/paths.ts';
import { newServiceApp } from '../../infra/service-app.ts';
import { redocBundle } from '../../shared/route-def.ts';
import { getApiReferenceScript } from '../../shared/routes.ts';
import { lambdaBundleOptions } from '../bench/bundle-options.ts';
import { logicalId, type Synthesized, synth } from './synth.ts';

const run = promisify(execFile);
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
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

/** Runs `work` over `items`, `width` at a time (two cores: more would only queue). */
async function eachLimited<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** Functions' zips as CDK makes them: ServiceFunctions bundled by NodejsFunction, assets included. */
function bundleWithCdk(
  outdir: string,
  probes: ReadonlyArray<{ entry: string; assets?: readonly string[] }>,
): string[] {
  const app = newServiceApp({ outdir });
  const stack = new Stack(app, 'BundlingProbe', { env: { region: 'us-east-1' } });
  const built = probes.map(
    ({ entry, assets }, index) =>
      new ServiceFunction(stack, `Probe${index}`, {
        source: 'bundling test',
        entry,
        description: 'bundled by CDK',
        timeout: Duration.seconds(10),
        memoryMb: 128,
        defaults: {
          environment: {},
          logRetention: RetentionDays.ONE_DAY,
          removalPolicy: RemovalPolicy.DESTROY,
        },
        ...(assets ? { assets } : {}),
      }),
  );
  app.synth();
  const resources = JSON.parse(readFileSync(join(outdir, 'BundlingProbe.template.json'), 'utf8')).Resources;
  return built.map((each) => {
    const code =
      resources[stack.resolve((each.function.node.defaultChild as CfnFunction).logicalId)].Properties.Code;
    return join(outdir, `asset.${(code.S3Key as string).replace(/\.zip$/, '')}`);
  });
}

describe('function bundles', () => {
  let synthesized: Synthesized;
  let outdir: string;
  let bundles: Array<{ key: string; entry: string; dir: string; env: Record<string, string> }>;

  beforeAll(async () => {
    synthesized = synth('dev');
    outdir = mkdtempSync(join(tmpdir(), 'bundles-'));
    bundles = [...synthesized.stack.functions.entries()].map(([key, built]) => {
      const props = synthesized.resources[logicalId(synthesized.stack, built.function)]!.Properties!;
      return {
        key,
        entry: built.entry,
        dir: join(outdir, key.replaceAll(':', '-')),
        env: placeholderEnv(props.Environment.Variables),
      };
    });
    await build({
      ...lambdaBundleOptions,
      metafile: false,
      entryPoints: Object.fromEntries(
        bundles.map(({ key, entry }) => [`${key.replaceAll(':', '-')}/index`, join(repoRoot, entry)]),
      ),
      outdir,
    });
  }, 120_000);
  afterAll(() => {
    synthesized?.cleanup();
    if (outdir) rmSync(outdir, { recursive: true, force: true });
  });

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

  it('load in Node.js 24 and export a handler function', async () => {
    const loader =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the template literal is source code for a child process
      "const m = await import(process.argv[1]); process.stdout.write(`node${process.versions.node.split('.')[0]} ${typeof m.handler}`);";
    const loaded = new Map<string, string>();
    await eachLimited(bundles, 3, async ({ key, dir, env }) => {
      const { stdout } = await run(
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
      loaded.set(key, stdout);
    });
    for (const { key } of bundles) expect(loaded.get(key), key).toBe('node24 function');
  }, 120_000);

  describe('bundled by CDK itself', () => {
    // The reference page's script has assets; the e-mail sender drops code under the bundle's define.
    const probes = [
      { entry: getApiReferenceScript.handler, assets: getApiReferenceScript.assets },
      { entry: 'functions/workers/send-email.ts' },
    ];
    let cdkOut: string;
    let cdkBundles: string[];
    let cdkBundle: string;
    beforeAll(() => {
      cdkOut = mkdtempSync(join(tmpdir(), 'cdk-bundle-'));
      cdkBundles = bundleWithCdk(cdkOut, probes);
      cdkBundle = cdkBundles[0]!;
    }, 60_000);
    afterAll(() => cdkOut && rmSync(cdkOut, { recursive: true, force: true }));

    it('are byte for byte the bundles the single build made for those functions', () => {
      probes.forEach(({ entry }, index) => {
        const mine = bundles.find((each) => each.entry === entry)!;
        // Digests: a differing multi-megabyte line would drown the report.
        expect(digest(join(cdkBundles[index]!, 'index.mjs')), entry).toBe(
          digest(join(mine.dir, 'index.mjs')),
        );
      });
    });

    it("ships a row's assets beside its bundle: the reference page's script is served from the zip", async () => {
      const { env } = bundles.find(({ key }) => key === 'route:getApiReferenceScript')!;
      expect(existsSync(join(cdkBundle, basename(redocBundle)))).toBe(true);
      const invoke =
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the template literal is source code for a child process
        "const { handler } = await import(process.argv[1]); const r = await handler({ version: '2.0', rawPath: '/docs/redoc.standalone.js', headers: {}, requestContext: { requestId: 'r', http: { method: 'GET' } } }, { awsRequestId: 'r' }); process.stdout.write(`${r.statusCode}|${r.headers['content-type']}|${r.body.length}`);";
      // Run from elsewhere, without node_modules in reach: only the copy in the zip can answer.
      const { stdout } = await run(
        process.execPath,
        ['--input-type=module', '-e', invoke, pathToFileURL(join(cdkBundle, 'index.mjs')).href],
        {
          cwd: tmpdir(),
          env: { PATH: process.env.PATH ?? '', AWS_REGION: 'us-east-1', ...env },
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
      // The function's access log line comes first.
      const [status, contentType, length] = stdout.trim().split('\n').at(-1)!.split('|');
      expect([status, contentType], stdout.slice(0, 200)).toEqual(['200', 'text/javascript; charset=utf-8']);
      expect(Number(length)).toBe(readFileSync(join(repoRoot, redocBundle), 'utf8').length);
    });
  });
});
