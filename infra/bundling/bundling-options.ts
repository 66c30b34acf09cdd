// How every function is bundled (NodejsFunction's options). test/bench/bundle-options.ts turns
// these same values into esbuild's, so the benchmark measures what is deployed.
import { join } from 'node:path';
import { LogLevel, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { repoRoot } from '../paths.ts';

/** Lets ESM bundles load CommonJS dependencies that call `require` (e.g. built-ins). */
export const requireBanner =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/** Built-ins imported through `process.getBuiltinModule` instead of as ES modules (cold start). */
export const builtinAliases: Readonly<Record<string, string>> = {
  'node:http': join(repoRoot, 'infra/bundling/node-http.mjs'),
  http: join(repoRoot, 'infra/bundling/node-http.mjs'),
  'node:https': join(repoRoot, 'infra/bundling/node-https.mjs'),
  https: join(repoRoot, 'infra/bundling/node-https.mjs'),
};

export const bundlingOptions = {
  format: OutputFormat.ESM,
  target: 'node24',
  mainFields: ['module', 'main'],
  minify: true,
  sourceMap: true,
  // Mappings only: NODE_OPTIONS=--enable-source-maps needs no sources to name the original lines.
  sourcesContent: false,
  // Bundle the AWS SDK too: pinned versions, tree-shaken, no runtime-provided surprises.
  externalModules: [] as string[],
  banner: requireBanner,
  // Code that only the local stack runs (the SMTP transport) checks this and is left out.
  define: { 'process.env.LAMBDA_BUNDLE': JSON.stringify('true') },
  logLevel: LogLevel.WARNING,
  esbuildArgs: Object.fromEntries(
    Object.entries(builtinAliases).map(([name, file]) => [`--alias:${name}`, file]),
  ),
};
