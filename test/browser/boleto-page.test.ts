// The hosted boleto page in Chromium: what the payer sees matches the API, the copy button
// copies the line, the barcode image encodes the 44 digits, the PDF downloads, and the
// sandbox Pay button pays (PAID through the API, one webhook).
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/hosted-pages/render/money-format.ts';
import { checkFetched } from '../support/api.ts';
import {
  desktopWidth,
  newPayerContext,
  overflowsHorizontally,
  payerJourneyTimeoutMs,
  saveScreenshot,
  useBrowserAndReceiver,
} from '../support/browser.ts';
import { copiedText } from '../support/clipboard.ts';
import {
  expectPageHeaders,
  expectPaidAndNotified,
  purchaseWithInstruction,
} from '../support/hosted-page-flow.ts';
import { decodeItfSvg } from '../support/page-decoders.ts';
import { boletoBody } from '../support/purchase-fixtures.ts';

const setup = useBrowserAndReceiver();

describe('boleto page', { timeout: payerJourneyTimeoutMs }, () => {
  it('shows the boleto, copies the line, draws the barcode, serves the PDF and pays', async () => {
    const tx = await purchaseWithInstruction(
      { ...boletoBody(), amount: 123_456, postbackUrl: setup.receiver.url },
      (t) => Boolean(t.paymentInstruction?.boletoBarcode),
    );
    const { boletoUrl, boletoBarcode, boletoDigitableLine } = tx.paymentInstruction;
    const { context, page, watch } = await newPayerContext(setup.browser);
    try {
      expectPageHeaders(await page.goto(boletoUrl), 200);
      expect(await page.getByTestId('amount').first().textContent()).toBe(formatMoney(123_456, 'BRL'));
      expect(await page.getByTestId('amount').first().textContent()).toBe('R$\u00a01.234,56');
      expect(await page.getByTestId('payer-name').textContent()).toBe('Maria da Silva');
      const [y, m, d] = tx.paymentInstruction.dueDate.slice(0, 10).split('-');
      expect(await page.getByTestId('due-date').textContent()).toBe(`${d}/${m}/${y}`);
      expect((await page.getByTestId('digitable-line').textContent())?.trim()).toBe(boletoDigitableLine);

      const barcodeSvg = await page.getByTestId('barcode').evaluate((svg) => svg.outerHTML);
      expect(decodeItfSvg(barcodeSvg).digits).toBe(boletoBarcode);
      expect(await page.getByTestId('barcode').isVisible()).toBe(true);

      expect(await copiedText(page, () => page.getByTestId('copy-button').first().click())).toBe(
        boletoDigitableLine.replace(/\D/g, ''),
      );
      expect(await page.getByTestId('print-button').isVisible()).toBe(true);

      // Printed: the page switches to its print stylesheet and the barcode is still there.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByTestId('barcode').isVisible()).toBe(true);
      await page.emulateMedia({ media: 'screen' });

      expect(await overflowsHorizontally(page)).toBe(false);
      await saveScreenshot(page, 'boleto');
      await page.setViewportSize({ width: desktopWidth, height: 900 });
      await saveScreenshot(page, 'boleto');
      await page.setViewportSize({ width: 390, height: 844 });

      const pdfHref = await page.getByTestId('pdf-link').getAttribute('href');
      const pdf = await fetch(new URL(pdfHref!, boletoUrl));
      await checkFetched(pdf);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="boleto-${tx.id}.pdf"`);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

      await Promise.all([page.waitForURL(/\?result=1$/), page.getByTestId('pay-button').click()]);
      await page.locator('[data-testid="status"][data-status="PAID"]').waitFor({ timeout: 10_000 });
      await expectPaidAndNotified(tx.id, setup.receiver);

      // Opened again: the paid page, instructions withdrawn; the PDF is withdrawn too.
      expectPageHeaders(await page.goto(boletoUrl), 200);
      expect(await page.getByTestId('status').getAttribute('data-status')).toBe('PAID');
      expect(await page.getByTestId('digitable-line').count()).toBe(0);
      await saveScreenshot(page, 'boleto-paid');
      const pdfAfter = await fetch(new URL(pdfHref!, boletoUrl));
      await checkFetched(pdfAfter);
      expect(pdfAfter.headers.get('content-type')).toBe('text/html; charset=utf-8');

      expect(watch).toEqual({ foreignRequests: [], cspViolations: [], pageErrors: [] });
    } finally {
      await context.close();
    }
  });
});
