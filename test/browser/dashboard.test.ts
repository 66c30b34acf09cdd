// A merchant's day in the dashboard, in Chromium: sign in, create a product with an image and an
// offer, see a purchase made through the API appear, open it, pay it in the sandbox, see PAID
// and the delivered cashin.paid, make the receiver fail, see the failure, redeliver, rotate the
// secret and end its overlap, create and revoke a key, set the branding and the payer e-mails, sign out. Every page is scanned with axe
// (0 serious or critical violations) and photographed at 390 and 1280 px.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { en } from '../../functions/dashboard/i18n/messages/en.ts';
import { es } from '../../functions/dashboard/i18n/messages/es.ts';
import { ptBR } from '../../functions/dashboard/i18n/messages/pt-br.ts';
import { dynamo } from '../../shared/aws/clients.ts';
import { billingCycles } from '../../shared/catalog/offer.ts';
import { tableName } from '../../shared/config.ts';
import { optInEventTypeNames } from '../../shared/events/event-types.ts';
import { methodName, paymentMethods, purchaseCurrencies } from '../../shared/payment-methods.ts';
import { keys } from '../../shared/store/keys.ts';
import { transactionStatuses } from '../../shared/transactions/transaction.ts';
import { call, createKey, pollUntil, sharedStack, useSharedStore } from '../support/api.ts';
import { desktopWidth, newPayerContext, phoneWidth, useBrowserAndReceiver } from '../support/browser.ts';
import { checkPage, eventually, open } from '../support/dashboard-navigation.ts';
import { bobBody, copBody } from '../support/purchase-fixtures.ts';

