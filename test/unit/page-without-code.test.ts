// A hosted page whose transaction has no code to show: a Pix Automático debit tells the payer
// their bank takes it (no QR, nothing to pay), a charge still being prepared says so, and both
// show their paid, expired or canceled page like any other (before: the debit read "preparing"
// for ever, and its paid page was the invalid-link page).
import { describe, expect, it } from 'vitest';
import { AUTOMATIC_DEBIT_REFRESH_SECONDS } from '../../shared/hosted-pages/render/status-pages.ts';
import type { CommonPageModel } from '../../shared/hosted-pages/render/view-models.ts';
import { viewWithoutCode } from '../../shared/hosted-pages/show-hosted-page.ts';
import { byTestId } from '../support/page-decoders.ts';

const debit: CommonPageModel = {
  transactionId: '7283649102938475610',
  status: 'PENDING',
  payerName: 'Joana Prado',
  description: 'Academia (2)',
  merchantName: 'Academia Aurora',
  expiresAt: '2026-12-04T02:59:59Z',
  paidAt: null,
  sandbox: false,
  payActionUrl: '/pay/tok_abc/sandbox-pay',
  currency: 'BRL',
  amountCents: 2_990,
};

const statusOf = (html: string) => byTestId(html, 'status')?.inner;

describe('viewWithoutCode', () => {
  it('tells the payer a pending Pix Automático cycle is debited by their bank, with no code to pay', () => {
    const view = viewWithoutCode(debit, true)!;
    expect(view.statusCode).toBe(200);
    expect(statusOf(view.rendered.html)).toBe('Pago por débito automático');
    expect(view.rendered.html).toContain('Pix Automático');
    expect(view.rendered.html).toContain(`content="${AUTOMATIC_DEBIT_REFRESH_SECONDS}"`);
    expect(view.rendered.html).not.toMatch(/000201|data-testid="(copy|qr|br-code)"/);
  });

  it('shows a charge still being prepared as such', () => {
    const view = viewWithoutCode(debit, false)!;
    expect(view.statusCode).toBe(200);
    expect(statusOf(view.rendered.html)).toBe('Preparando seu pagamento');
  });

  it('shows the paid page once debited, and a 410 page once expired or canceled', () => {
    const paid = viewWithoutCode({ ...debit, status: 'PAID', paidAt: '2026-12-03T12:00:00Z' }, true)!;
    expect(paid.statusCode).toBe(200);
    expect(paid.rendered.html).toContain('data-status="PAID"');
    for (const status of ['EXPIRED', 'CANCELED'] as const) {
      const closed = viewWithoutCode({ ...debit, status }, true)!;
      expect(closed.statusCode).toBe(410);
      expect(closed.rendered.html).toContain(`data-status="${status}"`);
    }
  });
});
