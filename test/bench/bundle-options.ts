// The esbuild options of the CDK stack's NodejsFunction bundles, read from the options the stack
// passes (infra/bundling/bundling-options.ts) and turned into esbuild's, as aws-cdk-lib does
// when it runs `esbuild --bundle --platform=node …`: the benchmark measures what is deployed.
import { OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { bundlingOptions } from '../../infra/bundling/bundling-options.ts';

export { requireBanner } from '../../infra/bundling/bundling-options.ts';

/** `--alias:<name>` arguments back to esbuild's `alias` option; any other argument is not expected. */
function aliasesOf(args: Readonly<Record<string, string | boolean>>): Record<string, string> {
  const alias: Record<string, string> = {};
  for (const [flag, value] of Object.entries(args)) {
    if (!flag.startsWith('--alias:') || typeof value !== 'string')
      throw new Error(`bundle-options: esbuild argument ${flag} is not mapped for the benchmark`);
    alias[flag.slice('--alias:'.length)] = value;
  }
  return alias;
}

export const lambdaBundleOptions = {
  bundle: true,
  platform: 'node',
  target: bundlingOptions.target,
  format: bundlingOptions.format === OutputFormat.ESM ? 'esm' : 'cjs',
  mainFields: bundlingOptions.mainFields,
  minify: bundlingOptions.minify,
  sourcemap: bundlingOptions.sourceMap,
  sourcesContent: bundlingOptions.sourcesContent,
  banner: { js: bundlingOptions.banner },
  define: bundlingOptions.define,
  external: bundlingOptions.externalModules,
  alias: aliasesOf(bundlingOptions.esbuildArgs),
  outExtension: { '.js': '.mjs' },
  metafile: true,
  logLevel: 'silent',
} satisfies BuildOptions;

/** The deployed functions run with NODE_OPTIONS=--enable-source-maps (infra/stack.ts). */
export const deployedNodeOptions = ['--enable-source-maps'];
