// The Pix page's states, rendered from a model: pending (QR, copy text, countdown, Pay button
// in the sandbox only), paid and expired (no QR, 410 for expired).
import { describe, expect, it } from 'vitest';
import { renderPixPage, timeLeft } from '../../shared/hosted-pages/render/pix-page.ts';
import type { PixPageModel } from '../../shared/hosted-pages/render/view-models.ts';
import { hostedPageView } from '../../shared/hosted-pages/show-hosted-page.ts';
import { buildDynamicBrCode } from '../../shared/rails/br-code.ts';
import { allTestIds, byTestId, unescapeHtml } from '../support/page-decoders.ts';

const now = new Date('2026-11-25T15:00:00Z');
const brCode = buildDynamicBrCode({
  location: 'pix.example.com/qr/abc',
  amountCents: 1500,
  merchantName: 'Loja',
  merchantCity: 'Recife',
});
const model = (change: Partial<PixPageModel> = {}): PixPageModel => ({
  transactionId: '1764082800000123456',
  status: 'PENDING',
  amountCents: 1500,
  currency: 'BRL',
  payerName: 'Maria',
  description: 'Pedido <1>',
  expiresAt: '2026-11-25T16:30:05.000Z',
  paidAt: null,
  sandbox: true,
  payActionUrl: '/pay/tok/sandbox-pay',
  brCode,
  ...change,
});

describe('Pix page', () => {
  it('pending: QR, copy-paste text, countdown and the sandbox Pay button, in Portuguese', () => {
    const { html } = renderPixPage(model(), { now });
    expect(html).toContain('lang="pt-BR"');
    expect(html).toContain('Pague com Pix');
    expect(unescapeHtml(byTestId(html, 'qr-text')!.inner)).toBe(brCode);
    expect(byTestId(html, 'qr-image')).not.toBeNull();
    expect(byTestId(html, 'countdown')!.inner).toBe('1:30:05');
    expect(allTestIds(html, 'pay-button')).toBe(1);
    expect(html).not.toContain('Pedido <1>');
  });

  it('outside the sandbox there is no Pay button', () => {
    const { html } = renderPixPage(model({ sandbox: false, payActionUrl: null }), { now });
    expect(allTestIds(html, 'pay-button')).toBe(0);
  });

  it('paid and expired pages show no QR; expired answers 410', () => {
    const paid = hostedPageView(
      { kind: 'pix', model: model({ status: 'PAID', paidAt: '2026-11-25T15:10:00.000Z' }) },
      { result: false },
      renderPixPage,
    );
    expect(paid.statusCode).toBe(200);
    expect(allTestIds(paid.rendered.html, 'qr-image')).toBe(0);
    const expired = hostedPageView(
      { kind: 'pix', model: model({ status: 'EXPIRED' }) },
      { result: false },
      renderPixPage,
    );
    expect(expired.statusCode).toBe(410);
    expect(allTestIds(expired.rendered.html, 'qr-image')).toBe(0);
  });

  it('timeLeft counts whole seconds and stops at zero', () => {
    expect(timeLeft('2026-11-25T15:00:59.900Z', now)).toBe('00:59');
    expect(timeLeft('2026-11-25T14:00:00.000Z', now)).toBe('00:00');
    expect(timeLeft('2026-11-26T15:00:00.000Z', now)).toBe('24:00:00');
  });
});
