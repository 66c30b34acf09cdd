// Chromium for the browser tests (test/support/chromium.ts), and what they look at on a page.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import jsqrModule from 'jsqr';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import pngjs from 'pngjs';
import { afterAll, beforeAll } from 'vitest';
import { documentOf, sharedStack } from './api.ts';
import { chromiumLaunchOptions } from './chromium.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

type JsQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR: JsQr =
  typeof jsqrModule === 'function'
    ? (jsqrModule as unknown as JsQr)
    : (jsqrModule as unknown as { default: JsQr }).default;

export const screenshotDir = resolve(import.meta.dirname, '../../test-artifacts/screenshots');
export const phoneWidth = 390;
export const desktopWidth = 1280;

/**
 * A payer's journey in Chromium waits on the stack several times (the instruction up to 15 s, PAID
 * up to 10 s, the webhook up to 15 s). It takes about 10 s on a busy 2-core machine, but a CI run
 * took a Pix page journey past the default 30 s, so these tests allow the sum of their waits.
 */
export const payerJourneyTimeoutMs = 60_000;

/**
 * Chromium, and the stack's OpenAPI document loaded for `checkConformanceNow` on the pages it
 * opens: a connection to the run's one Chromium (global-setup.ts), whose `close()` closes only
 * what this file opened; a Chromium of its own where the run has none. On a connected browser a
 * download has no local path: read it with `saveAs`.
 */
export async function launchBrowser(): Promise<Browser> {
  await documentOf();
  const endpoint = sharedStack().chromiumWsEndpoint;
  return endpoint ? chromium.connect(endpoint) : chromium.launch(chromiumLaunchOptions);
}

/** What a page did that a payer page must never do: load from elsewhere, break its CSP. */
export interface PageWatch {
  foreignRequests: string[];
  cspViolations: string[];
  pageErrors: string[];
}

export async function newPayerContext(
  browser: Browser,
  width = phoneWidth,
  /** The pages' own origin; the shared stack's unless a test runs its own. */
  baseUrl = sharedStack().baseUrl,
  /** The browser's language (navigator.languages, Accept-Language). */
  locale = 'en-US',
): Promise<{ context: BrowserContext; page: Page; watch: PageWatch }> {
  const context = await browser.newContext({
    viewport: { width, height: width === phoneWidth ? 844 : 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
    locale,
  });
  const page = await context.newPage();
  const watch: PageWatch = { foreignRequests: [], cspViolations: [], pageErrors: [] };
  const origin = new URL(baseUrl).origin;
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && new URL(url).origin !== origin) watch.foreignRequests.push(url);
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) watch.cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => watch.pageErrors.push(error.message));
  return { context, page, watch };
}

/**
 * With TEST_SCREENSHOTS=1, a full-page screenshot into test-artifacts/screenshots/<name>-<width>.png,
 * for a person to look at; nothing asserts on them, and on a busy 2-core machine the long pages
 * (the API reference, the dashboard) took seconds each.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (!process.env.TEST_SCREENSHOTS) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({
    path: resolve(screenshotDir, `${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  });
}

/** Screenshots the element (the QR as the browser drew it) and decodes it with jsQR. */
export async function decodeQrElement(element: Locator): Promise<string | null> {
  const png = pngjs.PNG.sync.read(await element.screenshot());
  return (
    jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)
      ?.data ?? null
  );
}

/** True when nothing sticks out sideways (a phone would have to scroll horizontally). */
export function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

export interface PayerTestSetup {
  browser: Browser;
  receiver: WebhookReceiver;
}

/** One Chromium and one webhook receiver per test file, started before its tests and closed after. */
export function useBrowserAndReceiver(): PayerTestSetup {
  const setup = {} as PayerTestSetup;
  beforeAll(async () => {
    [setup.browser, setup.receiver] = await Promise.all([launchBrowser(), startWebhookReceiver()]);
  });
  afterAll(async () => {
    await Promise.all([setup.browser?.close(), setup.receiver?.close()]);
  });
  return setup;
}
