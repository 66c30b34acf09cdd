// Issue 30 item 9: the dashboard's subscriptions in pt-BR and es, at 390 and 1280 px: the list
// (status, amount per cycle and billing cycle, method, next charge as words; the filter in the
// URL; cards on a phone), a detail with its cycles and their charges, Cancel asked first, and an
// unknown id shown as not found. One Chromium, one page per language.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { es } from '../../functions/dashboard/i18n/messages/es.ts';
import { ptBR } from '../../functions/dashboard/i18n/messages/pt-br.ts';
import { dayStart } from '../../shared/time/zoned-days.ts';
import { call, createKey, sharedStack } from '../support/api.ts';
import { desktopWidth, launchBrowser, newPayerContext, phoneWidth } from '../support/browser.ts';
import { checkPage, eventually, open } from '../support/dashboard-navigation.ts';
import { boletoBody, validCnpj, validCpf } from '../support/purchase-fixtures.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** An account selling a monthly offer, with a PIX subscription at cycle 2 (cycle 1 unpaid) and a BOLETO one at cycle 1. */
async function merchantWithSubscriptions() {
  const merchant = await createKey(['isInvoiceAvailable', 'createTransaction', 'manageAccount']);
  const key = merchant.secretKey;
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await call(method, path, { key, ...(body === undefined ? {} : { body }) });
    expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
    return response.body;
  };
  await api('PUT', '/v2/account/settings', { responsibleDocument: validCnpj });
  const product = await api('POST', '/v2/products', { name: 'Clube do livro' });
  const offer = await api('POST', '/v2/offers', {
    productId: product.id,
    name: 'Mensal',
    amount: 4_990,
    billingCycle: 'MONTHLY',
  });
  const customer = {
    name: 'Maria da Silva',
    email: 'maria@example.com.br',
    phone: '(11) 91234-5678',
    document: validCpf,
    address: boletoBody().boletoAddress,
  };
  const pix = await api('POST', '/v2/subscriptions', { offerId: offer.id, customer, paymentMethod: 'PIX' });
  const boleto = await api('POST', '/v2/subscriptions', {
    offerId: offer.id,
    customer,
    paymentMethod: 'BOLETO',
  });
  const run = await api('POST', `/sandbox/subscriptions/${pix.id}/next-cycle`);
  return { key, pix: run.subscription, boleto, firstCharge: pix.currentTransactionId as string };
}

