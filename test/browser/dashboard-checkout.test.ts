// Selling from the dashboard, in Chromium: the merchant sets the document BRL sales name, makes a
// payment link from an offer (its price shown in its currency), copies the link's URL and reads
// it back from the QR the page drew, turns the link off, and sees a checkout session appear and,
// once its payer submits the form, lead to its transaction. axe: 0 serious or critical.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formFields } from '../../shared/checkout/checkout-form.ts';
import { submitCheckout } from '../../shared/checkout/submit-checkout.ts';
import { call, createKey, sharedStack } from '../support/api.ts';
import { decodeQrElement, desktopWidth, launchBrowser, newPayerContext } from '../support/browser.ts';
import { copiedText } from '../support/clipboard.ts';
import { checkPage, eventually, open } from '../support/dashboard-navigation.ts';
import { validCnpj, validCpf } from '../support/purchase-fixtures.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('dashboard checkout', () => {
  it('makes a payment link from an offer, shows its URL and QR, turns it off, and lists sessions with their transactions', async () => {
    const merchant = await createKey(['isInvoiceAvailable', 'createTransaction', 'manageAccount']);
    const key = merchant.secretKey;
    const { context, page, watch } = await newPayerContext(browser, desktopWidth);
    try {
      await page.goto(`${sharedStack().baseUrl}/dashboard/`);
      await page.getByLabel('Secret key').fill(key);
      await page.keyboard.press('Enter');
      await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Home');

      // BRL sales name the merchant: its CNPJ first. The saved details answer late here (as a
      // cold function does on a loaded machine): what the merchant types meanwhile is not lost
      // to the late answer, and is what gets saved.
      let answerSettings!: () => void;
      const settingsHeld = new Promise<void>((resolve) => {
        answerSettings = resolve;
      });
      const isSettingsRead = (url: string, method: string) =>
        new URL(url).pathname === '/v2/account/settings' && method === 'GET';
      await page.route('**/v2/account/settings', async (route) => {
        if (isSettingsRead(route.request().url(), route.request().method())) await settingsHeld;
        await route.continue();
      });
      const settingsRead = page.waitForResponse((response) =>
        isSettingsRead(response.url(), response.request().method()),
      );
      await open(page, 'Checkout');
      const typing = page.getByLabel('CPF or CNPJ').fill(validCnpj);
      answerSettings();
      await typing;
      await (await settingsRead).finished();
      await page.unroute('**/v2/account/settings');
      await page.getByRole('button', { name: 'Save sale details' }).click();
      // Until it is saved, what the page says (so a refused save names its reason here).
      await eventually(async () =>
        (await page.getByText('Sale details saved.').count()) === 1
          ? 'saved'
          : (await page.getByRole('alert').allTextContents()).join(' | '),
      ).toBe('saved');
      const savedCnpj = validCnpj.replace(/\D/g, '');
      expect(await page.getByLabel('CPF or CNPJ').inputValue()).toBe(savedCnpj);
      expect((await call('GET', '/v2/account/settings', { key })).body.responsibleDocument).toBe(savedCnpj);

      // An offer, priced in its currency, and a link made from it.
      await open(page, 'Products');
      await page.getByLabel('Name', { exact: true }).fill('Camiseta');
      await page.getByRole('button', { name: 'Create product' }).click();
      const editor = page.getByTestId('product-editor');
      await eventually(() => editor.getByRole('heading', { level: 2 }).textContent()).toBe('Camiseta');
      await editor.getByLabel('Offer name').fill('Tamanho M');
      await editor.getByLabel('Currency').selectOption('BRL');
      // The amount as the merchant writes it, and what it will be saved as before saving:
      // "1.500" is fifteen hundred reais in Brazil, not R$ 1,50.
      const amountHint = editor.locator('#offer-amount-hint');
      await editor.getByLabel(/Amount/).fill('1.500');
      await eventually(() => amountHint.textContent()).toBe('Saved as R$\u00a01.500,00.');
      await editor.getByLabel(/Amount/).fill('59,90');
      await eventually(() => amountHint.textContent()).toBe('Saved as R$\u00a059,90.');
      await editor.getByRole('button', { name: 'Add offer' }).click();
      await eventually(() => editor.getByTestId('offers').textContent()).toContain(
        'Tamanho M · R$\u00a059,90 · one-time',
      );
      await editor.getByRole('button', { name: 'Create payment link for Tamanho M' }).click();

      // Its page: the URL to copy, the same URL in the QR, and the switch. (Until then, what the
      // Products page says, so a refused link names its reason here.)
      await eventually(
        async () =>
          /#\/checkout\/plink_/.test(page.url())
            ? 'the link page'
            : `${page.url()}: ${(await editor.getByRole('alert').allTextContents()).join(' | ')}`,
        // The first call to the payment-link function: it may start cold on a loaded machine.
        { timeout: 30_000 },
      ).toBe('the link page');
      const linkId = page.url().split('/').at(-1)!;
      const urlText = page.getByTestId('payment-link-url');
      await eventually(() => urlText.textContent()).toBe(`${sharedStack().baseUrl}/l/${linkId}`);
      const url = (await urlText.textContent())!;
      expect(await decodeQrElement(page.getByTestId('payment-link-qr'))).toBe(url);
      expect(await copiedText(page, () => page.getByRole('button', { name: 'Copy URL' }).click())).toBe(url);
      await eventually(() =>
        page.getByTestId('payment-links').locator(`tr[data-id="${linkId}"]`).count(),
      ).toBe(1);
      await checkPage(page, 'checkout');
      await page.getByRole('button', { name: 'Turn off' }).click();
      await eventually(() => page.getByTestId('payment-link-state').textContent()).toBe('Off');
      const link = (await call('GET', `/v2/payment-links/${linkId}`, { key })).body;
      expect(link.active).toBe(false);

      // A session opened through the API shows up; once its payer submits the form, it leads to
      // its transaction.
      const opened = await call('POST', '/v2/checkout-sessions', {
        key,
        body: { offerId: link.offerId, paymentMethods: ['PIX'] },
      });
      expect(opened.status, opened.text).toBe(201);
      const row = page.getByTestId('checkout-sessions').locator(`tr[data-id="${opened.body.id}"]`);
      await eventually(() => row.textContent()).toContain('OPEN');
      expect(await row.textContent()).toContain('R$\u00a059,90');
      const token = new URL(opened.body.url).pathname.split('/').at(-1)!;
      const payer = { name: 'Rita Lobo', email: 'rita@example.com', phone: '11987654321', cpf: validCpf };
      await submitCheckout(token, formFields(new URLSearchParams(payer).toString()));
      await eventually(() => row.textContent()).toContain('COMPLETE');
      await row.getByRole('link').click();
      await eventually(() => page.getByTestId('transaction-sale').textContent()).toContain(opened.body.id);
      expect(await page.getByTestId('transaction-sale').textContent()).toContain(link.offerId);

      expect(watch.pageErrors).toEqual([]);
      expect(watch.cspViolations).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
