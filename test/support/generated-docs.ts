// Shared by the scripts that write docs/ (`npm run bench`, `npm run bench:cost`, `npm run chaos`):
// where a run happened (machine, Node, git commit) and how a generated file keeps the sections
// another script or a person owns (between `<!-- name:start -->` and `<!-- name:end -->`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { repoRoot } from '../../infra/local/repo-root.ts';

export const docsDir = resolve(repoRoot, 'docs');

export interface RunProvenance {
  /** Short hash of HEAD, or `unknown` outside a git checkout. */
  commit: string;
  /** Uncommitted changes to tracked files when the run started. */
  dirty: boolean;
  os: string;
  cpu: string;
  cores: number;
  ramGiB: number;
  node: string;
}

const git = (...args: string[]): string | undefined => {
  try {
    return execFileSync('git', args, {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
};

export function runProvenance(): RunProvenance {
  const cpus = os.cpus();
  return {
    commit: git('rev-parse', '--short=9', 'HEAD') ?? 'unknown',
    dirty: (git('status', '--porcelain', '--untracked-files=no') ?? '') !== '',
    os: `${os.type()} ${os.release()} (${os.platform()}/${os.arch()})`,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    ramGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
  };
}

/** One line: the commit and the machine a run came from. */
export function provenanceLine(provenance: RunProvenance): string {
  const commit = `commit \`${provenance.commit}\`${provenance.dirty ? ' (with uncommitted changes)' : ''}`;
  return `${commit}; ${provenance.os}, ${provenance.cpu}, ${provenance.cores} cores, ${provenance.ramGiB} GiB RAM, Node ${provenance.node}`;
}

const markers = (name: string) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`] as const;

/** `content` wrapped in the markers of section `name`. */
export function section(name: string, content: string): string {
  const [start, end] = markers(name);
  return `${start}\n${content.trim()}\n${end}`;
}

/** The section `name` of `text` with its markers, or undefined. */
export function findSection(text: string, name: string): string | undefined {
  const [start, end] = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  return from === -1 || to === -1 ? undefined : text.slice(from, to + end.length);
}

/** `text` with section `name` replaced; undefined when `text` has no such section. */
export function replaceSection(text: string, name: string, content: string): string | undefined {
  const found = findSection(text, name);
  return found === undefined ? undefined : text.replace(found, () => section(name, content));
}

/** Reads a generated file if it exists (to carry over the sections it keeps). */
export function readIfExists(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * Writes a generated page and formats it with the project's Biome (which formats markdown too:
 * aligned tables), so that `npm run lint` passes on what a script wrote.
 */
export function writeDoc(file: string, text: string): void {
  writeFileSync(file, `${text.trimEnd()}\n`);
  try {
    execFileSync(resolve(repoRoot, 'node_modules/.bin/biome'), ['format', '--write', file], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    process.stderr.write(`could not format ${file} (run npm run format): ${(error as Error).message}\n`);
  }
}
