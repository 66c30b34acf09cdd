// The reference page's renderer: Redoc's standalone bundle, read once per warm function. In
// AWS it is deployed beside the function's bundle (the route row's `assets`); locally it is
// read from node_modules.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type HttpResult, html } from '../http/responses.ts';
import { redocBundle } from '../route-def.ts';

let script: Promise<string> | undefined;

async function load(): Promise<string> {
  const beside = join(dirname(fileURLToPath(import.meta.url)), basename(redocBundle));
  try {
    return await readFile(beside, 'utf8');
  } catch {
    const installed = createRequire(import.meta.url).resolve(redocBundle.replace(/^node_modules\//, ''));
    return readFile(installed, 'utf8');
  }
}

export async function referenceScript(): Promise<HttpResult> {
  script ??= load();
  return html(200, await script, {
    'content-type': 'text/javascript; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': 'public, max-age=3600',
  });
}