describe.each([
  ['pt-BR', ptBR],
  ['es', es],
] as const)('subscriptions in the dashboard in %s', (locale, words) => {
  it('lists them in words, opens one with its cycles, cancels after asking, and says not found', async () => {
    const { key, pix, boleto, firstCharge } = await merchantWithSubscriptions();
    const dashboardUrl = `${sharedStack().baseUrl}/dashboard/`;
    const { context, page, watch } = await newPayerContext(browser, desktopWidth, undefined, locale);
    try {
      await page.goto(dashboardUrl);
      await page.getByLabel(words['signIn.key']).fill(key);
      await page.keyboard.press('Enter');
      await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(words['nav.home']);

      // The list: amount with its cents and the cycle, status, method and next charge as words.
      await open(page, words['nav.subscriptions'], words['app.sections']);
      const pixRow = page.locator(`tr[data-id="${pix.id}"]`);
      await eventually(() => pixRow.count()).toBe(1);
      const amount = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(49.9);
      const chargeAt = new Intl.DateTimeFormat(locale, {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone: 'America/Sao_Paulo',
      }).format(dayStart(pix.nextChargeDate, 'America/Sao_Paulo'));
      const rowText = await pixRow.textContent();
      for (const expected of [
        `${amount} · ${words['cycle.MONTHLY']}`,
        // Cycle 1 ended unpaid when cycle 2 was run: PAST_DUE.
        words['status.subscription.PAST_DUE'],
        'Pix',
        chargeAt,
        'Maria da Silva',
      ])
        expect(rowText).toContain(expected);
      expect(rowText).not.toContain('MONTHLY');
      expect(await page.locator(`tr[data-id="${boleto.id}"]`).textContent()).toContain('Boleto');
      // The filter lives in the URL: reload keeps it.
      await page.locator('select[name="status"]').selectOption('CANCELED');
      await page.getByRole('button', { name: words['subscriptions.apply'] }).click();
      await eventually(() => page.url()).toContain('status=CANCELED');
      await page.reload();
      await eventually(() => page.getByText(words['subscriptions.none']).count()).toBe(1);
      expect(await page.locator('select[name="status"]').inputValue()).toBe('CANCELED');
      await page.goBack();
      await eventually(() => pixRow.count()).toBe(1);
      // On a phone each row is a card on screen that leads with the amount and the status.
      await page.setViewportSize({ width: phoneWidth, height: 844 });
      const card = await pixRow.evaluate((row) => {
        const box = (name: string) => row.querySelector(`.card-${name}`)!.getBoundingClientRect();
        return { amount: box('amount'), status: box('status'), method: box('method'), id: box('id') };
      });
      expect(card.amount.right).toBeLessThanOrEqual(phoneWidth);
      expect(card.status.right).toBeLessThanOrEqual(phoneWidth);
      expect(card.amount.top).toBeLessThan(card.method.top);
      expect(card.status.top).toBeLessThan(card.id.top);
      await page.setViewportSize({ width: desktopWidth, height: 900 });
      await checkPage(page, `subscriptions-${locale}`);

      // The detail: its terms in words, its two cycles newest first with their charges.
      await pixRow.getByRole('link', { name: pix.id }).click();
      const fields = page.getByTestId('subscription-fields');
      await eventually(() => fields.count()).toBe(1);
      expect(await page.getByTestId('subscription-cycle').textContent()).toBe(words['cycle.MONTHLY']);
      expect(await page.getByTestId('subscription-method').textContent()).toBe('Pix');
      expect(await page.getByTestId('subscription-amount').textContent()).toBe(amount);
      expect(await page.getByTestId('subscription-next-charge').textContent()).toBe(chargeAt);
      const cycles = page.locator('[data-testid="subscription-cycles"] tbody tr');
      await eventually(() => cycles.evaluateAll((rows) => rows.map((row) => row.dataset.cycle))).toEqual([
        '2',
        '1',
      ]);
      expect(await cycles.nth(1).getAttribute('data-id')).toBe(firstCharge);
      expect(await cycles.nth(0).getAttribute('data-id')).toBe(pix.currentTransactionId);
      await checkPage(page, `subscription-${locale}`);

      // Cancel asks first; nothing is posted before the answer.
      await page.getByRole('button', { name: words['subscription.cancel'] }).click();
      await eventually(() => page.getByText(words['subscription.cancelConfirm']).count()).toBe(1);
      await checkPage(page, `subscription-cancel-${locale}`);
      expect((await call('GET', `/v2/subscriptions/${pix.id}`, { key })).body.status).toBe('PAST_DUE');
      await page.getByRole('button', { name: words['subscription.cancelYes'] }).click();
      await eventually(() => page.getByTestId('subscription-status').textContent()).toBe(
        words['status.subscription.CANCELED'],
      );
      expect(await page.getByTestId('subscription-cancel-reason').textContent()).toBe(
        words['cancelReason.MERCHANT'],
      );
      expect(await page.getByTestId('subscription-next-charge').textContent()).toBe(
        words['subscription.noNextCharge'],
      );
      expect((await call('GET', `/v2/subscriptions/${pix.id}`, { key })).body.status).toBe('CANCELED');

      // An unknown id: not found, nothing of the previous subscription left.
      await page.evaluate(() => {
        location.hash = `#/subscriptions/sub_${'0'.repeat(32)}`;
      });
      await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(
        words['subscription.notFound'].split(' {id}')[0]!,
      );
      expect(await fields.count()).toBe(0);
      await checkPage(page, `subscription-not-found-${locale}`);
      expect(watch.pageErrors).toEqual([]);
      expect(watch.cspViolations).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
