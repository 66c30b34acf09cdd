// PENDING → EXPIRED end to end: the rail reports the charge expired (as a provider would at
// the end of its validity), the payment worker moves the transaction to EXPIRED, the payer's
// link shows the 410 expired page in Chromium, and paying it is refused (API 409; the page's
// Pay button just sends the payer back to the expired page).
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../shared/aws/clients.ts';
import { sandboxRailName } from '../../shared/rails/sandbox/sandbox-rail.ts';
import { keys } from '../../shared/store/keys.ts';
import { call, pollUntil, sharedStack, useSharedStore } from '../support/api.ts';
import { newPayerContext, saveScreenshot, useBrowserAndReceiver } from '../support/browser.ts';
import { expectPageHeaders, purchaseWithInstruction } from '../support/hosted-page-flow.ts';
import { bobBody, copBody } from '../support/purchase-fixtures.ts';

const setup = useBrowserAndReceiver();

/** The sandbox rail's side: this charge's validity ended a moment ago. */
async function expireOnTheRail(tx: { id: string; currency: string; method: string }): Promise<void> {
  useSharedStore();
  await dynamo().send(
    new UpdateCommand({
      TableName: sharedStack().tableName,
      Key: keys.railCharge(sandboxRailName(tx as Parameters<typeof sandboxRailName>[0]), tx.id),
      UpdateExpression: 'SET expiresAt = :past',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }),
  );
}

async function expiredThroughTheApi(id: string) {
  const tx = await pollUntil(
    async () => (await call('GET', `/transactions/${id}`)).body,
    (t) => t.status === 'EXPIRED',
    20_000,
    100,
  );
  expect(tx.status).toBe('EXPIRED');
  expect(tx.paidAt).toBeNull();
  return tx;
}

describe('an expired transaction', () => {
  it('COP: EXPIRED through the API, 410 page in the browser, sandbox pay → 409', async () => {
    const tx = await purchaseWithInstruction({ ...copBody(), paymentMethod: 'NEQUI' }, (t) =>
      Boolean(t.redirectUrl),
    );
    await expireOnTheRail(tx);
    await expiredThroughTheApi(tx.id);

    const { context, page, watch } = await newPayerContext(setup.browser);
    try {
      expectPageHeaders(await page.goto(tx.redirectUrl), 410);
      expect(await page.getByTestId('status').getAttribute('data-status')).toBe('EXPIRED');
      expect(await page.getByTestId('pay-button').count()).toBe(0);
      await saveScreenshot(page, 'checkout-expired');
      expect(watch).toEqual({ foreignRequests: [], cspViolations: [], pageErrors: [] });
    } finally {
      await context.close();
    }

    const pay = await call('POST', `/sandbox/transactions/${tx.id}/pay`);
    expect(pay.status).toBe(409);
    expect(pay.body).toEqual({
      statusCode: 409,
      message: expect.stringContaining('expired'),
      error: 'Conflict',
    });
    const path = new URL(tx.redirectUrl).pathname;
    const token = path.split('/').pop()!;
    const fromPage = await call('POST', `/pay/${token}/sandbox-pay`, {
      key: null,
      rawBody: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(fromPage.status).toBe(303);
    expect(new URL(fromPage.headers.get('location')!, sharedStack().baseUrl).pathname).toBe(path);
    // Still EXPIRED, never PAID, and no cashin.paid event.
    expect((await call('GET', `/transactions/${tx.id}`)).body.status).toBe('EXPIRED');
    expect((await call('GET', `/transactions/${tx.id}/events`)).body.data).toEqual([]);
  });

  it('BOB: the QR page answers 410 once expired', async () => {
    const tx = await purchaseWithInstruction(bobBody(), (t) => Boolean(t.qr));
    await expireOnTheRail(tx);
    await expiredThroughTheApi(tx.id);
    // The QR page's link is not in the API object (README): read its token from the table.
    const { Item } = await dynamo().send(
      new GetCommand({
        TableName: sharedStack().tableName,
        Key: keys.transaction(sharedStack().accountId, tx.id),
      }),
    );
    const { context, page } = await newPayerContext(setup.browser);
    try {
      expectPageHeaders(await page.goto(`${sharedStack().baseUrl}/pay/qr/${Item!.pageToken}`), 410);
      expect(await page.getByTestId('status').getAttribute('data-status')).toBe('EXPIRED');
    } finally {
      await context.close();
    }
  });
});
