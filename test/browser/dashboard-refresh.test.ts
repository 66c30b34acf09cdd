// Issue 27 item 6: the dashboard re-asked GET /events?deliveryStatus=FAILED (and a filtered
// GET /transactions) every 3 seconds, each time reading up to the API's bound. Only unfiltered
// first pages refresh on the timer. The page's clock is Playwright's: the test runs the timers
// forward instead of waiting, and the requests the page makes are seen in the order it made them,
// so a request made by a timer shows before any request made after it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, sharedStack } from '../support/api.ts';
import { desktopWidth, launchBrowser, newPayerContext, payerJourneyTimeoutMs } from '../support/browser.ts';
import { eventually, open } from '../support/dashboard-navigation.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Three refresh periods and a little more. */
const threeRefreshes = 3 * 3000 + 500;

describe('dashboard refresh', { timeout: payerJourneyTimeoutMs }, () => {
  it('refreshes unfiltered first pages on its timer, and never a filtered listing', async () => {
    const merchant = await createKey(['createTransaction', 'manageAccount']);
    const { context, page } = await newPayerContext(browser, desktopWidth);
    try {
      const listings: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/transactions' || url.pathname === '/events')
          listings.push(`${url.pathname}${url.search}`);
      });
      const count = (wanted: string) => listings.filter((path) => path === wanted).length;
      await page.clock.install();
      await page.goto(`${sharedStack().baseUrl}/dashboard/`);
      await page.getByLabel('Secret key').fill(merchant.secretKey);
      await page.keyboard.press('Enter');
      await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Home');

      // Transactions, unfiltered: the first page is asked again on every tick.
      await open(page, 'Transactions');
      const unfiltered = '/transactions?limit=20';
      await eventually(() => count(unfiltered)).toBeGreaterThanOrEqual(1);
      const before = count(unfiltered);
      await page.clock.runFor(threeRefreshes);
      await eventually(() => count(unfiltered)).toBeGreaterThanOrEqual(before + 3);

      // Filtered: asked once, and the timer asks nothing more.
      await page.getByLabel('Status').selectOption('CANCELED');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const filtered = '/transactions?limit=20&status=CANCELED';
      await eventually(() => count(filtered)).toBe(1);
      await eventually(() => page.getByTestId('transactions').textContent()).toContain(
        'No transactions match',
      );
      await page.clock.runFor(threeRefreshes);

      // Webhooks: the recent deliveries refresh; the failures are read once. Its first request
      // was made after the ticks above, so any filtered request they made has been seen by then.
      await open(page, 'Webhooks');
      const recent = '/events?limit=20';
      const failures = '/events?deliveryStatus=FAILED&limit=20';
      await eventually(() => count(recent)).toBeGreaterThanOrEqual(1);
      expect(count(filtered)).toBe(1);
      const recentBefore = count(recent);
      await page.clock.runFor(threeRefreshes);
      // A timer that asked for the failures would have asked before the recent deliveries.
      await eventually(() => count(recent)).toBeGreaterThanOrEqual(recentBefore + 3);
      expect(count(failures)).toBe(1);
    } finally {
      await context.close();
    }
  });
});
