// Links that lead nowhere: an unknown or malformed token, a token on another kind of page, and
// the Pay action for them, all answer 404 with the invalid-link page (nothing about whether a
// transaction exists); a second Pay on a paid transaction just shows it paid.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../../shared/ids.ts';
import { call, pollUntil, sharedStack } from '../support/api.ts';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser, newPayerContext, payerJourneyTimeoutMs, saveScreenshot } from '../support/browser.ts';
import { expectPageHeaders, purchaseWithInstruction } from '../support/hosted-page-flow.ts';
import { copBody } from '../support/purchase-fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const form = {
  key: null,
  rawBody: 'bank=1007',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
};

describe('invalid payment links', { timeout: payerJourneyTimeoutMs }, () => {
  it('an unknown token shows the invalid-link page with 404', async () => {
    const { context, page, watch } = await newPayerContext(browser);
    try {
      expectPageHeaders(await page.goto(`${sharedStack().baseUrl}/pay/checkout/${newToken()}`), 404);
      expect(await page.getByTestId('status').getAttribute('data-status')).toBe('INVALID');
      expect(await page.getByTestId('status').textContent()).toBe(
        'Este enlace de pago no es válido o ha expirado',
      );
      await saveScreenshot(page, 'invalid-link');
      expect(watch).toEqual({ foreignRequests: [], cspViolations: [], pageErrors: [] });
    } finally {
      await context.close();
    }
  });

  it("speaks the payer's language: the page kind's currency, else Accept-Language; an h1 on each", async () => {
    const base = sharedStack().baseUrl;
    const cases = [
      {
        path: `/pay/pix/${newToken()}`,
        acceptLanguage: 'en-US',
        lang: 'pt-BR',
        title: 'Este link de pagamento não é válido ou expirou',
      },
      {
        path: `/pay/boleto/${newToken()}`,
        acceptLanguage: 'es',
        lang: 'pt-BR',
        title: 'Este link de pagamento não é válido ou expirou',
      },
      {
        path: `/pay/qr/${newToken()}`,
        acceptLanguage: 'pt-BR',
        lang: 'es-BO',
        title: 'Este enlace de pago no es válido o ha expirado',
      },
      {
        path: `/pay/checkout/${newToken()}`,
        acceptLanguage: 'en',
        lang: 'es-CO',
        title: 'Este enlace de pago no es válido o ha expirado',
      },
      {
        path: `/checkout/${newToken()}`,
        acceptLanguage: 'es-CO,es;q=0.9',
        lang: 'es-CO',
        title: 'Este enlace de pago no es válido o ha expirado',
      },
      {
        path: `/checkout/${newToken()}`,
        acceptLanguage: 'pt-BR,pt;q=0.9,en;q=0.5',
        lang: 'pt-BR',
        title: 'Este link de pagamento não é válido ou expirou',
      },
      {
        path: '/l/nope',
        acceptLanguage: 'es',
        lang: 'es-CO',
        title: 'Este enlace de pago no es válido o ha expirado',
      },
      {
        path: '/l/nope',
        acceptLanguage: 'de-DE',
        lang: 'en',
        title: 'This payment link is not valid or has expired',
      },
    ];
    for (const { path, acceptLanguage, lang, title } of cases) {
      const response = await call('GET', path, { key: null, headers: { 'accept-language': acceptLanguage } });
      expect(response.status, path).toBe(404);
      expect(response.text, path).toContain(`<html lang="${lang}">`);
      expect(response.text, path).toMatch(
        new RegExp(`<h1 data-testid="status" data-status="INVALID">${title}</h1>`),
      );
    }
    const { context, page, watch } = await newPayerContext(browser);
    try {
      for (const [name, path] of [
        ['invalid-link-pt', `/pay/pix/${newToken()}`],
        ['invalid-link-es', `/pay/qr/${newToken()}`],
      ] as const) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 844 });
          expectPageHeaders(await page.goto(`${base}${path}`), 404);
          expect(await page.locator('h1').count()).toBe(1);
          expect(await seriousViolations(page)).toEqual([]);
          await saveScreenshot(page, name);
        }
      }
      expect(watch).toEqual({ foreignRequests: [], cspViolations: [], pageErrors: [] });
    } finally {
      await context.close();
    }
  });

  it('malformed tokens, wrong page kinds and the Pay action on them are 404 invalid-link pages', async () => {
    const tx = await purchaseWithInstruction(copBody(), (t) => Boolean(t.redirectUrl));
    const token = new URL(tx.redirectUrl).pathname.split('/').pop()!;
    for (const path of [
      '/pay/qr/short',
      `/pay/boleto/${'x'.repeat(31)}%2F`,
      `/pay/boleto/${token}`,
      `/pay/qr/${token}`,
      `/pay/boleto/${token}/pdf`,
      `/pay/boleto/${newToken()}/pdf`,
    ]) {
      const response = await call('GET', path, { key: null });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(response.text, path).toContain('data-status="INVALID"');
      expect(response.text, path).not.toContain(tx.id);
    }
    for (const bad of ['nope', newToken()]) {
      const response = await call('POST', `/pay/${bad}/sandbox-pay`, form);
      expect(response.status, bad).toBe(404);
      expect(response.text).toContain('data-status="INVALID"');
    }
    expect((await call('GET', tx.redirectUrl.replace(sharedStack().baseUrl, ''), { key: null })).status).toBe(
      200,
    );
  });

  it('Pay redirects 303 to the same page; paying again after PAID redirects to the paid result', async () => {
    const tx = await purchaseWithInstruction({ ...copBody(), paymentMethod: 'PSE' }, (t) =>
      Boolean(t.redirectUrl),
    );
    const path = new URL(tx.redirectUrl).pathname;
    const token = path.split('/').pop()!;
    const first = await call('POST', `/pay/${token}/sandbox-pay`, form);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`${path}?result=1`);
    const paid = await pollUntil(
      async () => (await call('GET', `/transactions/${tx.id}`)).body,
      (t) => t.status === 'PAID',
      15_000,
      50,
    );
    expect(paid.status).toBe('PAID');
    const again = await call('POST', `/pay/${token}/sandbox-pay`, form);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`${path}?result=1`);
    const paidPage = await call('GET', path, { key: null });
    expect(paidPage.status).toBe(200);
    expect(paidPage.text).toContain('data-status="PAID"');
  });
});
