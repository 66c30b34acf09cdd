// /docs in Chromium: Redoc, served by the service itself (no CDN), renders every operation of
// /openapi.json under a strict CSP, with a request example for each purchase variant.
import { describe, expect, it } from 'vitest';
import { routeList } from '../../shared/route-table.ts';
import { sharedStack } from '../support/api.ts';
import { desktopWidth, launchBrowser, newPayerContext, saveScreenshot } from '../support/browser.ts';

const redocCreditImage = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

describe('API reference page', () => {
  it('renders every operation and the purchase examples, loading nothing from elsewhere', async () => {
    const browser = await launchBrowser();
    try {
      const { context, page, watch } = await newPayerContext(browser, desktopWidth);
      // Nothing may leave the machine, whatever the page tries.
      const origin = new URL(sharedStack().baseUrl).origin;
      const failed: string[] = [];
      page.on('requestfailed', (request) => failed.push(request.url()));
      await context.route(
        (url) => url.origin !== origin,
        (route) => route.abort('blockedbyclient'),
      );
      const response = await page.goto(`${sharedStack().baseUrl}/docs`);
      expect(response?.status()).toBe(200);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(await page.locator('script:not([src])').count()).toBe(0);

      for (const route of routeList()) {
        await expect
          .poll(() => page.locator(`[id="operation/${route.name}"]`).count(), { timeout: 20_000 })
          .toBeGreaterThan(0);
      }
      const purchase = page.locator('[id="operation/createPurchase"]');
      await purchase.scrollIntoViewIfNeeded();
      const text = (await purchase.textContent()) ?? '';
      expect(text).toContain('Create a cash-in transaction');
      // The request samples offer one example per variant.
      const samples = await page.evaluate(() => document.body.innerHTML);
      for (const example of ['BRL boleto', 'COP PSE (online debit)', 'COP Nequi (wallet)', 'BOB QR'])
        expect(samples).toContain(example);
      expect(await page.locator('text=cashin.paid').count()).toBeGreaterThan(0);
      await saveScreenshot(page, 'api-reference');

      // Redoc's sidebar credit links an image on Redocly's CDN: the CSP (img-src 'self') refuses it.
      expect(watch.foreignRequests.filter((url) => url !== redocCreditImage)).toEqual([]);
      expect(failed.filter((url) => url.startsWith(origin))).toEqual([]);
      expect(watch.cspViolations.filter((message) => !message.includes(redocCreditImage))).toEqual([]);
      expect(watch.pageErrors).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  }, 90_000);
});
