import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const repoRoot = resolve(import.meta.dirname, '../..');

const modules = new Map<string, Promise<Record<string, unknown>>>();

/** Imports a function module once, like a warm Lambda keeps its module scope. */
export function loadModule(relativePath: string): Promise<Record<string, unknown>> {
  let loaded = modules.get(relativePath);
  if (!loaded) {
    loaded = import(pathToFileURL(resolve(repoRoot, relativePath)).href) as Promise<Record<string, unknown>>;
    modules.set(relativePath, loaded);
  }
  return loaded;
}

export async function loadHandler<T>(relativePath: string): Promise<T> {
  const module = await loadModule(relativePath);
  if (typeof module.handler !== 'function')
    throw new Error(`${relativePath} does not export a handler function`);
  return module.handler as T;
}
