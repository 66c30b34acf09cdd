// Every payer page kind watches its transaction: paid through the API (as the payer's bank
// would) or canceled by the merchant while the page is open, it switches by itself to the
// paid (canceled) state in the page's language, with no QR, code, line, barcode or Pay button
// left; opened again, the server renders that state. All pages stay open side by side in one context.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { langForCurrency } from '../../shared/hosted-pages/render/locale.ts';
import { messagesFor } from '../../shared/hosted-pages/render/messages.ts';
import { call, createKey } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import {
  desktopWidth,
  newPayerContext,
  phoneWidth,
  saveScreenshot,
  useBrowserAndReceiver,
} from '../support/browser.ts';
import {
  type OpenablePage,
  payableCodeCount,
  purchaseWithPage,
  rowPerPageKind,
} from '../support/payer-pages.ts';

const setup = useBrowserAndReceiver();

interface Opened {
  row: (typeof rowPerPageKind)[number];
  opened: OpenablePage;
  page: Page;
}

async function openAll(
  context: BrowserContext,
  account: { secretKey: string; accountId: string },
): Promise<Opened[]> {
  const pages: Opened[] = [];
  for (const row of rowPerPageKind) {
    const opened = await purchaseWithPage(row, account);
    const page = await context.newPage();
    expect((await page.goto(opened.url))?.status()).toBe(200);
    expect(await page.getByTestId('status').getAttribute('data-status')).toBe('PENDING');
    expect(await payableCodeCount(page), `${row.method} shows how to pay`).toBeGreaterThan(0);
    pages.push({ row, opened, page });
  }
  return pages;
}

async function expectSwitched(
  { row, opened, page }: Opened,
  status: 'PAID' | 'CANCELED',
  title: string,
): Promise<void> {
  const url = page.url();
  await page.locator(`[data-testid="status"][data-status="${status}"]`).waitFor({ timeout: 10_000 });
  expect(page.url(), 'the page switched by itself').toBe(url);
  expect(await page.locator('h1').textContent()).toBe(title);
  expect(await payableCodeCount(page), `${row.method}: nothing left to pay with`).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [phoneWidth, desktopWidth]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, `${opened.kind}-${status.toLowerCase()}`);
  }
  expect((await page.goto(opened.url))?.status()).toBe(status === 'PAID' ? 200 : 410);
  expect(await page.getByTestId('status').getAttribute('data-status')).toBe(status);
  expect(await payableCodeCount(page)).toBe(0);
}

describe('payer pages watch their transaction', () => {
  // One test opens every kind twice, so each page function starts cold only once. Every page
  // watches its transaction while the others are opened: on a busy 2-core machine it once took
  // over a minute.
  it('each page kind switches by itself to paid (paid through the API) or canceled (by the merchant), in its language, hiding the payable codes', async () => {
    const account = await createKey(['createTransaction']);
    const { context, watch } = await newPayerContext(setup.browser);
    try {
      const toPay = await openAll(context, account);
      const toCancel = await openAll(context, account);
      for (const { opened } of toPay) {
        const paid = await call('POST', `/sandbox/transactions/${opened.transactionId}/pay`, {
          key: account.secretKey,
        });
        expect(paid.status, paid.text).toBeLessThan(300);
      }
      for (const { opened } of toCancel) {
        const canceled = await call('POST', `/transactions/${opened.transactionId}/cancel`, {
          key: account.secretKey,
        });
        expect(canceled.status, canceled.text).toBe(200);
      }
      const lang = (opened: Opened) => messagesFor(langForCurrency(opened.row.currency));
      for (const opened of toPay) await expectSwitched(opened, 'PAID', lang(opened).paidTitle);
      for (const opened of toCancel) await expectSwitched(opened, 'CANCELED', lang(opened).canceledTitle);
      expect(watch.cspViolations).toEqual([]);
      expect(watch.pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
