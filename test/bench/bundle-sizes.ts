// Bundles every function (route handlers, queue workers, schedules) and the floor function
// the way CDK would upload them, and breaks each bundle down by package from esbuild's metafile.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { repoRoot } from '../../infra/local/repo-root.ts';
import { queues, schedules } from '../../shared/queues.ts';
import { routeList } from '../../shared/route-table.ts';
import { lambdaBundleOptions } from './bundle-options.ts';

export interface FunctionEntry {
  name: string;
  kind: 'route' | 'worker' | 'schedule' | 'floor';
  /** Relative to the repository root. */
  entry: string;
}

export interface BundleResult extends FunctionEntry {
  /** The minified `index.mjs`: what Lambda loads at init. */
  jsBytes?: number;
  /** `index.mjs.map`, uploaded beside it (CDK `sourceMap: true`). */
  mapBytes?: number;
  outfile?: string;
  /** Bytes each package contributes to `index.mjs`. */
  packages?: Record<string, number>;
  /**
   * Packages that `import` node:http or node:https as ESM. Node then builds the built-in's ESM
   * facade, whose export enumeration loads undici (for the lazy WebSocket getters): init time
   * the CommonJS `require('node:http')` of the AWS SDK does not pay.
   */
  esmHttpImporters?: string[];
  error?: string;
}

export const floorEntry: FunctionEntry = {
  name: 'floor (document client + GetCommand)',
  kind: 'floor',
  entry: 'test/bench/floor-function.ts',
};

export function functionEntries(): FunctionEntry[] {
  return [
    ...routeList().map((route) => ({ name: route.name, kind: 'route' as const, entry: route.handler })),
    ...Object.entries(queues).map(([name, queue]) => ({
      name: `worker:${name}`,
      kind: 'worker' as const,
      entry: queue.worker,
    })),
    ...Object.entries(schedules).map(([name, schedule]) => ({
      name: `schedule:${name}`,
      kind: 'schedule' as const,
      entry: schedule.handler,
    })),
  ];
}

/** `node_modules/@aws-sdk/client-sqs/dist-es/x.js` → `@aws-sdk/client-sqs`; project files → their folder. */
export function packageOf(inputPath: string): string {
  const parts = inputPath.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at >= 0) {
    const name = parts[at + 1] ?? '?';
    return name.startsWith('@') ? `${name}/${parts[at + 2] ?? '?'}` : name;
  }
  if (parts[0] === 'shared' || parts[0] === 'functions') return `(project) ${parts.slice(0, 2).join('/')}`;
  return `(project) ${parts[0] ?? inputPath}`;
}

function byPackage(metafile: Metafile, outfile: string): Record<string, number> {
  const output = Object.entries(metafile.outputs).find(([path]) => resolve(repoRoot, path) === outfile)?.[1];
  const totals: Record<string, number> = {};
  for (const [path, input] of Object.entries(output?.inputs ?? {})) {
    const name = packageOf(path);
    totals[name] = (totals[name] ?? 0) + input.bytesInOutput;
  }
  return totals;
}

function esmHttpImporters(metafile: Metafile): string[] {
  const importers = new Set<string>();
  for (const [path, input] of Object.entries(metafile.inputs)) {
    if (
      input.imports.some((entry) => entry.kind === 'import-statement' && /^(node:)?https?$/.test(entry.path))
    )
      importers.add(packageOf(path));
  }
  return [...importers].sort();
}

export async function bundleOne(entry: FunctionEntry, outRoot: string): Promise<BundleResult> {
  const entryPath = resolve(repoRoot, entry.entry);
  if (!existsSync(entryPath)) return { ...entry, error: 'handler module does not exist (yet)' };
  const outdir = join(outRoot, entry.name.replace(/[^A-Za-z0-9_-]+/g, '_'));
  try {
    const result = await build({
      ...lambdaBundleOptions,
      entryPoints: { index: entryPath },
      outdir,
      absWorkingDir: repoRoot,
    });
    const outfile = join(outdir, 'index.mjs');
    const sizeOf = (file: string) =>
      Object.entries(result.metafile.outputs).find(([path]) => resolve(repoRoot, path) === file)?.[1].bytes ??
      0;
    return {
      ...entry,
      outfile,
      jsBytes: sizeOf(outfile),
      mapBytes: sizeOf(`${outfile}.map`),
      packages: byPackage(result.metafile, outfile),
      esmHttpImporters: esmHttpImporters(result.metafile),
    };
  } catch (error) {
    return { ...entry, error: (error as Error).message.split('\n')[0] ?? String(error) };
  }
}

/** The packages that make a bundle bigger than the floor, largest excess first. */
export function excessOverFloor(
  bundle: BundleResult,
  floor: BundleResult,
  top = 3,
): Array<{ name: string; bytes: number }> {
  const names = new Set([...Object.keys(bundle.packages ?? {}), ...Object.keys(floor.packages ?? {})]);
  return [...names]
    .map((name) => ({ name, bytes: (bundle.packages?.[name] ?? 0) - (floor.packages?.[name] ?? 0) }))
    .filter((entry) => entry.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top);
}
