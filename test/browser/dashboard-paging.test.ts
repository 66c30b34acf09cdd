// Paging a listing in the dashboard, in Chromium: twenty rows a page, Next and Previous over the
// cursors kept in the URL (so Back and a reload show the same page).
import { describe, expect, it } from 'vitest';
import { call, createKey, sharedStack } from '../support/api.ts';
import { desktopWidth, newPayerContext, useBrowserAndReceiver } from '../support/browser.ts';
import { eventually } from '../support/dashboard-navigation.ts';
import { bobBody } from '../support/purchase-fixtures.ts';

const setup = useBrowserAndReceiver();

describe('dashboard paging', () => {
  it('shows twenty transactions a page and pages with Next and Previous through the URL', async () => {
    const merchant = await createKey(['isInvoiceAvailable', 'createTransaction', 'manageAccount']);
    const key = merchant.secretKey;
    const ids: string[] = [];
    for (let index = 0; index < 21; index++) {
      const created = await call('POST', '/transactions/v2/purchase', { key, body: bobBody() });
      expect(created.status, created.text).toBe(201);
      ids.push(created.body.id);
    }
    const { context, page, watch } = await newPayerContext(setup.browser, desktopWidth);
    try {
      await page.goto(`${sharedStack().baseUrl}/dashboard/`);
      await page.getByLabel('Secret key').fill(key);
      await page.keyboard.press('Enter');
      await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Home');
      await page.goto(`${sharedStack().baseUrl}/dashboard/#/transactions`);
      const rows = page.getByTestId('transactions').locator('tbody tr[data-id]');
      const previous = page.getByRole('button', { name: 'Previous' });
      const next = page.getByRole('button', { name: 'Next' });
      await eventually(() => rows.count()).toBe(20);
      // Newest first: the first transaction made is the one left for page two.
      expect(await rows.first().getAttribute('data-id')).toBe(ids.at(-1));
      expect(await previous.isDisabled()).toBe(true);
      await next.click();
      await eventually(() => rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-id')).toBe(ids[0]);
      expect(page.url()).toContain('cursor=');
      expect(await next.isDisabled()).toBe(true);
      await page.reload();
      await eventually(() => rows.count()).toBe(1);
      await previous.click();
      await eventually(() => rows.count()).toBe(20);
      expect(page.url()).not.toContain('cursor=');
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
