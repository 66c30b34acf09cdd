import { resolve } from 'node:path';

/** The repository root: handler paths in the route and queue tables are relative to it. */
export const repoRoot = resolve(import.meta.dirname, '..');
