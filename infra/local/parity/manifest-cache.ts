// Building the CDK app takes a couple of seconds (importing aws-cdk-lib, constructing ~50
// functions); every local stack start would pay it. The manifest depends only on the code that
// builds the stack, the installed packages and the local stage's options, so it is kept on disk
// under a hash of exactly those, and any change to them builds it anew.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../repo-root.ts';
import type { FunctionManifest, LocalStageOptions } from './function-manifest.ts';

const cacheDir = join(repoRoot, 'node_modules', '.cache', 'local-parity');
/** What the synthesized stack is made from (the handlers' own code is not part of it). */
const sources = ['infra', 'shared'];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

export function manifestKey(options: LocalStageOptions): string {
  const hash = createHash('sha256').update(JSON.stringify(options));
  for (const file of [
    ...sources.flatMap((folder) => sourceFiles(join(repoRoot, folder))).sort(),
    join(repoRoot, 'package-lock.json'),
  ])
    hash.update(relative(repoRoot, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 32);
}

export async function cachedFunctionManifest(options: LocalStageOptions): Promise<FunctionManifest> {
  const file = join(cacheDir, `${manifestKey(options)}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as FunctionManifest;
  // Imported only on a miss: aws-cdk-lib is most of the cost.
  const { buildFunctionManifest } = await import('./function-manifest.ts');
  const manifest = buildFunctionManifest(options);
  mkdirSync(cacheDir, { recursive: true });
  // Written aside and renamed, so a stack starting at the same time never reads half a file.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(manifest));
  renameSync(partial, file);
  return manifest;
}
