// Issue 32 leftovers, in pt-BR and es at 390 and 1280 px, one test each: billing cycles and event types show as
// the catalogue's words, never their codes (products' offers and cycle options, the webhook
// deliveries and opt-in types, a transaction's events); a retrying event in the webhook deliveries
// shows its next attempt and can be redelivered now; the API's field errors read in the
// dashboard's language. One Chromium and one webhook receiver for the file, one page per language.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { es } from '../../functions/dashboard/i18n/messages/es.ts';
import { ptBR } from '../../functions/dashboard/i18n/messages/pt-br.ts';
import { dynamo } from '../../shared/aws/clients.ts';
import { billingCycles } from '../../shared/catalog/offer.ts';
import { tableName } from '../../shared/config.ts';
import { optInEventTypeNames } from '../../shared/events/event-types.ts';
import { keys } from '../../shared/store/keys.ts';
import { call, createKey, pollUntil, sharedStack, useSharedStore } from '../support/api.ts';
import { desktopWidth, newPayerContext, type PageWatch, useBrowserAndReceiver } from '../support/browser.ts';
import { checkPage, eventually, open } from '../support/dashboard-navigation.ts';
import { bobBody } from '../support/purchase-fixtures.ts';

const setup = useBrowserAndReceiver();

/** A paid transaction whose cashin.paid was delivered, then made to wait an hour for a retry. */
async function retryingEvent(key: string, accountId: string) {
  const created = await call('POST', '/transactions/v2/purchase', { key, body: bobBody() });
  expect(created.status, created.text).toBe(201);
  const id = created.body.id as string;
  await pollUntil(
    async () => (await call('GET', `/transactions/${id}`, { key })).body,
    (tx) => Boolean(tx.qr),
    10_000,
    50,
  );
  expect((await call('POST', `/sandbox/transactions/${id}/pay`, { key })).status).toBe(202);
  const [delivered] = await pollUntil(
    async () => (await call('GET', `/transactions/${id}/events`, { key })).body.data ?? [],
    (data) => data[0]?.deliveryStatus === 'DELIVERED',
    15_000,
    100,
  );
  const nextAttemptAt = new Date(Date.now() + 3_600_000).toISOString();
  const work = keys.pendingWork('deliver-event', nextAttemptAt, id);
  useSharedStore();
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.event(accountId, id, 'cashin.paid'),
      UpdateExpression:
        'SET deliveryStatus = :pending, runAttempts = :one, nextAttemptAt = :next, gsi2pk = :pk, gsi2sk = :sk',
      ExpressionAttributeValues: {
        ':pending': 'PENDING',
        ':one': 1,
        ':next': nextAttemptAt,
        ':pk': work.gsi2pk,
        ':sk': work.gsi2sk,
      },
    }),
  );
  return { eventId: delivered.id as string, attemptCount: delivered.attemptCount as number, nextAttemptAt };
}

