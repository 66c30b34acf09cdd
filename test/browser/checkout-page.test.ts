// The hosted COP checkout in Chromium, one per method of the catalogue, in the body its row names:
// a bank choice (PSE), a wallet request (Nequi: confirm the phone), a key and QR (Bre-B) or a bank
// account (transfer), each paid with the sandbox Pay button and followed to PAID through the API
// and to its webhook.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sandboxBankTransfer, sandboxBrebInstructions } from '../../shared/hosted-pages/cop-instructions.ts';
import { formatMoney } from '../../shared/hosted-pages/render/money-format.ts';
import type { CheckoutBody } from '../../shared/payment-methods.ts';
import { call } from '../support/api.ts';
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
import { checkoutBodyOf, checkoutRows, copBody } from '../support/purchase-fixtures.ts';

const setup = useBrowserAndReceiver();

const amount = 12_345_600;

async function screenshots(page: Page, name: string): Promise<void> {
  expect(await overflowsHorizontally(page), `${name} fits ${phoneWidth} px`).toBe(false);
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: desktopWidth, height: 900 });
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: phoneWidth, height: 844 });
}

/** Each body's own part of the page, checked and filled in before Pay. */
const bodySteps: Record<CheckoutBody, (page: Page, tx: any) => Promise<void>> = {
  async 'bank-choice'(page) {
    expect(await page.getByTestId('bank-select').locator('option').count()).toBeGreaterThan(10);
    await page.getByTestId('bank-select').selectOption('1007');
  },
  async 'wallet-request'(page) {
    expect(await page.getByTestId('payer-phone').textContent()).toMatch(/4567$/);
    await page.getByTestId('wallet-confirm').check();
  },
  async 'key-and-qr'(page, tx) {
    const expected = sandboxBrebInstructions({ id: tx.id, amount: tx.amount });
    expect((await page.getByTestId('breb-key').textContent())?.trim()).toBe(expected.key);
    expect(expected.key).toBe(`@cashin${tx.id.slice(-8)}`);
    expect(await decodeQrElement(page.getByTestId('qr-image'))).toBe(expected.qrPayload);
    expect(await copiedText(page, () => page.getByTestId('copy-button').first().click())).toBe(expected.key);
  },
  async 'bank-account'(page, tx) {
    const expected = sandboxBankTransfer({ id: tx.id });
    expect((await page.getByTestId('reference').textContent())?.trim()).toBe(tx.id);
    expect(await page.getByTestId('bank-name').textContent()).toBe(expected.bank);
    expect((await page.getByTestId('nit').textContent())?.trim()).toBe(expected.nit);
    expect(await copiedText(page, () => page.locator('[data-copy-target="reference"]').click())).toBe(tx.id);
    expect(await copiedText(page, () => page.locator('[data-copy-target="account-number"]').click())).toBe(
      expected.accountNumber.replace(/\D/g, ''),
    );
  },
};

describe('COP checkout page', { timeout: payerJourneyTimeoutMs }, () => {
  it.each(checkoutRows.map((row) => [row.method, checkoutBodyOf(row)] as const))(
    '%s (%s): shows the method, pays in the sandbox, and reports PAID',
    async (method, body) => {
      const tx = await purchaseWithInstruction(
        { ...copBody(), amount, paymentMethod: method, postbackUrl: setup.receiver.url },
        (t) => Boolean(t.redirectUrl),
      );
      const { context, page, watch } = await newPayerContext(setup.browser);
      try {
        expectPageHeaders(await page.goto(tx.redirectUrl), 200);
        expect(await page.locator('[data-method]').getAttribute('data-method')).toBe(method);
        expect(await page.getByTestId('amount').first().textContent()).toBe(formatMoney(amount, 'COP'));
        expect(await page.getByTestId('amount').first().textContent()).toBe('$\u00a0123.456');
        expect(await page.getByTestId('status').getAttribute('data-status')).toBe('PENDING');
        await bodySteps[body](page, tx);
        await screenshots(page, `checkout-${method.toLowerCase()}`);

        await Promise.all([page.waitForURL(/\?result=1$/), page.getByTestId('pay-button').click()]);
        await page.locator('[data-testid="status"][data-status="PAID"]').waitFor({ timeout: 10_000 });
        if (body === 'bank-choice') await saveScreenshot(page, 'checkout-result');
        await expectPaidAndNotified(tx.id, setup.receiver);

        expectPageHeaders(await page.goto(tx.redirectUrl), 200);
        expect(await page.getByTestId('status').getAttribute('data-status')).toBe('PAID');
        expect(await page.getByTestId('pay-button').count()).toBe(0);
        expect(watch).toEqual({ foreignRequests: [], cspViolations: [], pageErrors: [] });
      } finally {
        await context.close();
      }
    },
  );

  it('the Pay action refuses a bank choice without a bank and a wallet request without the confirmation (400)', async () => {
    const refusedForms: Partial<Record<CheckoutBody, [form: string, field: string]>> = {
      'bank-choice': ['bank=', 'bank: '],
      'wallet-request': ['confirmPhone=no', 'confirmPhone: '],
    };
    const asking = checkoutRows.filter((row) => refusedForms[checkoutBodyOf(row)]);
    expect(asking.length).toBeGreaterThan(1);
    for (const row of asking) {
      const [form, field] = refusedForms[checkoutBodyOf(row)]!;
      const method = row.method;
      const tx = await purchaseWithInstruction({ ...copBody(), paymentMethod: method }, (t) =>
        Boolean(t.redirectUrl),
      );
      const token = new URL(tx.redirectUrl).pathname.split('/').pop();
      const response = await call('POST', `/pay/${token}/sandbox-pay`, {
        key: null,
        rawBody: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.text).toContain(field);
      expect((await call('GET', `/transactions/${tx.id}`)).body.status).toBe('PENDING');
    }
  });
});
