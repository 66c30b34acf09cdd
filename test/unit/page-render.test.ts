import { describe, expect, it } from 'vitest';
import { renderBoletoPage } from '../../shared/hosted-pages/render/boleto-page.ts';
import { maskPhone, renderCheckoutPage } from '../../shared/hosted-pages/render/checkout-page.ts';
import { contentSecurityPolicy, renderPage } from '../../shared/hosted-pages/render/layout.ts';
import { DEFAULT_PSE_BANKS } from '../../shared/hosted-pages/render/pse-banks.ts';
import { renderQrPage } from '../../shared/hosted-pages/render/qr-page.ts';
import {
  renderExpiredPage,
  renderInvalidLinkPage,
  renderPaidPage,
  renderPaymentResultPage,
} from '../../shared/hosted-pages/render/status-pages.ts';
import type {
  BoletoPageModel,
  CheckoutMethod,
  CheckoutPageModel,
  CommonPageModel,
  QrPageModel,
  RenderedPage,
} from '../../shared/hosted-pages/render/view-models.ts';
import {
  allTestIds,
  byTestId,
  decodeItfSvg,
  decodeQrGrid,
  qrGridFromSvg,
  svgByTestId,
  unescapeHtml,
} from '../support/page-decoders.ts';
import { checkoutBodyOf, checkoutRows } from '../support/purchase-fixtures.ts';

const NBSP = '\u00a0';
const HOSTILE = '<script>alert(1)</script>';

const common: Omit<CommonPageModel, 'currency' | 'amountCents'> = {
  transactionId: '7283649102938475610',
  status: 'PENDING',
  payerName: 'Maria Fernanda de Souza',
  description: 'Plano Premium anual',
  merchantName: 'Loja Aurora',
  expiresAt: '2026-04-01T02:59:59Z',
  paidAt: null,
  sandbox: true,
  payActionUrl: '/pay/tok_abc/sandbox-pay',
};

const boleto: BoletoPageModel = {
  ...common,
  currency: 'BRL',
  amountCents: 123456,
  dueDate: '2026-03-28',
  digitableLine: '23793.38128 60000.000012 23456.789009 3 12340000123456',
  barcode: '23793123400001234563381260000000012345678900',
  pdfUrl: '/pay/tok_abc/boleto.pdf',
};

const checkout: CheckoutPageModel = {
  ...common,
  currency: 'COP',
  amountCents: 15_000_000,
  method: 'PSE',
  payerPhone: '+573001234567',
};

const BREB_PAYLOAD =
  '00020101021226600016CO.COM.BREB.LLA0127@tiendaandina.pagos5204000053031705406150000.005802CO6304ABCD';
const EMV =
  '00020101021226360014BO.COM.SANDBOX0114RED-ALTIPLANO5204000053030685406125.505802BO5913Red Altiplano6006La Paz6304A1B2';

const qr: QrPageModel = { ...common, currency: 'BOB', amountCents: 12550, qrPayload: EMV };

function text(page: RenderedPage, id: string): string {
  const found = byTestId(page.html, id);
  if (!found) throw new Error(`no data-testid="${id}"`);
  return unescapeHtml(found.inner.replace(/<[^>]*>/g, '')).trim();
}

function nonceOf(csp: string): string {
  const match = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp);
  if (!match) throw new Error(`no nonce in ${csp}`);
  return match[1]!;
}

