// The hosted Pix page in Chromium: the QR the browser draws decodes to the API's `qr` (the BR
// Code), the copy button copies it, the amount is in reais, the countdown runs, and the
// sandbox Pay button pays (PAID page, one cashin.paid).
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/hosted-pages/render/money-format.ts';
import {
  decodeQrElement,
  desktopWidth,
  newPayerContext,
  overflowsHorizontally,
  payerJourneyTimeoutMs,
  phoneWidth,
  saveScreenshot,
  useBrowserAndReceiver,
} from '../support/browser.ts';
import { copiedText } from '../support/clipboard.ts';
import {
  expectPageHeaders,
  expectPaidAndNotified,
  purchaseWithInstruction,
} from '../support/hosted-page-flow.ts';
import { pixBody } from '../support/purchase-fixtures.ts';

const setup = useBrowserAndReceiver();

describe('Pix page', { timeout: payerJourneyTimeoutMs }, () => {
  it('shows the BR Code as a QR and as copy-paste text, counts down, and pays', async () => {
    const tx = await purchaseWithInstruction(
      { ...pixBody(), amount: 123_450, expiresIn: 7200, postbackUrl: setup.receiver.url },
      (t) => Boolean(t.qr),
    );
    expect(tx.redirectUrl).toMatch(/\/pay\/pix\/\d{19}\.[A-Za-z0-9_-]{32}$/);

    const { context, page, watch } = await newPayerContext(setup.browser);
    try {
      expectPageHeaders(await page.goto(tx.redirectUrl), 200);
      expect(await page.getByTestId('amount').first().textContent()).toBe(formatMoney(123_450, 'BRL'));
      expect(await page.getByTestId('amount').first().textContent()).toBe('R$\u00a01.234,50');
      expect((await page.getByTestId('qr-text').textContent())?.trim()).toBe(tx.qr);
      expect(await decodeQrElement(page.getByTestId('qr-image'))).toBe(tx.qr);
      expect(await copiedText(page, () => page.getByTestId('copy-button').first().click())).toBe(tx.qr);

      const countdown = page.getByTestId('countdown');
      const first = await countdown.textContent();
      expect(first).toMatch(/^1:59:\d{2}$|^2:00:00$/);
      await page.waitForFunction(
        (before) => document.querySelector('[data-testid="countdown"]')?.textContent !== before,
        first,
        { timeout: 5000 },
      );

      expect(await overflowsHorizontally(page), `fits ${phoneWidth} px`).toBe(false);
      await saveScreenshot(page, 'pix');
      await page.setViewportSize({ width: desktopWidth, height: 900 });
      expect(await decodeQrElement(page.getByTestId('qr-image'))).toBe(tx.qr);
      await saveScreenshot(page, 'pix');

      await Promise.all([page.waitForURL(/\?result=1$/), page.getByTestId('pay-button').click()]);
      await page.locator('[data-testid="status"][data-status="PAID"]').waitFor({ timeout: 10_000 });
      await expectPaidAndNotified(tx.id, setup.receiver);

      expectPageHeaders(await page.goto(tx.redirectUrl), 200);
      expect(await page.getByTestId('status').getAttribute('data-status')).toBe('PAID');
      expect(await page.getByTestId('qr-image').count()).toBe(0);
      expect(watch).toEqual({ foreignRequests: [], cspViolations: [], pageErrors: [] });
    } finally {
      await context.close();
    }
  });

  it("the status watch does not reload the page while the Pay form's answer is on its way", async () => {
    const tx = await purchaseWithInstruction({ ...pixBody(), postbackUrl: setup.receiver.url }, (t) =>
      Boolean(t.qr),
    );
    const { context, page } = await newPayerContext(setup.browser);
    try {
      expectPageHeaders(await page.goto(tx.redirectUrl), 200);
      // The watch learns the payment as soon as it asks, while the Pay form's answer takes longer
      // than the watch's 3 s: a reload then would cancel the form's navigation.
      await page.route('**/status', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":"PAID"}' }),
      );
      await page.route('**/sandbox-pay', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 4_500));
        await route.continue();
      });
      await Promise.all([page.waitForURL(/\?result=1$/), page.getByTestId('pay-button').click()]);
      await page.locator('[data-testid="status"][data-status="PAID"]').waitFor({ timeout: 10_000 });
    } finally {
      await context.close();
    }
  });
});
