// Where a running `npm start` says how to reach it, so `npm run keys` finds its ports.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { repoRoot } from './repo-root.ts';

export interface LocalStackState {
  pid: number;
  baseUrl: string;
  tableName: string;
  dynamoEndpoint: string;
  /** The key that wraps sealed secrets' data keys, so the keys CLI can seal and open them. */
  localSecretsKey: string;
  startedAt: string;
}

export const defaultDataDir = resolve(repoRoot, process.env.LOCAL_DATA_DIR ?? '.data/local');
const stateFile = () => resolve(defaultDataDir, 'running.json');

export function writeState(state: LocalStackState): void {
  mkdirSync(dirname(stateFile()), { recursive: true });
  writeFileSync(stateFile(), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

export function clearState(): void {
  rmSync(stateFile(), { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function readState(): LocalStackState | undefined {
  if (!existsSync(stateFile())) return undefined;
  const state = JSON.parse(readFileSync(stateFile(), 'utf8')) as LocalStackState;
  return alive(state.pid) ? state : undefined;
}
