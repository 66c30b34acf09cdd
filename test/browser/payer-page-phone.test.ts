// On a 390 px phone the payer pays from the same phone: every page with a QR puts the copy
// button above it, within the first screen (no scrolling); at 1280 px the QR leads (it is
// scanned with a phone).
import { describe, expect, it } from 'vitest';
import { createKey } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import {
  desktopWidth,
  newPayerContext,
  payerJourneyTimeoutMs,
  phoneWidth,
  saveScreenshot,
  useBrowserAndReceiver,
} from '../support/browser.ts';
import { purchaseWithPage, rowsWithQr } from '../support/payer-pages.ts';

const setup = useBrowserAndReceiver();
const phoneHeight = 844;

describe('copy before the QR on a phone', { timeout: payerJourneyTimeoutMs }, () => {
  it('every QR page: the copy button is above the QR and on the first screen at 390 px; the QR leads at 1280 px', async () => {
    const account = await createKey(['createTransaction']);
    const { context, page, watch } = await newPayerContext(setup.browser);
    try {
      for (const row of rowsWithQr) {
        const opened = await purchaseWithPage(row, account);
        await page.setViewportSize({ width: phoneWidth, height: phoneHeight });
        expect((await page.goto(opened.url))?.status()).toBe(200);
        const copy = (await page.getByTestId('copy-button').first().boundingBox())!;
        const qr = (await page.getByTestId('qr-image').boundingBox())!;
        expect(copy.y + copy.height, `${row.method}: copy button on the first screen`).toBeLessThanOrEqual(
          phoneHeight,
        );
        expect(copy.y + copy.height, `${row.method}: copy button above the QR`).toBeLessThanOrEqual(qr.y);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        await saveScreenshot(page, `first-screen-${row.method.toLowerCase()}`);

        await page.setViewportSize({ width: desktopWidth, height: 900 });
        const wideCopy = (await page.getByTestId('copy-button').first().boundingBox())!;
        const wideQr = (await page.getByTestId('qr-image').boundingBox())!;
        expect(wideQr.y + wideQr.height, `${row.method}: QR first at ${desktopWidth} px`).toBeLessThanOrEqual(
          wideCopy.y,
        );
        await saveScreenshot(page, `first-screen-${row.method.toLowerCase()}`);
      }
      expect(watch).toEqual({ foreignRequests: [], cspViolations: [], pageErrors: [] });
    } finally {
      await context.close();
    }
  });
});
