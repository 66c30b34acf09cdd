// Paging a listing in the dashboard, in Chromium: twenty rows a page, Next and Previous over the
// cursors kept in the URL (so Back and a reload show the same page).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, createKey, sharedStack } from '../support/api.ts';
import { desktopWidth, newPayerContext, useBrowserAndReceiver } from '../support/browser.ts';
import { eventually } from '../support/dashboard-navigation.ts';
import { bobBody, validCnpj } from '../support/purchase-fixtures.ts';

const setup = useBrowserAndReceiver();

async function signIn(page: Page, key: string): Promise<void> {
  await page.goto(`${sharedStack().baseUrl}/dashboard/`);
  await page.getByLabel('Secret key').fill(key);
  await page.keyboard.press('Enter');
  await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Home');
}

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
      await signIn(page, key);
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

  it("pages the checkout's payment links in the page, apart from its sessions", async () => {
    const merchant = await createKey(['isInvoiceAvailable', 'createTransaction', 'manageAccount']);
    const key = merchant.secretKey;
    const settings = await call('PUT', '/v2/account/settings', {
      key,
      body: { responsibleDocument: validCnpj },
    });
    expect(settings.status, settings.text).toBe(200);
    const product = await call('POST', '/v2/products', { key, body: { name: 'Caneca' } });
    const offer = await call('POST', '/v2/offers', {
      key,
      body: { productId: product.body.id, name: 'Azul', amount: 4_990 },
    });
    expect(offer.status, offer.text).toBe(201);
    const links: string[] = [];
    for (let index = 0; index < 21; index++) {
      const link = await call('POST', '/v2/payment-links', { key, body: { offerId: offer.body.id } });
      expect(link.status, link.text).toBe(201);
      links.push(link.body.id);
    }
    const { context, page, watch } = await newPayerContext(setup.browser, desktopWidth);
    try {
      await signIn(page, key);
      await page.goto(`${sharedStack().baseUrl}/dashboard/#/checkout`);
      const rows = page.getByTestId('payment-links').locator('tbody tr[data-id]');
      const pages = page.getByRole('navigation', { name: 'Payment link pages' });
      await eventually(() => rows.count()).toBe(20);
      expect(await pages.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      // The sessions' pager is another one: none to page through.
      const sessionPages = page.getByRole('navigation', { name: 'Checkout session pages' });
      expect(await sessionPages.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      await pages.getByRole('button', { name: 'Next' }).click();
      await eventually(() => rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-id')).toBe(links[0]);
      await pages.getByRole('button', { name: 'Previous' }).click();
      await eventually(() => rows.count()).toBe(20);
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