/** The checks every page must pass, whatever it shows. */
function expectSafePage(page: RenderedPage, options: { script: boolean }): void {
  const { html, csp } = page;
  const directives = csp.split(';').map((d) => d.trim());
  const nonce = nonceOf(csp);
  expect(directives).toEqual([
    "default-src 'none'",
    'img-src data:',
    `style-src 'nonce-${nonce}'`,
    ...(options.script ? [`script-src 'nonce-${nonce}'`] : []),
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ]);
  expect(csp).not.toMatch(/unsafe-|https?:|\*|wss?:/);
  expect(Buffer.from(nonce, 'base64')).toHaveLength(16);

  // Every <style> and <script> carries this render's nonce, and there are no others.
  const styles = [...html.matchAll(/<style\b([^>]*)>/g)];
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)];
  expect(styles).toHaveLength(1);
  expect(scripts).toHaveLength(options.script ? 1 : 0);
  for (const tag of [...styles, ...scripts]) expect(tag[1]).toBe(` nonce="${nonce}"`);

  // Nothing the CSP would block or that would load from elsewhere. Text never holds a raw
  // "<", so every "<name" is a real tag.
  const tags = html.match(/<[a-zA-Z][^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(10);
  for (const tag of tags) {
    expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
    expect(tag).not.toMatch(/\sstyle\s*=/i);
    expect(tag).not.toMatch(/\ssrc\s*=/i);
    expect(tag).not.toMatch(/^<(img|link|iframe|object|embed|base|frame|audio|video)\b/i);
  }
  expect(html).not.toMatch(/url\(/i);
  expect(html).not.toMatch(/@import/i);
  expect(html.startsWith('<!doctype html>\n<html lang="')).toBe(true);
  expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(html).toContain('<meta name="referrer" content="no-referrer">');
}

describe('layout', () => {
  it('uses a fresh nonce on every render', () => {
    const a = renderBoletoPage(boleto);
    const b = renderBoletoPage(boleto);
    expect(nonceOf(a.csp)).not.toBe(nonceOf(b.csp));
    expect(a.html).toContain(`nonce="${nonceOf(a.csp)}"`);
    expect(a.html).not.toContain(nonceOf(b.csp));
  });

  it('builds the policy from the nonce, with script-src only when asked', () => {
    expect(contentSecurityPolicy('abc', { script: false })).toBe(
      "default-src 'none'; img-src data:; style-src 'nonce-abc'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(contentSecurityPolicy('abc', { script: true })).toContain("script-src 'nonce-abc'");
  });

  it('shows the merchant and a Sandbox badge only in the sandbox', () => {
    const page = renderPage({
      lang: 'en',
      title: 't',
      merchantName: 'Acme',
      sandbox: true,
      main: '',
      script: false,
    });
    expect(text(page, 'merchant-name')).toBe('Acme');
    expect(text(page, 'sandbox-badge')).toBe('Sandbox');
    const live = renderPage({
      lang: 'en',
      title: 't',
      merchantName: null,
      sandbox: false,
      main: '',
      script: false,
    });
    expect(byTestId(live.html, 'sandbox-badge')).toBeNull();
    expect(text(live, 'merchant-name')).toBe('Payment');
  });
});

describe('boleto page', () => {
  const page = renderBoletoPage(boleto);

  it('passes the page safety checks, in Portuguese', () => {
    expectSafePage(page, { script: true });
    expect(page.html).toContain('<html lang="pt-BR">');
  });

  it('shows amount, due date, payer and status', () => {
    expect(text(page, 'amount')).toBe(`R$${NBSP}1.234,56`);
    expect(text(page, 'due-date')).toBe('28/03/2026');
    expect(text(page, 'payer-name')).toBe('Maria Fernanda de Souza');
    expect(text(page, 'status')).toBe('Aguardando pagamento');
    expect(byTestId(page.html, 'status')!.attributes).toContain('data-status="PENDING"');
  });

  it('shows the digitable line with a copy button that copies its digits', () => {
    expect(text(page, 'digitable-line')).toBe(boleto.digitableLine);
    const button = byTestId(page.html, 'copy-button')!;
    expect(button.attributes).toContain('data-copy-target="digitable-line"');
    expect(button.attributes).toContain('data-copy-text="23793381286000000001223456789009312340000123456"');
    expect(button.attributes).toContain('data-copied="Copiado"');
    expect(button.inner).toBe('Copiar');
  });

  it('embeds a barcode image that decodes to the 44-digit barcode', () => {
    const svg = svgByTestId(page.html, 'barcode');
    expect(svg).not.toBeNull();
    expect(decodeItfSvg(svg!).digits).toBe(boleto.barcode);
  });

  it('has a no-JS Pay form posting to payActionUrl, and PDF and print actions', () => {
    expect(page.html).toMatch(
      /<form class="pay-form" method="post" action="\/pay\/tok_abc\/sandbox-pay" data-pay-form>[\s\S]*data-testid="pay-button"[\s\S]*<\/form>/,
    );
    expect(text(page, 'pay-button')).toBe(`Pagar R$${NBSP}1.234,56`);
    expect(byTestId(page.html, 'pdf-link')!.attributes).toContain('href="/pay/tok_abc/boleto.pdf"');
    expect(byTestId(page.html, 'print-button')!.attributes).toContain('hidden');
  });

  it('prints the barcode at its FEBRABAN size', () => {
    expect(page.html).toMatch(/@media print\{[\s\S]*\.barcode svg\{width:108mm;height:13mm\}/);
  });

  it('has no Pay button outside the sandbox or without an action', () => {
    for (const model of [
      { ...boleto, sandbox: false },
      { ...boleto, payActionUrl: null },
    ]) {
      const other = renderBoletoPage(model);
      expect(byTestId(other.html, 'pay-button')).toBeNull();
      expect(other.html).not.toContain('<form');
      expect(byTestId(other.html, 'digitable-line')).not.toBeNull();
    }
    expect(byTestId(renderBoletoPage({ ...boleto, sandbox: false }).html, 'sandbox-badge')).toBeNull();
  });

  it('withdraws the instructions once paid or expired', () => {
    const paid = renderBoletoPage({ ...boleto, status: 'PAID', paidAt: '2026-03-25T17:30:00Z' });
    expectSafePage(paid, { script: false });
    expect(byTestId(paid.html, 'status')!.attributes).toContain('data-status="PAID"');
    expect(text(paid, 'paid-at')).toBe('25 de março de 2026 às 14:30 BRT');
    expect(text(paid, 'status-notice')).toBe('Este pagamento foi recebido');
    for (const gone of ['barcode', 'digitable-line', 'copy-button', 'pay-button'])
      expect(byTestId(paid.html, gone)).toBeNull();
    const expired = renderBoletoPage({ ...boleto, status: 'EXPIRED' });
    expect(byTestId(expired.html, 'status')!.attributes).toContain('data-status="EXPIRED"');
    expect(byTestId(expired.html, 'barcode')).toBeNull();
    expect(byTestId(expired.html, 'pay-button')).toBeNull();
  });

  it('drops a PDF link that is neither same-origin nor https', () => {
    expect(
      byTestId(renderBoletoPage({ ...boleto, pdfUrl: 'javascript:alert(1)' }).html, 'pdf-link'),
    ).toBeNull();
    expect(
      byTestId(renderBoletoPage({ ...boleto, pdfUrl: 'http://example.com/b.pdf' }).html, 'pdf-link'),
    ).toBeNull();
    expect(
      byTestId(renderBoletoPage({ ...boleto, pdfUrl: '//evil.example/b.pdf' }).html, 'pdf-link'),
    ).toBeNull();
    expect(
      byTestId(renderBoletoPage({ ...boleto, pdfUrl: 'https://cdn.example.com/b.pdf' }).html, 'pdf-link')!
        .attributes,
    ).toContain('href="https://cdn.example.com/b.pdf"');
  });

  it('refuses a Pay action that leaves the origin', () => {
    for (const payActionUrl of [
      'https://evil.example/pay',
      '//evil.example/pay',
      '/\\evil.example',
      'javascript:alert(1)',
      '/pay x',
    ]) {
      expect(() => renderBoletoPage({ ...boleto, payActionUrl })).toThrow(
        /payActionUrl: must be a relative URL/,
      );
    }
  });

  it('can be rendered in another language', () => {
    const en = renderBoletoPage(boleto, { lang: 'en' });
    expect(en.html).toContain('<html lang="en">');
    expect(text(en, 'status')).toBe('Awaiting payment');
    expect(text(en, 'due-date')).toBe('March 28, 2026');
    expect(text(en, 'amount')).toBe(`R$${NBSP}1.234,56`);
  });
});

describe('checkout page', () => {
  it('PSE: a required bank select inside the Pay form, with the default Colombian banks', () => {
    const page = renderCheckoutPage(checkout);
    expectSafePage(page, { script: true });
    expect(page.html).toContain('<html lang="es-CO">');
    expect(text(page, 'amount')).toBe(`$${NBSP}150.000`);
    expect(text(page, 'method-name')).toBe('PSE');
    const form = /<form[^>]*action="\/pay\/tok_abc\/sandbox-pay"[^>]*>([\s\S]*?)<\/form>/.exec(page.html);
    expect(form).not.toBeNull();
    expect(form![1]).toMatch(/<select id="bank-select" name="bank" required data-testid="bank-select"/);
    expect(form![1]).toContain('data-testid="pay-button"');
    expect(page.html).toMatch(/<label class="field-label" for="bank-select">Banco<\/label>/);
    for (const name of [
      'Bancolombia',
      'Banco de Bogotá',
      'Davivienda',
      'BBVA Colombia',
      'Banco de Occidente',
      'Banco Popular',
      'Scotiabank Colpatria',
      'Banco Itaú',
      'Banco AV Villas',
      'Banco Caja Social',
      'Nequi',
      'Daviplata',
    ]) {
      expect(page.html).toContain(`>${name}</option>`);
    }
    expect(page.html).toContain('<option value="1007">Bancolombia</option>');
    expect(page.html).toContain('<option value="" selected disabled>Selecciona tu banco</option>');
    expect(new Set(DEFAULT_PSE_BANKS.map((b) => b.code)).size).toBe(DEFAULT_PSE_BANKS.length);
  });

  it('PSE: uses the bank list of the view model when given', () => {
    const page = renderCheckoutPage({ ...checkout, banks: [{ code: 'X1', name: 'Banco Prueba' }] });
    expect(page.html).toContain('<option value="X1">Banco Prueba</option>');
    expect(page.html).not.toContain('Bancolombia');
  });

  it('Nequi: shows only the last 4 phone digits and requires the confirmation with the Pay form', () => {
    const page = renderCheckoutPage({ ...checkout, method: 'NEQUI' });
    expectSafePage(page, { script: true });
    expect(text(page, 'payer-phone')).toBe('••• ••• 4567');
    expect(page.html).not.toContain('3001234567');
    expect(page.html).not.toContain('300123');
    expect(page.html).toMatch(
      /<form[^>]*data-pay-form>[\s\S]*<input type="checkbox" name="confirmPhone" value="yes" required[\s\S]*data-testid="pay-button"[\s\S]*<\/form>/,
    );
  });

  it('Bre-B: shows the key with a copy button and a QR that decodes to the payload', () => {
    const page = renderCheckoutPage({
      ...checkout,
      method: 'BREB',
      breb: { key: '@tiendaandina.pagos', qrPayload: BREB_PAYLOAD },
    });
    expectSafePage(page, { script: true });
    expect(text(page, 'breb-key')).toBe('@tiendaandina.pagos');
    expect(byTestId(page.html, 'copy-button')!.attributes).toContain('data-copy-target="breb-key"');
    expect(decodeQrGrid(qrGridFromSvg(svgByTestId(page.html, 'qr-image')!))).toBe(BREB_PAYLOAD);
    expect(byTestId(page.html, 'pay-button')).not.toBeNull();
  });

  it('bank transfer: account data with copy buttons for number, NIT and reference', () => {
    const bankAccount = {
      bank: 'Bancolombia',
      accountType: 'Ahorros',
      accountNumber: '123-456789-01',
      holder: 'Tienda Andina S.A.S.',
      nit: '900123456-7',
      reference: 'TA7283649102938475610',
    };
    const page = renderCheckoutPage({ ...checkout, method: 'BANK_TRANSFER', bankAccount });
    expectSafePage(page, { script: true });
    expect(text(page, 'bank-name')).toBe('Bancolombia');
    expect(text(page, 'account-type')).toBe('Ahorros');
    expect(text(page, 'account-holder')).toBe('Tienda Andina S.A.S.');
    expect(text(page, 'account-number')).toBe('123-456789-01');
    expect(text(page, 'nit')).toBe('900123456-7');
    expect(text(page, 'reference')).toBe('TA7283649102938475610');
    expect(allTestIds(page.html, 'copy-button')).toBe(3);
    expect(page.html).toContain('data-copy-target="account-number" data-copy-text="12345678901"');
    expect(byTestId(page.html, 'pay-button')).not.toBeNull();
    expect(page.html).not.toContain('http-equiv="refresh"');
  });

  it('while Bre-B or transfer instructions are missing: says so, no Pay button, reloads itself', () => {
    const waiting = checkoutRows.filter((row) =>
      ['key-and-qr', 'bank-account'].includes(checkoutBodyOf(row)),
    );
    expect(waiting.length).toBeGreaterThan(1);
    for (const { method } of waiting) {
      const page = renderCheckoutPage({ ...checkout, method: method as CheckoutMethod });
      expect(byTestId(page.html, 'instructions-pending')).not.toBeNull();
      expect(byTestId(page.html, 'pay-button')).toBeNull();
      expect(page.html).toContain('<meta http-equiv="refresh" content="5">');
    }
  });

  it('no Pay form outside the sandbox; paid and expired withdraw the method', () => {
    const live = renderCheckoutPage({ ...checkout, sandbox: false });
    expect(live.html).not.toContain('<form');
    expect(byTestId(live.html, 'bank-select')).toBeNull();
    const paid = renderCheckoutPage({ ...checkout, status: 'PAID', paidAt: '2026-03-25T17:30:00Z' });
    expectSafePage(paid, { script: false });
    expect(text(paid, 'paid-at')).toBe('25 de marzo de 2026 a las 12:30 p. m. COT');
    expect(byTestId(paid.html, 'bank-select')).toBeNull();
    expect(byTestId(renderCheckoutPage({ ...checkout, status: 'EXPIRED' }).html, 'pay-button')).toBeNull();
  });

  it('shows COP cents when there are some', () => {
    expect(text(renderCheckoutPage({ ...checkout, amountCents: 15_000_050 }), 'amount')).toBe(
      `$${NBSP}150.000,50`,
    );
  });

  it('masks phones whatever their shape', () => {
    expect(maskPhone('+573001234567')).toBe('••• ••• 4567');
    expect(maskPhone('*******4567')).toBe('••• ••• ••••');
    expect(maskPhone('57 300 123 4567')).toBe('••• ••• 4567');
    expect(maskPhone('')).toBe('••• ••• ••••');
  });
});

describe('QR page', () => {
  const page = renderQrPage(qr);

  it('passes the page safety checks, in Bolivian Spanish', () => {
    expectSafePage(page, { script: true });
    expect(page.html).toContain('<html lang="es-BO">');
    expect(text(page, 'amount')).toBe(`Bs${NBSP}125,50`);
  });

  it('shows the payload as a QR image that decodes to it and as copyable text', () => {
    expect(decodeQrGrid(qrGridFromSvg(svgByTestId(page.html, 'qr-image')!))).toBe(EMV);
    expect(text(page, 'qr-text')).toBe(EMV);
    const button = byTestId(page.html, 'copy-button')!;
    expect(button.attributes).toContain('data-copy-target="qr-text"');
    expect(unescapeHtml(/data-copy-text="([^"]*)"/.exec(button.attributes)![1]!)).toBe(EMV);
    expect(byTestId(page.html, 'pay-button')).not.toBeNull();
  });

  it('shows when it expires, in La Paz time', () => {
    expect(text(page, 'expires-at')).toBe('31 de marzo de 2026 a las 10:59 p. m. BOT');
  });
});

describe('hostile strings', () => {
  const evil: CommonPageModel = {
    ...common,
    currency: 'BRL',
    amountCents: 100,
    payerName: HOSTILE,
    merchantName: '"><img src=x onerror=alert(1)>',
    description: 'It\'s <b>bold</b> & "quoted"',
    transactionId: '<i>1</i>',
  };

  const pages: Record<string, RenderedPage> = {
    boleto: renderBoletoPage({
      ...boleto,
      ...evil,
      currency: 'BRL',
      digitableLine: `${boleto.digitableLine}<script>`,
    }),
    pse: renderCheckoutPage({
      ...checkout,
      ...evil,
      currency: 'COP',
      banks: [{ code: '"><script>', name: HOSTILE }],
    }),
    nequi: renderCheckoutPage({
      ...checkout,
      ...evil,
      currency: 'COP',
      method: 'NEQUI',
      payerPhone: `${HOSTILE}1234`,
    }),
    breb: renderCheckoutPage({
      ...checkout,
      ...evil,
      currency: 'COP',
      method: 'BREB',
      breb: { key: HOSTILE, qrPayload: HOSTILE },
    }),
    transfer: renderCheckoutPage({
      ...checkout,
      ...evil,
      currency: 'COP',
      method: 'BANK_TRANSFER',
      bankAccount: {
        bank: HOSTILE,
        accountType: HOSTILE,
        accountNumber: HOSTILE,
        holder: HOSTILE,
        nit: HOSTILE,
        reference: HOSTILE,
      },
    }),
    qr: renderQrPage({ ...qr, ...evil, currency: 'BOB', qrPayload: HOSTILE }),
    paid: renderPaidPage({ ...evil, status: 'PAID', paidAt: '2026-03-25T17:30:00Z' }),
    expired: renderExpiredPage({ ...evil, status: 'EXPIRED' }),
    result: renderPaymentResultPage({ ...evil, status: 'PAID', paidAt: HOSTILE }),
  };

  for (const [name, page] of Object.entries(pages)) {
    it(`${name}: every value is escaped`, () => {
      const script = /<script nonce="[^"]+">[\s\S]*?<\/script>/.exec(page.html)?.[0] ?? '';
      const withoutOwnScript = page.html.replace(script, '');
      expect(withoutOwnScript).not.toMatch(/<script/i);
      expect(page.html).not.toContain('<img');
      expect(page.html).not.toContain('<b>');
      expect(page.html).not.toContain('<i>');
      expect(page.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
      if (!['paid', 'expired', 'result'].includes(name))
        expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expectSafePage(page, { script: script !== '' });
    });
  }

  it('shows the hostile text literally where it belongs', () => {
    expect(text(pages.boleto!, 'payer-name')).toBe(HOSTILE);
    expect(text(pages.boleto!, 'merchant-name')).toBe('"><img src=x onerror=alert(1)>');
    expect(text(pages.boleto!, 'description')).toBe('It\'s <b>bold</b> & "quoted"');
    expect(text(pages.breb!, 'breb-key')).toBe(HOSTILE);
    expect(text(pages.qr!, 'qr-text')).toBe(HOSTILE);
    expect(decodeQrGrid(qrGridFromSvg(svgByTestId(pages.qr!.html, 'qr-image')!))).toBe(HOSTILE);
  });
});

describe('status pages', () => {
  it('invalid or expired link: a clear message, no transaction data, no script', () => {
    const page = renderInvalidLinkPage();
    expectSafePage(page, { script: false });
    expect(page.html).toContain('<html lang="en">');
    expect(text(page, 'status')).toBe('This payment link is not valid or has expired');
    expect(byTestId(page.html, 'status')!.attributes).toContain('data-status="INVALID"');
    expect(byTestId(page.html, 'amount')).toBeNull();
    expect(byTestId(page.html, 'transaction-id')).toBeNull();
    expect(text(renderInvalidLinkPage({ lang: 'pt-BR' }), 'status')).toBe(
      'Este link de pagamento não é válido ou expirou',
    );
  });

  it('already paid: says it was received, with when', () => {
    const page = renderPaidPage(
      { ...common, currency: 'BRL', amountCents: 123456, status: 'PAID', paidAt: '2026-03-25T17:30:00Z' },
      { lang: 'en' },
    );
    expectSafePage(page, { script: false });
    expect(text(page, 'status')).toBe('This payment has been received');
    // English has no short name for Brasília time, so ICU writes the offset.
    expect(text(page, 'paid-at')).toBe('March 25, 2026 at 2:30 PM GMT-3');
    expect(text(page, 'amount')).toBe(`R$${NBSP}1.234,56`);
    expect(text(page, 'transaction-id')).toBe(common.transactionId);
    expect(byTestId(page.html, 'pay-button')).toBeNull();
    const pt = renderPaidPage({
      ...common,
      currency: 'BRL',
      amountCents: 123456,
      status: 'PAID',
      paidAt: '2026-03-25T17:30:00Z',
    });
    expect(text(pt, 'status')).toBe('Este pagamento foi recebido');
    expect(text(pt, 'paid-at')).toBe('25 de março de 2026 às 14:30 BRT');
  });

  it('expired transaction', () => {
    const page = renderExpiredPage({ ...qr, status: 'EXPIRED' });
    expectSafePage(page, { script: false });
    expect(text(page, 'status')).toBe('Este pago expiró');
    expect(byTestId(page.html, 'status')!.attributes).toContain('data-status="EXPIRED"');
  });

  it('result after the sandbox Pay button, for each status', () => {
    const paid = renderPaymentResultPage(
      { ...checkout, status: 'PAID', paidAt: '2026-03-25T17:30:00Z' },
      { lang: 'en' },
    );
    expectSafePage(paid, { script: false });
    expect(text(paid, 'status')).toBe('Payment confirmed');
    expect(text(paid, 'amount')).toBe(`$${NBSP}150.000`);
    expect(text(paid, 'sandbox-badge')).toBe('Sandbox');
    const pending = renderPaymentResultPage({ ...checkout, status: 'PENDING' }, { lang: 'en' });
    expect(text(pending, 'status')).toBe('Payment in progress');
    expect(byTestId(pending.html, 'status')!.attributes).toContain('data-status="PENDING"');
    const expired = renderPaymentResultPage({ ...checkout, status: 'EXPIRED' }, { lang: 'en' });
    expect(text(expired, 'status')).toBe('This payment has expired');
  });
});
