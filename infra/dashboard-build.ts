// Builds the merchant dashboard (functions/dashboard) into static files with esbuild: one ES
// module, one stylesheet, the HTML page. The local gateway serves them from memory; the CDK
// stack deploys the same files to the bucket behind CloudFront.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BuildOptions, build, buildSync } from 'esbuild';

export interface StaticFile {
  contents: Uint8Array;
  contentType: string;
}

const source = resolve(import.meta.dirname, '../functions/dashboard');

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
};

const bundleOptions = (minify: boolean): BuildOptions => ({
  entryPoints: { app: resolve(source, 'main.tsx') },
  bundle: true,
  format: 'esm',
  target: ['es2022'],
  platform: 'browser',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'silent',
});

/** Files by path relative to the site root (`index.html`, `app.js`, `app.css`). */
export async function buildDashboard(options: { minify?: boolean } = {}): Promise<Map<string, StaticFile>> {
  const result = await build({
    ...bundleOptions(options.minify ?? true),
    outdir: '/dashboard-out',
    write: false,
  });
  const files = new Map<string, StaticFile>();
  for (const file of result.outputFiles) {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    files.set(name, {
      contents: file.contents,
      contentType: contentTypes[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream',
    });
  }
  files.set('index.html', {
    contents: await readFile(resolve(source, 'index.html')),
    contentType: contentTypes['.html']!,
  });
  return files;
}

/** Builds the site into a fresh directory (for the CDK asset; synth is synchronous). */
export function buildDashboardIntoDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'dashboard-site-'));
  buildSync({ ...bundleOptions(true), outdir: directory });
  copyFileSync(resolve(source, 'index.html'), join(directory, 'index.html'));
  return directory;
}

/**
 * The dashboard's policy: scripts, styles and connections from its own origin only (plus the
 * API's and the image CDN's when they live elsewhere); no inline script or style, no framing.
 */
export function dashboardCsp(options: { apiOrigins?: readonly string[]; imageOrigin?: string } = {}): string {
  const extra = (...origins: Array<string | undefined>) =>
    origins
      .filter(Boolean)
      .map((origin) => ` ${origin}`)
      .join('');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    // blob: is the preview of an image being uploaded (an object URL of the chosen file).
    `img-src 'self' data: blob:${extra(options.imageOrigin)}`,
    `connect-src 'self'${extra(...(options.apiOrigins ?? []))}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Every response of the dashboard carries these (CloudFront's response headers policy in AWS). */
export function dashboardHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  };
}
