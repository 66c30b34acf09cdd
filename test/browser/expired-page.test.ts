// PENDING → EXPIRED end to end, on a stack of its own whose sandbox charges can be paid for a
// few seconds (SANDBOX_CHARGE_TTL_MS): the payment watch closes the charge at its deadline and
// the transaction becomes EXPIRED, the payer's link shows the 410 expired page in Chromium, and
// paying is refused (API 409; the page's Pay button sends the payer back to the expired page).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { issueApiKey } from '../../shared/accounts/issue-api-key.ts';
import { dynamo } from '../../shared/aws/clients.ts';
import { keys } from '../../shared/store/keys.ts';
import { type CallOptions, call, pollUntil } from '../support/api.ts';
import { launchBrowser, newPayerContext, saveScreenshot } from '../support/browser.ts';
import { expectPageHeaders } from '../support/hosted-page-flow.ts';
import { ownStackTable } from '../support/own-stack.ts';
import { bobBody, copBody } from '../support/purchase-fixtures.ts';

const chargeTtlMs = 4000;
let stack: LocalStack;
let browser: Browser;
let key: { secretKey: string; accountId: string };

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startLocalStack({
      ...ownStackTable(),
      port: 0,
      env: {
        LOG_LEVEL: 'silent',
        SANDBOX_CHARGE_TTL_MS: String(chargeTtlMs),
        SANDBOX_INSTRUCTION_DELAY_MS: '100',
        PAYMENT_POLL_SCHEDULE: '250ms,500ms,1s',
      },
    }),
    launchBrowser(),
  ]);
  key = await issueApiKey({ permissions: ['createTransaction'] });
}, 180_000);

afterAll(async () => {
  await Promise.all([browser?.close(), stack?.stop()]);
});

const api = (method: string, path: string, options: CallOptions = {}) =>
  call(method, path, { key: key.secretKey, baseUrl: stack.baseUrl, ...options });

/** Buys, waits for the instruction, then for the charge's end: EXPIRED through the API. */
async function expiredTransaction(body: Record<string, unknown>, filled: (tx: any) => boolean) {
  const created = await api('POST', '/transactions/v2/purchase', { body });
  expect(created.status, created.text).toBe(201);
  const withInstruction = await pollUntil(
    async () => (await api('GET', `/transactions/${created.body.id}`)).body,
    filled,
    15_000,
    50,
  );
  expect(filled(withInstruction)).toBe(true);
  expect(withInstruction.expiresAt).toEqual(expect.any(String));
  const expired = await pollUntil(
    async () => (await api('GET', `/transactions/${created.body.id}`)).body,
    (tx) => tx.status === 'EXPIRED',
    chargeTtlMs + 30_000,
    200,
  );
  expect(expired).toMatchObject({ status: 'EXPIRED', paidAt: null });
  return expired;
}

describe('an expired transaction', () => {
  it('COP: EXPIRED through the API, 410 page in the browser, sandbox pay → 409', async () => {
    const tx = await expiredTransaction({ ...copBody(), paymentMethod: 'NEQUI' }, (t) =>
      Boolean(t.redirectUrl),
    );

    const { context, page, watch } = await newPayerContext(browser, undefined, stack.baseUrl);
    try {
      expectPageHeaders(await page.goto(tx.redirectUrl), 410);
      expect(await page.getByTestId('status').getAttribute('data-status')).toBe('EXPIRED');
      expect(await page.getByTestId('pay-button').count()).toBe(0);
      await saveScreenshot(page, 'checkout-expired');
      expect(watch).toEqual({ foreignRequests: [], cspViolations: [], pageErrors: [] });
    } finally {
      await context.close();
    }

    const pay = await api('POST', `/sandbox/transactions/${tx.id}/pay`);
    expect(pay.status).toBe(409);
    expect(pay.body).toEqual({
      statusCode: 409,
      message: expect.stringContaining('expired'),
      error: 'Conflict',
    });
    const path = new URL(tx.redirectUrl).pathname;
    const token = path.split('/').pop()!;
    const fromPage = await api('POST', `/pay/${token}/sandbox-pay`, {
      key: null,
      rawBody: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(fromPage.status).toBe(303);
    expect(new URL(fromPage.headers.get('location')!, stack.baseUrl).pathname).toBe(path);
    // Still EXPIRED, never PAID, and no cashin.paid event.
    expect((await api('GET', `/transactions/${tx.id}`)).body.status).toBe('EXPIRED');
    expect((await api('GET', `/transactions/${tx.id}/events`)).body.data).toEqual([]);
  }, 120_000);

  it('BOB: the QR page answers 410 once expired', async () => {
    const tx = await expiredTransaction(bobBody(), (t) => Boolean(t.qr));
    // The QR page's link is not in the API object (docs/api.md): read its token from the table.
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: stack.tableName, Key: keys.transactionDetails(key.accountId, tx.id) }),
    );
    const { context, page } = await newPayerContext(browser, undefined, stack.baseUrl);
    try {
      expectPageHeaders(await page.goto(`${stack.baseUrl}/pay/qr/${Item!.pageToken}`), 410);
      expect(await page.getByTestId('status').getAttribute('data-status')).toBe('EXPIRED');
    } finally {
      await context.close();
    }
  }, 120_000);
});
