// Every payer page kind in the merchant's branding: the name, the logo fitted in a box of fixed
// height at its own aspect ratio (a 600 × 60 logo stays 10:1), and a light brand colour on the
// primary button with text that reads on it (axe: 0 serious/critical), at 390 and 1280 px,
// pending and paid.
import type { Page } from 'playwright-core';
import pngjs from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createKey, pollUntil } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import {
  desktopWidth,
  newPayerContext,
  overflowsHorizontally,
  phoneWidth,
  saveScreenshot,
  useBrowserAndReceiver,
} from '../support/browser.ts';
import { purchaseWithPage, rowPerPageKind } from '../support/payer-pages.ts';

const setup = useBrowserAndReceiver();
/** A light yellow: white text on it would fail contrast. */
const brandColor = '#ffd400';
const brandRgb = 'rgb(255, 212, 0)';
const merchantName = 'Loja Amarela';
let account: { secretKey: string; accountId: string };
let logoOrigin: string;

/** A wide logo (600 × 60), as merchants' wordmarks are. */
function wideLogo(): Buffer {
  const png = new pngjs.PNG({ width: 600, height: 60 });
  for (let i = 0; i < 600 * 60; i++) png.data.set([i % 600 < 300 ? 20 : 200, 40, 120, 255], i * 4);
  return pngjs.PNG.sync.write(png);
}

beforeAll(async () => {
  account = await createKey(['createTransaction', 'manageAccount']);
  const set = await call('PUT', '/v2/account/branding', {
    key: account.secretKey,
    body: { displayName: merchantName, brandColor },
  });
  expect(set.status, set.text).toBe(200);
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(wideLogo())], { type: 'image/png' }), 'logo.png');
  const uploaded = await call('POST', '/v2/account/branding/logo', { key: account.secretKey, rawBody: form });
  expect(uploaded.status, uploaded.text).toBe(200);
  logoOrigin = new URL(uploaded.body.logoUrl).origin;
});

async function expectBranded(page: Page, name: string): Promise<void> {
  expect(await page.getByTestId('merchant-name').textContent()).toBe(merchantName);
  const logo = page.getByTestId('merchant-logo');
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="merchant-logo"]') as HTMLImageElement | null)?.complete,
  );
  const size = await logo.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    const frame = (img.parentElement as HTMLElement).getBoundingClientRect();
    return {
      width: box.width,
      height: box.height,
      naturalWidth: img.naturalWidth,
      naturalHeight: img.naturalHeight,
      frameHeight: frame.height,
    };
  });
  expect(size.naturalWidth / size.naturalHeight).toBe(10);
  const ratio = size.width / size.height;
  expect(Math.abs(ratio - 10) / 10, `logo ${size.width} × ${size.height}`).toBeLessThan(0.01);
  expect(size.width).toBeGreaterThan(100);
  expect(size.frameHeight).toBe(40);
  const pay = page.getByTestId('pay-button');
  if ((await pay.count()) > 0) {
    const colours = await pay.evaluate((button) => {
      const style = getComputedStyle(button);
      return { background: style.backgroundColor, color: style.color };
    });
    expect(colours.background).toBe(brandRgb);
  }
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await overflowsHorizontally(page), `${name} fits`).toBe(false);
  await saveScreenshot(page, name);
}

describe('payer pages in the merchant branding', () => {
  it('every page kind shows the name, the wide logo at its ratio and the brand colour, pending and paid', async () => {
    const { context, page, watch } = await newPayerContext(setup.browser);
    try {
      for (const row of rowPerPageKind) {
        const opened = await purchaseWithPage(row, account);
        for (const width of [phoneWidth, desktopWidth]) {
          await page.setViewportSize({ width, height: width === phoneWidth ? 844 : 900 });
          expect((await page.goto(opened.url))?.status()).toBe(200);
          await expectBranded(page, `branded-${opened.kind}`);
        }
        // A pending page reloads itself when its status changes: left open, that reload could
        // abort the goto below (net::ERR_ABORTED).
        await page.goto('about:blank');
        const paid = await call('POST', `/sandbox/transactions/${opened.transactionId}/pay`, {
          key: account.secretKey,
        });
        expect(paid.status, paid.text).toBeLessThan(300);
        await pollUntil(
          async () =>
            (await call('GET', `/transactions/${opened.transactionId}`, { key: account.secretKey })).body,
          (tx) => tx.status === 'PAID',
          15_000,
          50,
        );
        await page.goto(opened.url);
        expect(await page.getByTestId('status').getAttribute('data-status')).toBe('PAID');
        await expectBranded(page, `branded-${opened.kind}-paid`);
      }
      expect(watch.foreignRequests.filter((url) => new URL(url).origin !== logoOrigin)).toEqual([]);
      expect(watch.cspViolations).toEqual([]);
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
    // Every page kind, each at two widths and paid: each kind's first purchase may start its
    // functions cold.
  }, 90_000);
});
