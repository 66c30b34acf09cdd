// Issue 31 item 7: a merchant refunds part of a paid transaction from its detail, through a
// confirmation step, sees the refund listed (then settled) and Home's balance card count it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../../functions/dashboard/format.ts';
import { call, createKey, pollUntil, sharedStack } from '../support/api.ts';
import { desktopWidth, launchBrowser, newPayerContext } from '../support/browser.ts';
import { checkPage, eventually } from '../support/dashboard-navigation.ts';
import { bobBody } from '../support/purchase-fixtures.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function paidTransaction(key: string): Promise<{ id: string; amount: number; costFee: number }> {
  const created = await call('POST', '/transactions/v2/purchase', { key, body: bobBody() });
  expect(created.status, created.text).toBe(201);
  await pollUntil(
    async () => (await call('GET', `/transactions/${created.body.id}`, { key })).body,
    (tx) => Boolean(tx.qr),
    15_000,
    50,
  );
  expect((await call('POST', `/sandbox/transactions/${created.body.id}/pay`, { key })).status).toBe(202);
  return pollUntil(
    async () => (await call('GET', `/transactions/${created.body.id}`, { key })).body,
    (tx) => tx.status === 'PAID',
    10_000,
    50,
  );
}

describe('dashboard refund', () => {
  it('refunds part of a paid transaction after confirming, lists it and counts it in the balance', async () => {
    const merchant = await createKey(['createTransaction', 'manageAccount']);
    const tx = await paidTransaction(merchant.secretKey);
    const { context, page } = await newPayerContext(browser, desktopWidth);
    try {
      await page.goto(`${sharedStack().baseUrl}/dashboard/`);
      await page.getByLabel('Secret key').fill(merchant.secretKey);
      await page.keyboard.press('Enter');
      // A refund is out of `available` from the moment it is taken (the rail settles it later).
      const availableCell = page.locator(
        '[data-testid="balance-row"][data-currency="BOB"] [data-field="available"]',
      );
      const paidIn = tx.amount - tx.costFee;
      await eventually(() => availableCell.textContent()).toBe(money(paidIn, 'BOB'));

      await page.goto(`${sharedStack().baseUrl}/dashboard/#/transactions/${tx.id}`);
      await page.getByTestId('refund-open').click();
      // The field starts with what is left, written as Bolivians write it.
      await eventually(() => page.getByLabel(/^Amount/).inputValue()).toBe('100,00');
      await page.getByLabel(/^Amount/).fill('120,00');
      await page.getByRole('button', { name: 'Review refund' }).click();
      await eventually(() => page.getByRole('alert').textContent()).toContain('what is left to refund');
      await page.getByLabel(/^Amount/).fill('25,00');
      await page.getByLabel('Reason (optional)').fill('Talla equivocada');
      await page.getByRole('button', { name: 'Review refund' }).click();
      // Nothing is posted before the confirmation.
      await eventually(() => page.getByTestId('refund-confirm-text').textContent()).toContain(
        money(2500, 'BOB'),
      );
      expect(
        (await call('GET', `/transactions/${tx.id}/refunds`, { key: merchant.secretKey })).body.data,
      ).toEqual([]);
      await page.getByTestId('refund-confirm').click();

      const row = page.getByTestId('refund');
      await eventually(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain('Talla equivocada');
      expect(await row.textContent()).toContain(money(2500, 'BOB'));
      // Its status in words, not the API's code (the sandbox settles it at once).
      await eventually(async () => row.locator('[data-status]').textContent()).toMatch(
        /^(Pending|Refunded)$/,
      );
      await eventually(() => page.getByTestId('refunded-amount').textContent()).toBe(money(2500, 'BOB'));
      await checkPage(page, 'transaction-refunds');

      await page.goto(`${sharedStack().baseUrl}/dashboard/#/`);
      await page.reload();
      await eventually(() => availableCell.textContent()).toBe(money(paidIn - 2500, 'BOB'));
      await checkPage(page, 'home-balance');
    } finally {
      await context.close();
    }
    // ~30 s on the shared 2-core machine (two axe runs at two widths, a paid transaction first).
  }, 60_000);
});
