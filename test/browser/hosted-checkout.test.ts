// The payer's whole journey in Chromium, for one BRL method, one COP method and the BOB method: the
// hosted checkout's form (its script shows the chosen method's fields and refuses a bad one in the
// payer's language before any request), the post, the method's payer page, which switches to its
// paid state by itself when the payment arrives, and "back to the store". Each page is checked
// with axe and photographed at 390 and 1280 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { inputIdOf } from '../../shared/hosted-pages/render/checkout-form-page.ts';
import { formatMoney } from '../../shared/hosted-pages/render/money-format.ts';
import { methodName, type PaymentMethodRow, paymentMethods } from '../../shared/payment-methods.ts';
import { railNameFor } from '../../shared/rails/rail-choice.ts';
import { call, createKey } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import {
  desktopWidth,
  newPayerContext,
  overflowsHorizontally,
  payerJourneyTimeoutMs,
  phoneWidth,
  saveScreenshot,
  useBrowserAndReceiver,
} from '../support/browser.ts';
import { expectPageHeaders } from '../support/hosted-page-flow.ts';
import { bodyFor, checkoutFormFor, validCnpj } from '../support/purchase-fixtures.ts';

const setup = useBrowserAndReceiver();
let seller: string;
const api = (method: string, path: string, body?: unknown) =>
  call(method, path, { key: seller, ...(body === undefined ? {} : { body }) });

beforeAll(async () => {
  const selling = await createKey(['createTransaction', 'isInvoiceAvailable']);
  seller = selling.secretKey;
  const manager = (await createKey(['manageAccount'], { accountId: selling.accountId })).secretKey;
  await call('PUT', '/v2/account/settings', { key: manager, body: { responsibleDocument: validCnpj } });
});

const served = (currency: string) =>
  paymentMethods.filter((row) => row.currency === currency && railNameFor(row));
/** One method per currency: Pix for BRL (its row is not the first, so choosing it is part of the journey). */
const journeys: PaymentMethodRow[] = [
  served('BRL').find((row) => row.request === 'PixPurchase')!,
  served('COP')[0]!,
  served('BOB')[0]!,
];

/** Axe finds nothing serious, nothing sticks out at 390 px, and both widths are photographed. */
async function checkAndPhotograph(page: Page, name: string): Promise<void> {
  expect(await overflowsHorizontally(page), `${name} fits ${phoneWidth} px`).toBe(false);
  expect(await seriousViolations(page), `${name}: axe at ${phoneWidth} px`).toEqual([]);
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: desktopWidth, height: 900 });
  expect(await seriousViolations(page), `${name}: axe at ${desktopWidth} px`).toEqual([]);
  await saveScreenshot(page, name);
  await page.setViewportSize({ width: phoneWidth, height: 844 });
}

describe('the hosted checkout', { timeout: payerJourneyTimeoutMs }, () => {
  it.each(journeys.map((row) => [`${row.currency} ${row.method}`, row] as const))(
    '%s: form, script checks, post, payer page, paid by itself, back to the store',
    async (_name, row) => {
      const amount = bodyFor(row).amount as number;
      const product = (
        await api('POST', '/v2/products', { name: 'Camiseta básica', description: 'Algodão orgânico' })
      ).body;
      const offer = (
        await api('POST', '/v2/offers', {
          productId: product.id,
          name: 'Tamanho M',
          amount,
          currency: row.currency,
        })
      ).body;
      const session = (
        await api('POST', '/v2/checkout-sessions', {
          offerId: offer.id,
          successUrl: 'https://loja.example/obrigado',
          cancelUrl: 'https://loja.example/carrinho',
          postbackUrl: setup.receiver.url,
        })
      ).body;
      const { context, page, watch } = await newPayerContext(setup.browser);
      try {
        expectPageHeaders(await page.goto(session.url), 200);
        expect(await page.getByTestId('product-name').textContent()).toBe('Camiseta básica');
        expect(await page.getByTestId('amount').textContent()).toBe(formatMoney(amount, row.currency));
        const lang = row.currency === 'BRL' ? 'pt' : 'es';
        await page.getByRole('radio', { name: methodName(row, lang) }).check();
        const form = checkoutFormFor(row);
        const document = Object.keys(form).find((name) => name === 'cpf' || name === 'responsibleDocument')!;
        for (const [name, value] of Object.entries(form))
          if (name !== 'paymentMethod') await page.locator(`#${inputIdOf(name)}`).fill(value);
        // Fields another method needs are hidden (and not sent).
        for (const hidden of await page.locator('[data-methods]').all())
          expect(await hidden.isVisible()).toBe(
            ((await hidden.getAttribute('data-methods')) ?? '').split(' ').includes(row.method),
          );
        await checkAndPhotograph(page, `hosted-checkout-${row.currency.toLowerCase()}`);

        // The script refuses a bad document with the purchase schema, in the payer's words.
        await page.locator(`#${inputIdOf(document)}`).fill('12');
        await page.getByTestId('submit').click();
        const error = page.locator(`#${inputIdOf(document)}-error`);
        await error.waitFor();
        expect(await error.textContent()).toMatch(lang === 'pt' ? /não é válido/ : /no es válido/);
        expect(new URL(page.url()).pathname).toMatch(/^\/checkout\//);
        await saveScreenshot(page, `hosted-checkout-${row.currency.toLowerCase()}-error`);

        await page.locator(`#${inputIdOf(document)}`).fill(form[document]!);
        await Promise.all([page.waitForURL(/\/pay\/\w+\/\d+\./), page.getByTestId('submit').click()]);
        const payerPage = page.url();
        await page.locator('[data-watch-status]').waitFor({ timeout: 15_000 });
        expect(await seriousViolations(page), 'payer page: axe').toEqual([]);

        // The payment arrives elsewhere (the payer's bank): the open page shows it by itself.
        const transactionId = (await api('GET', `/v2/checkout-sessions/${session.id}`)).body.transactionId;
        expect((await api('POST', `/sandbox/transactions/${transactionId}/pay`)).status).toBeLessThan(300);
        await page.locator('[data-testid="status"][data-status="PAID"]').waitFor({ timeout: 15_000 });
        expect(page.url()).toBe(payerPage);
        const back = page.getByTestId('back-to-store');
        expect(await back.getAttribute('href')).toBe('https://loja.example/obrigado');
        await checkAndPhotograph(page, `hosted-checkout-${row.currency.toLowerCase()}-paid`);
        expect(watch).toEqual({ foreignRequests: [], cspViolations: [], pageErrors: [] });
      } finally {
        await context.close();
      }
    },
  );
});
