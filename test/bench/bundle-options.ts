// The esbuild options the CDK stack's NodejsFunction bundles with (infra/constructs/function-factory.ts:
// format ESM, target node24, mainFields module,main, minify, sourceMap without sourcesContent,
// the createRequire banner, no external modules), as aws-cdk-lib passes them to esbuild:
// `--bundle --platform=node --target=node24 --format=esm --minify --sourcemap
// --sources-content=false --main-fields=module,main --banner:js=…`. Keep the two in step.
import type { BuildOptions } from 'esbuild';

/** Lets ESM bundles load CommonJS dependencies that call `require` (e.g. built-ins). */
export const requireBanner =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

export const lambdaBundleOptions = {
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  mainFields: ['module', 'main'],
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  banner: { js: requireBanner },
  external: [],
  outExtension: { '.js': '.mjs' },
  metafile: true,
  logLevel: 'silent',
} as const satisfies BuildOptions;

/** The deployed functions run with NODE_OPTIONS=--enable-source-maps (infra/stack.ts). */
export const deployedNodeOptions = ['--enable-source-maps'];