describe.each([
  ['pt-BR', ptBR],
  ['es', es],
] as const)('the dashboard in %s', (locale, words) => {
  // One signed-in page for the three defects: each `it` opens its own section.
  let key: string;
  let retrying: Awaited<ReturnType<typeof retryingEvent>>;
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    const merchant = await createKey(['isInvoiceAvailable', 'createTransaction', 'manageAccount']);
    key = merchant.secretKey;
    await call('PUT', '/v2/account/webhook', { key, body: { url: setup.receiver.url } });
    const product = await call('POST', '/v2/products', { key, body: { name: 'Clube do livro' } });
    const offer = await call('POST', '/v2/offers', {
      key,
      body: { productId: product.body.id, name: 'Plano', amount: 4_990, billingCycle: 'MONTHLY' },
    });
    expect(offer.status, offer.text).toBe(201);
    retrying = await retryingEvent(key, merchant.accountId);
    ({ context, page, watch } = await newPayerContext(setup.browser, desktopWidth, undefined, locale));
    await page.goto(`${sharedStack().baseUrl}/dashboard/`);
    await page.getByLabel(words['signIn.key']).fill(key);
    await page.keyboard.press('Enter');
    // expect.poll works inside tests only: wait for Home by the page itself.
    await page.getByRole('heading', { level: 1, name: words['nav.home'] }).waitFor({ timeout: 30_000 });
  }, 90_000);

  afterAll(async () => {
    await context?.close();
  });

  it('shows billing cycles and event types as words, never codes', async () => {
    await open(page, words['nav.products'], words['app.sections']);
    await page.getByRole('button', { name: /Clube do livro/ }).click();
    const offers = page.getByTestId('offers');
    await eventually(() => offers.textContent()).toContain(words['cycle.MONTHLY']);
    expect(await offers.textContent()).not.toContain('MONTHLY');
    const options = await page
      .locator('#offer-cycle option:not([value=""])')
      .evaluateAll((found) => found.map((option) => option.textContent));
    expect(options).toEqual(billingCycles.map((cycle) => words[`cycle.${cycle}`]));
    await checkPage(page, `products-cycles-${locale}`);

    await open(page, words['nav.webhooks'], words['app.sections']);
    const row = page.locator(`[data-testid="deliveries"] tr[data-id="${retrying.eventId}"]`);
    await eventually(() => row.count()).toBe(1);
    const rowText = await row.textContent();
    expect(rowText).toContain(words['eventType.cashin.paid']);
    expect(rowText).not.toContain('cashin.paid');
    const optIn = (await page.locator('label.check').allTextContents()).join(' ');
    for (const type of optInEventTypeNames) expect(optIn).toContain(words[`eventType.${type}`]);
    await checkPage(page, `webhooks-words-${locale}`);
  }, 60_000);

  it('shows a retrying delivery with its next attempt and redelivers it now', async () => {
    await open(page, words['nav.webhooks'], words['app.sections']);
    const row = page.locator(`[data-testid="deliveries"] tr[data-id="${retrying.eventId}"]`);
    await eventually(() => row.textContent()).toContain(words['status.delivery.PENDING']);
    await eventually(() => row.getByTestId('next-attempt').count()).toBe(1);
    expect(await row.getByTestId('next-attempt').textContent()).toContain(
      new Intl.DateTimeFormat(locale, {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone: 'America/Sao_Paulo',
      }).format(new Date(retrying.nextAttemptAt)),
    );
    await checkPage(page, `webhooks-retrying-${locale}`);
    await row.getByRole('button', { name: words['detail.redeliverNow'] }).click();
    await eventually(
      async () =>
        (await call('GET', '/events?limit=5', { key })).body.data.find(
          (event: { id: string }) => event.id === retrying.eventId,
        )?.attemptCount,
    ).toBe(retrying.attemptCount + 1);
    await eventually(() => row.textContent()).toContain(words['status.delivery.DELIVERED']);
  }, 60_000);

  it("words the API's field errors in the language, under their field", async () => {
    await open(page, words['nav.webhooks'], words['app.sections']);
    await page.getByLabel(words['webhooks.url']).fill('ftp://example.com/hooks');
    await page.getByRole('button', { name: words['webhooks.saveUrl'] }).click();
    await eventually(() => page.locator('#webhook-url-error').count()).toBe(1);
    expect(await page.locator('#webhook-url-error').textContent()).toBe(words['apiRule.url']);
    await checkPage(page, `webhooks-url-error-${locale}`);
    await open(page, words['nav.checkout'], words['app.sections']);
    await page.getByLabel(words['checkout.document']).fill('123');
    await page.getByRole('button', { name: words['checkout.saveDetails'] }).click();
    await eventually(() => page.locator('#sale-document-error').count()).toBe(1);
    expect(await page.locator('#sale-document-error').textContent()).toBe(words['apiRule.document']);
    expect(watch.pageErrors).toEqual([]);
  }, 60_000);
});