const setup = useBrowserAndReceiver();

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small one-colour PNG. */
function png(size = 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x50)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('merchant dashboard', () => {
  it("runs a merchant's day", async () => {
    const merchant = await createKey(['isInvoiceAvailable', 'createTransaction', 'manageAccount']);
    const key = merchant.secretKey;
    const dashboardUrl = `${sharedStack().baseUrl}/dashboard/`;
    const { context, page, watch } = await newPayerContext(setup.browser, desktopWidth);
    try {
      const response = await page.goto(dashboardUrl);
      expect(response?.status()).toBe(200);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');

      // Sign in with the keyboard; the key stays in sessionStorage only, never in the URL.
      await eventually(() => page.getByLabel('Secret key').count()).toBe(1);
      await checkPage(page, 'sign-in');
      await page.getByLabel('Secret key').fill('sk_test_notavalidkeynotavalidkeynotavalid');
      await page.keyboard.press('Enter');
      await eventually(() => page.getByRole('alert').textContent()).toContain('not valid');
      await page.getByLabel('Secret key').fill(key);
      await page.keyboard.press('Enter');
      await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Home');
      expect(page.url()).not.toContain(key);
      expect(await page.evaluate(() => document.cookie)).toBe('');
      expect(await page.evaluate(() => Object.values(sessionStorage))).toEqual([key]);
      expect(await page.evaluate(() => Object.values(localStorage))).toEqual([]);

      // The filters offer what the API accepts: the catalogues themselves, with the methods' names.
      await open(page, 'Transactions');
      const options = (name: string) =>
        page
          .locator(`select[name="${name}"] option:not([value=""])`)
          .evaluateAll((found) =>
            found.map((option) => [(option as HTMLOptionElement).value, option.textContent]),
          );
      expect(await options('status')).toEqual(
        transactionStatuses.map((status) => [status, en[`status.transaction.${status}`]]),
      );
      expect(await options('currency')).toEqual(purchaseCurrencies.map((currency) => [currency, currency]));
      expect(await options('method')).toEqual(
        paymentMethods.map((row) => [row.method, methodName(row, 'en')]),
      );

      // Products: create, image (415 in place, then a PNG with preview), an offer.
      await open(page, 'Products');
      await page.getByLabel('Name', { exact: true }).fill('Curso de violão');
      await page.getByRole('button', { name: 'Create product' }).click();
      const editor = page.getByTestId('product-editor');
      await eventually(() => editor.getByRole('heading', { level: 2 }).textContent()).toBe('Curso de violão');
      await editor.getByLabel(/Upload an image/).setInputFiles({
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not an image at all'),
      });
      await eventually(() => editor.locator('#product-image-error').textContent()).toMatch(
        /JPEG, PNG, WebP or GIF/,
      );
      await editor
        .getByLabel(/Upload an image/)
        .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png() });
      await eventually(() => editor.locator('img.preview').getAttribute('src')).toMatch(
        /\/_images\/products\//,
      );
      await editor.getByLabel('Offer name').fill('Mensal');
      await editor.getByLabel(/Amount/).fill('49,90');
      expect(
        await editor
          .getByLabel('Billing cycle')
          .locator('option')
          .evaluateAll((found) => found.map((option) => (option as HTMLOptionElement).value)),
      ).toEqual(['', ...billingCycles]);
      await editor.getByLabel('Billing cycle').selectOption('MONTHLY');
      await editor.getByRole('button', { name: 'Add offer' }).click();
      await eventually(() => editor.getByTestId('offers').textContent()).toContain(
        'Mensal · R$\u00a049,90 · Monthly',
      );
      await editor.getByLabel(/Amount/).fill('0');
      await editor.getByLabel('Offer name').fill('Grátis');
      await editor.getByRole('button', { name: 'Add offer' }).click();
      await eventually(() => editor.locator('#offer-amount-error').textContent()).toMatch(/more than zero/);
      await checkPage(page, 'products');

      // Webhooks: the URL (an invalid one is refused next to the field), a test event.
      await open(page, 'Webhooks');
      await page.getByLabel('Webhook URL').fill('ftp://example.com/hooks');
      await page.getByRole('button', { name: 'Save URL' }).click();
      await eventually(() => page.locator('#webhook-url-error').textContent()).toContain('http');
      await page.getByLabel('Webhook URL').fill(setup.receiver.url);
      await page.getByRole('button', { name: 'Save URL' }).click();
      await eventually(() => page.getByRole('status').first().textContent()).toContain('saved');
      await page.getByRole('button', { name: 'Send test event' }).click();
      await eventually(() => page.getByTestId('test-result').textContent()).toMatch(/Delivered: HTTP 200/);
      // Optional events: one box per opt-in type of the catalogue; the choice is the account's.
      const optInBoxes = page.locator('input[name="optInEventTypes"]');
      expect(
        await optInBoxes.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value)),
      ).toEqual(optInEventTypeNames);
      await optInBoxes.first().check();
      await page.getByRole('button', { name: 'Save event types' }).click();
      await eventually(() => page.getByRole('status').first().textContent()).toContain('Event types saved');
      expect((await call('GET', '/v2/account/webhook', { key })).body.optInEventTypes).toEqual([
        optInEventTypeNames[0],
      ]);

      // A purchase made through the API shows up in the list (live refresh), opens, and pays.
      await open(page, 'Transactions');
      const created = await call('POST', '/transactions/v2/purchase', {
        key,
        body: { ...bobBody(), amount: 123_450 },
      });
      expect(created.status).toBe(201);
      const row = page.locator(`tr[data-id="${created.body.id}"]`);
      await eventually(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain('Bs\u00a01.234,50');
      // The payer, the document masked; a search by their e-mail; what it selects, exported as CSV.
      expect(await row.textContent()).toContain('Ana Mamani');
      expect(await row.textContent()).toContain('*****90-LP');
      await page.getByLabel('Search').fill('ANA@example.bo');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await eventually(() => row.count()).toBe(1);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      // The run's Chromium is connected to, not launched: the download is copied here to be read.
      const csvFile = join(mkdtempSync(join(tmpdir(), 'dashboard-export-')), download.suggestedFilename());
      await download.saveAs(csvFile);
      const exported = parse(readFileSync(csvFile, 'utf8'), {
        bom: true,
        columns: true,
        delimiter: [',', ';'],
      }) as Array<Record<string, string>>;
      expect(exported.map((line) => [line.id, line.payerName])).toEqual([[created.body.id, 'Ana Mamani']]);
      await checkPage(page, 'transactions');
      await row.getByRole('link').click();
      await eventually(() => page.getByTestId('sandbox-pay').count()).toBe(1);
      await eventually(() => page.locator('.qr svg').count()).toBe(1);
      await page.getByTestId('sandbox-pay').click();
      await eventually(() => page.getByTestId('transaction-status').textContent()).toBe('Paid');
      const paidEvent = page.locator('[data-testid="event"][data-type="cashin.paid"]');
      await eventually(() => paidEvent.textContent()).toContain('Delivered');
      expect(await paidEvent.textContent()).toContain('HTTP 200');
      await checkPage(page, 'transaction-detail');

      // The receiver fails: the delivery ends FAILED, shows first on Webhooks, and is redelivered.
      setup.receiver.alwaysAnswer(500);
      const failing = await call('POST', '/transactions/v2/purchase', { key, body: copBody() });
      await pollUntil(
        async () => (await call('GET', `/transactions/${failing.body.id}`, { key })).body,
        (tx) => Boolean(tx.redirectUrl),
        15_000,
        50,
      );
      expect((await call('POST', `/sandbox/transactions/${failing.body.id}/pay`, { key })).status).toBe(202);
      await open(page, 'Webhooks');
      const firstDelivery = page.getByTestId('deliveries').locator('tbody tr').first();
      await eventually(() => firstDelivery.getAttribute('data-status')).toBe('FAILED');
      expect(await firstDelivery.textContent()).toContain('HTTP 500');
      await checkPage(page, 'webhooks');
      setup.receiver.alwaysAnswer(null);
      await firstDelivery.getByRole('button', { name: 'Redeliver' }).click();
      await eventually(
        async () =>
          (await call('GET', `/transactions/${failing.body.id}/events`, { key })).body.data[0]
            ?.deliveryStatus,
        { timeout: 10_000 },
      ).toBe('DELIVERED');

      // Cancel a pending transaction from its page.
      const pending = await call('POST', '/transactions/v2/purchase', { key, body: copBody() });
      await page.goto(`${dashboardUrl}#/transactions/${pending.body.id}`);
      await page.getByRole('button', { name: 'Cancel transaction' }).click();
      // Asked first: nothing is canceled until the merchant confirms.
      await eventually(() => page.getByRole('button', { name: 'Yes, cancel it' }).count()).toBe(1);
      expect((await call('GET', `/transactions/${pending.body.id}`, { key })).body.status).toBe('PENDING');
      await page.getByRole('button', { name: 'Yes, cancel it' }).click();
      await eventually(() => page.getByTestId('transaction-status').textContent()).toBe('Canceled');
      await open(page, 'Webhooks');

      // Rotate the signing secret, once confirmed: shown once.
      const secretsBefore = (await call('GET', '/v2/account/webhook', { key })).body.secrets;
      await page.getByRole('button', { name: 'Rotate secret' }).click();
      await eventually(() => page.getByRole('button', { name: 'Yes, rotate' }).count()).toBe(1);
      const unconfirmed = await call('GET', '/v2/account/webhook', { key });
      expect(unconfirmed.status, unconfirmed.text).toBe(200);
      expect(unconfirmed.body.secrets).toEqual(secretsBefore);
      await page.getByRole('button', { name: 'Yes, rotate' }).click();
      await eventually(() => page.getByTestId('new-webhook-secret').textContent()).toMatch(/^whsec_/);
      // End the rotation's overlap early: only the current secret is left.
      await page.getByRole('button', { name: 'Stop the previous secret now' }).click();
      await eventually(() => page.getByText('Only the current secret signs now.').count()).toBe(1);
      expect((await call('GET', '/v2/account/webhook', { key })).body.secrets).toHaveLength(1);

      // API keys: create (secret shown once), then revoke with a confirmation.
      await open(page, 'API keys');
      await page.getByLabel('Name').fill('Loja online');
      await page.getByRole('button', { name: 'Create key' }).click();
      const secret = (await page.getByTestId('new-api-key').textContent()) ?? '';
      expect(secret).toMatch(/^sk_test_/);
      expect((await call('GET', '/transactions', { key: secret })).status).toBe(200);
      await checkPage(page, 'api-keys');
      await page.getByRole('button', { name: 'Revoke Loja online' }).click();
      await page.getByRole('button', { name: 'Confirm revoke' }).click();
      await eventually(() => page.getByTestId('api-keys').textContent()).toContain('Revoked');
      await eventually(async () => (await call('GET', '/transactions', { key: secret })).status).toBe(401);

      // Branding: a colour error next to the field, then a valid one; the preview follows.
      await open(page, 'Branding');
      await page.getByLabel('Display name').fill('Loja da Ana');
      await page.getByLabel(/Brand colour/).fill('green');
      await page.getByRole('button', { name: 'Save branding' }).click();
      await eventually(() => page.locator('#brand-color-error').textContent()).toContain('#');
      await page.getByLabel(/Brand colour/).fill('#0a7d5a');
      await page.getByRole('button', { name: 'Save branding' }).click();
      await eventually(() => page.getByRole('status').first().textContent()).toContain('saved');
      expect(await page.getByTestId('branding-preview').textContent()).toContain('Loja da Ana');
      await checkPage(page, 'branding');

      // Payer e-mails: a reply-to error next to the field, then the receipt turned off and saved.
      await open(page, 'Payer e-mails');
      await eventually(() => page.getByLabel(/Receipt/).isChecked()).toBe(true);
      await page.getByLabel(/Reply-to address/).fill('not an address');
      await page.getByRole('button', { name: 'Save e-mail settings' }).click();
      await eventually(() => page.locator('#reply-to-error').textContent()).toContain('e-mail address');
      await page.getByLabel(/Reply-to address/).fill('atendimento@loja.example');
      await page.getByLabel(/Receipt/).uncheck();
      await page.getByRole('button', { name: 'Save e-mail settings' }).click();
      await eventually(() => page.getByRole('status').first().textContent()).toContain(
        'E-mail settings saved',
      );
      expect((await call('GET', '/v2/account/emails', { key })).body).toEqual({
        instruction: true,
        receipt: false,
        replyTo: 'atendimento@loja.example',
        senderName: null,
      });
      await checkPage(page, 'emails');

      // Home: the summary as charts.
      await open(page, 'Home');
      await eventually(() => page.locator('.chart canvas').count()).toBeGreaterThan(1);
      expect(await page.getByTestId('totals').textContent()).toContain('BOB');
      await checkPage(page, 'home');

      // Sign out clears the key; a later 401 would also return to sign-in.
      await page.getByTestId('sign-out').click();
      await eventually(() => page.getByLabel('Secret key').count()).toBe(1);
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

      expect(watch.pageErrors).toEqual([]);
      expect(watch.cspViolations).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('returns to sign-in when the key stops working (a 401), and refuses a key without manageAccount', async () => {
    const owner = await createKey(['manageAccount']);
    const session = await createKey(['manageAccount', 'createTransaction'], { accountId: owner.accountId });
    const catalogOnly = await createKey(['isInvoiceAvailable'], { accountId: owner.accountId });
    const { context, page } = await newPayerContext(setup.browser, desktopWidth);
    try {
      await page.goto(`${sharedStack().baseUrl}/dashboard/`);
      await page.getByLabel('Secret key').fill(catalogOnly.secretKey);
      await page.keyboard.press('Enter');
      await eventually(() => page.getByRole('alert').textContent()).toContain('manageAccount');
      await page.getByLabel('Secret key').fill(session.secretKey);
      await page.keyboard.press('Enter');
      await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Home');

      expect((await call('DELETE', `/v2/api-keys/${session.keyId}`, { key: owner.secretKey })).status).toBe(
        200,
      );
      // The revoked key is refused within the auth cache's TTL (250 ms on the shared stack): the
      // Transactions list's first load or its next refresh gets the 401, which signs the tab out.
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Transactions', exact: true })
        .click();
      await eventually(() => page.getByLabel('Secret key').count()).toBe(1);
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe.each([
  ['pt-BR', ptBR],
  ['es', es],
] as const)('the dashboard in %s', (locale, words) => {
  it('speaks the browser’s language, keeps its place in the URL and asks before it acts', async () => {
    useSharedStore();
    const merchant = await createKey(['isInvoiceAvailable', 'createTransaction', 'manageAccount']);
    const key = merchant.secretKey;
    await call('PUT', '/v2/account/webhook', { key, body: { url: setup.receiver.url } });
    // A paid COP sale large enough for wide axis labels ("$ 600.000,00"), and a pending one.
    const paid = await call('POST', '/transactions/v2/purchase', {
      key,
      body: { ...copBody(), amount: 60_000_000 },
    });
    await pollUntil(
      async () => (await call('GET', `/transactions/${paid.body.id}`, { key })).body,
      (tx) => Boolean(tx.redirectUrl),
      15_000,
      50,
    );
    expect((await call('POST', `/sandbox/transactions/${paid.body.id}/pay`, { key })).status).toBe(202);
    const pending = await call('POST', '/transactions/v2/purchase', { key, body: bobBody() });
    const delivered = await pollUntil(
      async () => (await call('GET', `/transactions/${paid.body.id}/events`, { key })).body.data ?? [],
      (data) => data[0]?.deliveryStatus === 'DELIVERED',
      10_000,
      100,
    );
    const dashboardUrl = `${sharedStack().baseUrl}/dashboard/`;
    const { context, page, watch } = await newPayerContext(setup.browser, desktopWidth, undefined, locale);
    try {
      await page.goto(dashboardUrl);
      await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
        words['signIn.title'],
      );
      await page.getByLabel(words['signIn.key']).fill(key);
      await page.keyboard.press('Enter');
      await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(words['nav.home']);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      // At 1280 px the header is two rows whatever the language: the brand, the language and
      // sign-out on the first, every section on the second (the longer names used to push the
      // language and sign-out under the sections).
      const rows = await page.evaluate(() => {
        const top = (selector: string) =>
          Math.round(document.querySelector(`header.topbar ${selector}`)!.getBoundingClientRect().top);
        const links = [...document.querySelectorAll('header.topbar nav a')].map((link) =>
          Math.round(link.getBoundingClientRect().top),
        );
        return {
          brand: top('.brand'),
          language: top('.language-switch'),
          signOut: top('[data-testid="sign-out"]'),
          sectionRows: new Set(links).size,
          sectionsBelow: Math.min(...links) > top('[data-testid="sign-out"]'),
        };
      });
      expect(Math.abs(rows.language - rows.brand)).toBeLessThan(8);
      expect(Math.abs(rows.signOut - rows.brand)).toBeLessThan(8);
      expect(rows).toMatchObject({ sectionRows: 1, sectionsBelow: true });

      // Home: days of the account's zone (São Paulo) in the language's date format; no axis label clipped.
      const summary = (await call('GET', '/v2/account/summary?days=30', { key })).body;
      expect(summary.timeZone).toBe('America/Sao_Paulo');
      await eventually(() => page.locator('.chart canvas').count()).toBeGreaterThan(1);
      const lastDay = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' }).format(
        new Date(`${summary.to}T12:00:00Z`),
      );
      expect(await page.locator('.chart details tbody tr:last-child th').first().textContent()).toBe(lastDay);
      const axes = await page.locator('.chart-canvas').evaluateAll((hosts) =>
        hosts.map((host) => {
          const labels = JSON.parse((host as HTMLElement).dataset.axisLabels ?? '[]') as string[];
          const context = document.createElement('canvas').getContext('2d')!;
          context.font =
            '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
          const widest = Math.max(0, ...labels.map((label) => context.measureText(label).width));
          const yAxis = host.querySelectorAll<HTMLElement>('.u-axis')[1];
          return { labels, widest, room: yAxis?.getBoundingClientRect().width ?? 0 };
        }),
      );
      const money = axes.find((axis) => axis.labels.some((label) => label.includes('600.000,00')));
      expect(money, JSON.stringify(axes)).toBeDefined();
      for (const axis of axes)
        expect(axis.room, axis.labels.join(' | ')).toBeGreaterThanOrEqual(axis.widest + 15);
      await checkPage(page, `home-${locale}`);

      // Transactions: statuses and methods as words; the filter lives in the URL (reload, Back).
      await open(page, words['nav.transactions'], words['app.sections']);
      const statusOptions = await page
        .locator('select[name="status"] option:not([value=""])')
        .evaluateAll((found) => found.map((option) => option.textContent));
      expect(statusOptions).toEqual(
        transactionStatuses.map((status) => words[`status.transaction.${status}`]),
      );
      const paidRow = page.locator(`tr[data-id="${paid.body.id}"]`);
      await eventually(() => paidRow.count()).toBe(1);
      expect(await paidRow.textContent()).toContain(words['status.transaction.PAID']);
      await page.getByLabel(words['transactions.status']).selectOption('PAID');
      await page.getByRole('button', { name: words['transactions.apply'] }).click();
      await eventually(() => page.url()).toContain('status=PAID');
      await page.reload();
      await eventually(() => page.locator('select[name="status"]').inputValue()).toBe('PAID');
      await eventually(() => page.locator('tbody tr[data-id]').count()).toBe(1);
      await page.goBack();
      await eventually(() => page.locator(`tr[data-id="${pending.body.id}"]`).count()).toBe(1);
      expect(await page.locator('select[name="status"]').inputValue()).toBe('');
      // On a phone each row is a card on screen that leads with the amount and the status.
      await page.setViewportSize({ width: phoneWidth, height: 844 });
      const card = await paidRow.evaluate((row) => {
        const box = (name: string) => row.querySelector(`.card-${name}`)!.getBoundingClientRect();
        return { amount: box('amount'), status: box('status'), method: box('method'), id: box('id') };
      });
      expect(card.amount.right).toBeLessThanOrEqual(390);
      expect(card.status.right).toBeLessThanOrEqual(390);
      expect(card.amount.top).toBeLessThan(card.method.top);
      expect(card.status.top).toBeLessThan(card.id.top);
      await page.setViewportSize({ width: desktopWidth, height: 900 });
      await checkPage(page, `transactions-${locale}`);

      // A transaction, then an unknown id: "not found", nothing of the previous one left.
      await page.goto(`${dashboardUrl}#/transactions/${pending.body.id}`);
      const cancel = page.getByRole('button', { name: words['detail.cancel'] });
      await eventually(() => cancel.count()).toBe(1);
      await page.evaluate(() => {
        location.hash = '#/transactions/tx_00000000-0000-4000-8000-000000000000';
      });
      await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(
        words['detail.notFound'].split(' {id}')[0]!,
      );
      expect(await cancel.count()).toBe(0);
      expect(await page.getByTestId('transaction-fields').count()).toBe(0);
      await page.goBack();
      // Cancel asks first.
      await eventually(() => cancel.count()).toBe(1);
      await cancel.click();
      await eventually(() => page.getByText(words['detail.cancelConfirm']).count()).toBe(1);
      expect((await call('GET', `/transactions/${pending.body.id}`, { key })).body.status).toBe('PENDING');
      await page.getByRole('button', { name: words['detail.cancelKeep'] }).click();

      // A retrying event: its next attempt shown, and Redeliver sends it now.
      const nextAttemptAt = new Date(Date.now() + 3_600_000).toISOString();
      const work = keys.pendingWork('deliver-event', nextAttemptAt, paid.body.id);
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.event(merchant.accountId, paid.body.id, 'cashin.paid'),
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
      await page.goto(`${dashboardUrl}#/transactions/${paid.body.id}`);
      const event = page.locator('[data-testid="event"][data-type="cashin.paid"]');
      await eventually(() => event.textContent()).toContain(words['status.delivery.PENDING']);
      expect(await page.getByTestId('next-attempt').textContent()).toContain(
        new Intl.DateTimeFormat(locale, {
          dateStyle: 'short',
          timeStyle: 'short',
          timeZone: 'America/Sao_Paulo',
        }).format(new Date(nextAttemptAt)),
      );
      await checkPage(page, `transaction-retrying-${locale}`);
      await event.getByRole('button', { name: words['detail.redeliverNow'] }).click();
      await eventually(
        async () =>
          (await call('GET', `/transactions/${paid.body.id}/events`, { key })).body.data[0]?.attemptCount,
      ).toBe(delivered[0].attemptCount + 1);
      await eventually(() => event.textContent()).toContain(words['status.delivery.DELIVERED']);

      // A new tab of the session opens the same view signed in.
      const tab = await context.newPage();
      await tab.goto(`${dashboardUrl}#/transactions/${paid.body.id}`);
      await eventually(() => tab.getByTestId('transaction-fields').count()).toBe(1);
      await tab.close();

      // API keys: permissions as words; revoking the key in use warns first.
      await open(page, words['nav.api-keys'], words['app.sections']);
      const own = page.locator(`tr[data-key-id="${merchant.keyId}"]`);
      await eventually(() => own.textContent()).toContain(words['permission.manageAccount']);
      await own.getByRole('button', { name: words['keys.revoke'] }).click();
      expect(await page.getByTestId('revoke-session-key').textContent()).toBe(words['keys.inUse']);
      await checkPage(page, `api-keys-${locale}`);
      await own.getByRole('button', { name: words['keys.keep'] }).click();

      // The switch: English, remembered in this browser.
      await page.getByTestId('language').selectOption('en');
      await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('API keys');
      expect(await page.evaluate(() => localStorage.getItem('dashboard.language'))).toBe('en');
      expect(watch.pageErrors).toEqual([]);
      expect(watch.cspViolations).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
