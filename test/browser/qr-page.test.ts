// The hosted BOB QR page in Chromium: the QR image the browser draws decodes to the API's `qr`
// payload, the text copies it, the amount is in bolivianos, and the sandbox Pay button pays.
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/hosted-pages/render/money-format.ts';
import { getTransaction } from '../../shared/store/transactions.ts';
import { sharedStack, useSharedStore } from '../support/api.ts';
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
import { bobBody } from '../support/purchase-fixtures.ts';

const setup = useBrowserAndReceiver();

describe('BOB QR page', { timeout: payerJourneyTimeoutMs }, () => {
  it('shows the QR as an image and as text, copies it, and pays', async () => {
    const tx = await purchaseWithInstruction(
      { ...bobBody(), amount: 123_450, postbackUrl: setup.receiver.url },
      (t) => Boolean(t.qr),
    );
    // The API does not return the QR page's URL (the contract has no field for it): the
    // merchant shows the QR itself. The page token is on the stored transaction.
    useSharedStore();
    const record = await getTransaction(sharedStack().accountId, tx.id);
    const pageUrl = `${sharedStack().baseUrl}/pay/qr/${record!.pageToken}`;

    const { context, page, watch } = await newPayerContext(setup.browser);
    try {
      expectPageHeaders(await page.goto(pageUrl), 200);
      expect(await page.getByTestId('amount').first().textContent()).toBe(formatMoney(123_450, 'BOB'));
      expect(await page.getByTestId('amount').first().textContent()).toBe('Bs\u00a01.234,50');
      expect(await page.getByTestId('expires-at').textContent()).toMatch(/\d{4}/);
      expect((await page.getByTestId('qr-text').textContent())?.trim()).toBe(tx.qr);
      expect(await decodeQrElement(page.getByTestId('qr-image'))).toBe(tx.qr);
      expect(await copiedText(page, () => page.getByTestId('copy-button').first().click())).toBe(tx.qr);

      expect(await overflowsHorizontally(page), `fits ${phoneWidth} px`).toBe(false);
      await saveScreenshot(page, 'qr');
      await page.setViewportSize({ width: desktopWidth, height: 900 });
      expect(await decodeQrElement(page.getByTestId('qr-image'))).toBe(tx.qr);
      await saveScreenshot(page, 'qr');

      await Promise.all([page.waitForURL(/\?result=1$/), page.getByTestId('pay-button').click()]);
      await page.locator('[data-testid="status"][data-status="PAID"]').waitFor({ timeout: 10_000 });
      await saveScreenshot(page, 'qr-result');
      await expectPaidAndNotified(tx.id, setup.receiver);

      expectPageHeaders(await page.goto(pageUrl), 200);
      expect(await page.getByTestId('status').getAttribute('data-status')).toBe('PAID');
      expect(await page.getByTestId('qr-image').count()).toBe(0);
      expect(watch).toEqual({ foreignRequests: [], cspViolations: [], pageErrors: [] });
    } finally {
      await context.close();
    }
  });
});
