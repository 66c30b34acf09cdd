// The payer's receipt in Chromium: none before the payment (404), then linked from the paid
// page, in the payer's language, with the amount, the method's name, the boleto's line as the
// rail's reference and a PDF of the same; fits 390 px with no serious axe finding.
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/hosted-pages/render/money-format.ts';
import { methodNameOf } from '../../shared/payment-methods.ts';
import { call, pollUntil, sharedStack } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import {
  newPayerContext,
  overflowsHorizontally,
  payerJourneyTimeoutMs,
  phoneWidth,
  saveScreenshot,
  useBrowserAndReceiver,
} from '../support/browser.ts';
import {
  expectPageHeaders,
  expectPaidAndNotified,
  purchaseWithInstruction,
} from '../support/hosted-page-flow.ts';
import { boletoBody } from '../support/purchase-fixtures.ts';

const setup = useBrowserAndReceiver();
const payerAddress = `receipt-${Date.now()}@example.com`;

describe('receipt page', { timeout: payerJourneyTimeoutMs }, () => {
  it('404 until paid, then linked from the paid page, with the PDF', async () => {
    const tx = await purchaseWithInstruction(
      { ...boletoBody(), amount: 25_990, postbackUrl: setup.receiver.url, email: payerAddress },
      (t) => Boolean(t.boletoDigitableLine),
    );
    const token = new URL(tx.paymentInstruction.boletoUrl).pathname.split('/').pop();
    const receiptUrl = new URL(`/receipt/${token}`, tx.paymentInstruction.boletoUrl).href;

    const { context, page, watch } = await newPayerContext(setup.browser);
    try {
      expectPageHeaders(await page.goto(receiptUrl), 404);
      expect((await fetch(`${receiptUrl}/pdf`)).status).toBe(404);

      expect((await call('POST', `/sandbox/transactions/${tx.id}/pay`)).status).toBe(202);
      await expectPaidAndNotified(tx.id, setup.receiver);

      expectPageHeaders(await page.goto(tx.paymentInstruction.boletoUrl), 200);
      await Promise.all([page.waitForURL(receiptUrl), page.getByTestId('receipt-link').click()]);
      expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
      expect(await page.getByTestId('receipt-amount').textContent()).toBe(formatMoney(25_990, 'BRL'));
      expect(await page.getByTestId('receipt-method').textContent()).toBe(methodNameOf(tx, 'pt-BR'));
      expect(await page.getByTestId('receipt-description').textContent()).toBe(
        tx.description ?? boletoBody().description,
      );
      expect(await page.getByTestId('receipt-reference').textContent()).toBe(tx.boletoDigitableLine);
      expect(await page.getByTestId('receipt-transaction').textContent()).toBe(tx.id);
      expect(await page.getByTestId('receipt-paid-at').textContent()).toMatch(/BRT|GMT-3/);
      expect(await overflowsHorizontally(page), `fits ${phoneWidth} px`).toBe(false);
      expect(await seriousViolations(page), `axe at ${phoneWidth} px`).toEqual([]);
      await saveScreenshot(page, 'receipt');
      expect(watch).toEqual({ foreignRequests: [], cspViolations: [], pageErrors: [] });

      const pdf = await fetch(`${receiptUrl}/pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
      expect(text.startsWith('%PDF-1.4')).toBe(true);
      const hex = (s: string) => Buffer.from(s, 'latin1').toString('hex');
      expect(text).toContain(hex(tx.boletoDigitableLine));
      expect(text).toContain(hex(tx.id));

      // The e-mails' HTML as a phone shows it: both fit 390 px and load nothing.
      const mails = await pollUntil(
        async () =>
          (
            (await (await fetch(sharedStack().mailInboxUrl)).json()) as Array<{
              to: string[];
              html: string;
              text: string;
            }>
          ).filter((mail) => mail.to.includes(payerAddress)),
        (list) => list.length === 2,
        15_000,
        100,
      );
      for (const mail of mails) {
        // A fresh document: the receipt page's CSP must not apply to the e-mail's inline styles.
        await page.goto('about:blank');
        await page.setContent(mail.html);
        expect(await overflowsHorizontally(page), `e-mail fits ${phoneWidth} px`).toBe(false);
        await saveScreenshot(page, mail.text.includes('/receipt/') ? 'email-receipt' : 'email-instruction');
      }
      expect(watch.foreignRequests).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
