import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors.ts';
import { sandboxBankTransfer, sandboxBrebInstructions } from '../../shared/hosted-pages/cop-instructions.ts';
import { expiredPageKeptMs } from '../../shared/hosted-pages/page-expiry.ts';
import {
  type HostedPage,
  pageStatus,
  pageStillServed,
  pageTokenAddress,
  toPageModel,
} from '../../shared/hosted-pages/page-model.ts';
import { checkPayForm, parsePayForm } from '../../shared/hosted-pages/pay-from-hosted-page.ts';
import { renderBoletoPage } from '../../shared/hosted-pages/render/boleto-page.ts';
import { renderCheckoutPage } from '../../shared/hosted-pages/render/checkout-page.ts';
import { renderPixPage } from '../../shared/hosted-pages/render/pix-page.ts';
import { renderQrPage } from '../../shared/hosted-pages/render/qr-page.ts';
import type { CheckoutPageModel } from '../../shared/hosted-pages/render/view-models.ts';
import { hostedPageView } from '../../shared/hosted-pages/show-hosted-page.ts';
import { newPageToken, newToken, randomTransactionId } from '../../shared/ids.ts';
import { paymentMethods } from '../../shared/payment-methods.ts';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { boletoExpiresAt, sandboxInstruction } from '../../shared/rails/sandbox/sandbox-instructions.ts';
import { newTransactionRecord, type TransactionRecord } from '../../shared/transactions/transaction.ts';
import { byTestId } from '../support/page-decoders.ts';
import {
  bobBody,
  bodyFor,
  boletoBody,
  checkoutBodyOf,
  checkoutRows,
  copBody,
  noon,
} from '../support/purchase-fixtures.ts';

const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012-_9';
const later = new Date(noon.getTime() + 60_000);

/** A record as the instruction worker leaves it: the sandbox instruction filled in. */
function filledRecord(body: Record<string, unknown>): TransactionRecord {
  const record = newTransactionRecord({
    id: '1764082800000123456',
    pageToken: token,
    accountId: 'acc_1',
    request: parsePurchaseRequest(body, noon),
    costFee: 0,
    accountPostbackUrl: null,
    now: noon,
  });
  const expiresAt = record.boleto
    ? boletoExpiresAt(record.boleto.dueDate)
    : new Date(noon.getTime() + 86_400_000).toISOString();
  const instruction = sandboxInstruction(record, `http://localhost/pay/x/${token}`, expiresAt);
  const filled: TransactionRecord = { ...record, expiresAt, instructionFilledAt: noon.toISOString() };
  if (instruction.type === 'BOLETO')
    Object.assign(filled, {
      boletoBarcode: instruction.barcode,
      boletoDigitableLine: instruction.digitableLine,
      boletoUrl: instruction.boletoUrl,
    });
  if (instruction.type === 'REDIRECT') filled.redirectUrl = instruction.redirectUrl;
  if (instruction.type === 'QR') filled.qr = instruction.qr;
  return filled;
}

describe('pageTokenAddress', () => {
  it('finds the transaction id in what newPageToken makes, an older page’s entry in a bare token, and nothing else', () => {
    for (let i = 0; i < 20; i++) {
      const id = randomTransactionId(Date.now());
      expect(pageTokenAddress(newPageToken(id))).toEqual({ transactionId: id });
      const bare = newToken();
      expect(pageTokenAddress(bare)).toEqual({ entry: bare });
    }
    for (const bad of [
      '',
      'short',
      `${token}x`,
      token.slice(1),
      `${token.slice(1)}/`,
      `${token.slice(1)}.`,
      `${token.slice(1)}=`,
      `1764082800000123456.${token}x`,
      `1764082800000123456.${token.slice(1)}`,
      `.${token}`,
      `17640828000001234x.${token}`,
      `1764082800000123456.${token}/pdf`,
      '../../etc/passwd',
    ]) {
      expect(pageTokenAddress(bad), bad).toBeNull();
    }
  });
});

describe('pageStillServed', () => {
  it('serves a page until a week after its transaction expires, then the link is unknown', () => {
    const expiresAt = noon.toISOString();
    const weekLater = noon.getTime() + expiredPageKeptMs;
    expect(pageStillServed({ expiresAt: null }, new Date(weekLater * 10))).toBe(true);
    expect(pageStillServed({ expiresAt }, new Date(weekLater - 1000))).toBe(true);
    expect(pageStillServed({ expiresAt }, new Date(weekLater))).toBe(false);
  });
});

describe('pageStatus', () => {
  it('PENDING past its expiry is EXPIRED for the payer; stored PAID and EXPIRED stay', () => {
    expect(pageStatus({ status: 'PENDING', expiresAt: null }, later)).toBe('PENDING');
    expect(pageStatus({ status: 'PENDING', expiresAt: later.toISOString() }, noon)).toBe('PENDING');
    expect(pageStatus({ status: 'PENDING', expiresAt: later.toISOString() }, later)).toBe('EXPIRED');
    expect(pageStatus({ status: 'PAID', expiresAt: noon.toISOString() }, later)).toBe('PAID');
    expect(pageStatus({ status: 'EXPIRED', expiresAt: null }, noon)).toBe('EXPIRED');
  });
});

describe('toPageModel', () => {
  it('is null until the instruction is filled', () => {
    const record = filledRecord(copBody());
    expect(toPageModel({ ...record, instructionFilledAt: null }, { now: later, sandbox: true })).toBeNull();
    expect(toPageModel({ ...filledRecord(bobBody()), qr: null }, { now: later, sandbox: true })).toBeNull();
  });

  it('boleto: line, barcode, due date, PDF link and the Pay action in the sandbox', () => {
    const record = filledRecord({ ...boletoBody(), amount: 123_456 });
    const page = toPageModel(record, { now: later, sandbox: true });
    expect(page?.kind).toBe('boleto');
    expect(page!.model).toMatchObject({
      transactionId: record.id,
      status: 'PENDING',
      currency: 'BRL',
      amountCents: 123_456,
      payerName: 'Maria da Silva',
      description: 'Pedido 1234',
      dueDate: record.boleto!.dueDate,
      digitableLine: record.boletoDigitableLine,
      barcode: record.boletoBarcode,
      pdfUrl: `/pay/boleto/${token}/pdf`,
      payActionUrl: `/pay/${token}/sandbox-pay`,
      sandbox: true,
    });
  });

  it('no Pay action without sandbox rails', () => {
    const page = toPageModel(filledRecord(bobBody()), { now: later, sandbox: false });
    expect(page!.model).toMatchObject({ sandbox: false, payActionUrl: null });
  });

  it('BOB: the QR payload', () => {
    const record = filledRecord(bobBody());
    const page = toPageModel(record, { now: later, sandbox: true });
    expect(page).toMatchObject({
      kind: 'qr',
      model: { currency: 'BOB', qrPayload: record.qr, amountCents: 10_000, expiresAt: record.expiresAt },
    });
  });

  it.each(checkoutRows.map((row) => [row.method, checkoutBodyOf(row)] as const))(
    "COP %s (%s): method, phone and the method's instructions",
    (method, body) => {
      const record = filledRecord({ ...copBody(), paymentMethod: method });
      const page = toPageModel(record, { now: later, sandbox: true });
      expect(page).toMatchObject({
        kind: 'checkout',
        model: { currency: 'COP', method, payerPhone: record.payer.phone, amountCents: 5_000_000 },
      });
      if (page?.kind !== 'checkout') throw new Error('expected a checkout page');
      expect(page.model.breb ?? null).toEqual(body === 'key-and-qr' ? sandboxBrebInstructions(record) : null);
      expect(page.model.bankAccount ?? null).toEqual(
        body === 'bank-account' ? sandboxBankTransfer(record) : null,
      );
    },
  );

  it('status: paid with paidAt, and expired once past expiresAt', () => {
    const record = filledRecord(bobBody());
    expect(
      toPageModel({ ...record, status: 'PAID', paidAt: later.toISOString() }, { now: later, sandbox: true })!
        .model,
    ).toMatchObject({ status: 'PAID', paidAt: later.toISOString() });
    expect(
      toPageModel(record, { now: new Date(Date.parse(record.expiresAt!) + 1), sandbox: true })!.model.status,
    ).toBe('EXPIRED');
  });
});

describe('hostedPageView', () => {
  const status = (page: HostedPage, result = false) => {
    const view = hostedPageView(page, { result }, () => renderCheckoutPage(page.model as CheckoutPageModel));
    return {
      statusCode: view.statusCode,
      status: byTestId(view.rendered.html, 'status')!.attributes.match(/data-status="(\w+)"/)![1],
      html: view.rendered.html,
    };
  };
  const base = toPageModel(filledRecord({ ...copBody(), paymentMethod: 'PSE' }), {
    now: later,
    sandbox: true,
  })!;
  const withStatus = (s: 'PENDING' | 'PAID' | 'EXPIRED' | 'CANCELED'): HostedPage =>
    ({
      ...base,
      model: { ...base.model, status: s, paidAt: s === 'PAID' ? later.toISOString() : null },
    }) as HostedPage;

  it('pending: the payment page (200) with the Pay button', () => {
    const view = status(withStatus('PENDING'));
    expect(view).toMatchObject({ statusCode: 200, status: 'PENDING' });
    expect(view.html).toContain('data-testid="pay-button"');
  });

  it('paid: the paid page (200); expired: the expired page (410)', () => {
    expect(status(withStatus('PAID'))).toMatchObject({ statusCode: 200, status: 'PAID' });
    expect(status(withStatus('PAID')).html).not.toContain('pay-button');
    expect(status(withStatus('EXPIRED'))).toMatchObject({ statusCode: 410, status: 'EXPIRED' });
    expect(status(withStatus('EXPIRED'), true)).toMatchObject({ statusCode: 410, status: 'EXPIRED' });
  });

  it('canceled: the closed page (410) that says it was canceled, without the Pay button', () => {
    const canceled = status(withStatus('CANCELED'));
    expect(canceled).toMatchObject({ statusCode: 410, status: 'CANCELED' });
    expect(canceled.html).toContain('Este pago fue cancelado');
    expect(canceled.html).not.toContain('pay-button');
    expect(status(withStatus('CANCELED'), true)).toMatchObject({ statusCode: 410, status: 'CANCELED' });
  });

  it('after Pay: the result page, reloading itself while the payment is still pending', () => {
    const pending = status(withStatus('PENDING'), true);
    expect(pending).toMatchObject({ statusCode: 200, status: 'PENDING' });
    expect(pending.html).toMatch(/<meta http-equiv="refresh" content="\d+">/);
    expect(pending.html).not.toContain('pay-button');
    const paid = status(withStatus('PAID'), true);
    expect(paid).toMatchObject({ statusCode: 200, status: 'PAID' });
    expect(paid.html).not.toContain('http-equiv="refresh"');
  });
});

describe('Pay form', () => {
  const pageFor = (method: string) =>
    toPageModel(filledRecord({ ...copBody(), paymentMethod: method }), { now: later, sandbox: true })!;
  const rejects = (page: HostedPage, form: string, field: string) => {
    try {
      checkPayForm(page, new URLSearchParams(form));
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).message).toMatch(new RegExp(`^${field}: `));
      return;
    }
    throw new Error(`form "${form}" was accepted`);
  };

  it('PSE needs a bank from the list', () => {
    expect(() => checkPayForm(pageFor('PSE'), new URLSearchParams('bank=1007'))).not.toThrow();
    rejects(pageFor('PSE'), '', 'bank');
    rejects(pageFor('PSE'), 'bank=', 'bank');
    rejects(pageFor('PSE'), 'bank=9999', 'bank');
  });

  it('Nequi needs confirmPhone=yes', () => {
    expect(() => checkPayForm(pageFor('NEQUI'), new URLSearchParams('confirmPhone=yes'))).not.toThrow();
    rejects(pageFor('NEQUI'), '', 'confirmPhone');
    rejects(pageFor('NEQUI'), 'confirmPhone=no', 'confirmPhone');
  });

  it('Bre-B, transfer (any key-and-qr or bank-account method), boleto and QR need nothing', () => {
    const asksNothing = checkoutRows.filter((row) =>
      ['key-and-qr', 'bank-account'].includes(checkoutBodyOf(row)),
    );
    expect(asksNothing.length).toBeGreaterThan(1);
    for (const page of [
      ...asksNothing.map((row) => pageFor(row.method)),
      toPageModel(filledRecord(bobBody()), { now: later, sandbox: true })!,
      toPageModel(filledRecord(boletoBody()), { now: later, sandbox: true })!,
    ]) {
      expect(() => checkPayForm(page, new URLSearchParams(''))).not.toThrow();
    }
  });

  it('reads text and base64 bodies, and refuses a large one', () => {
    expect(parsePayForm({ body: 'bank=1007&x=%C3%B1' }).get('x')).toBe('ñ');
    expect(
      parsePayForm({ body: Buffer.from('confirmPhone=yes').toString('base64'), isBase64Encoded: true }).get(
        'confirmPhone',
      ),
    ).toBe('yes');
    expect(parsePayForm({}).size).toBe(0);
    expect(() => parsePayForm({ body: `bank=${'1'.repeat(5000)}` })).toThrow(/at most/);
  });
});

describe('closed pages show nothing to pay with', () => {
  const renderers = {
    boleto: renderBoletoPage,
    checkout: renderCheckoutPage,
    pix: renderPixPage,
    qr: renderQrPage,
  } as const;
  const payable = [
    'qr-image',
    'qr-text',
    'digitable-line',
    'barcode',
    'breb-key',
    'copy-button',
    'pay-button',
  ];

  it('every catalogue row, PAID, EXPIRED or CANCELED: no QR, code, line, barcode, copy or Pay button', () => {
    for (const row of paymentMethods) {
      const record = filledRecord(bodyFor(row));
      const page = toPageModel(record, { now: later, sandbox: true })!;
      const pending = hostedPageView(page, { result: false }, renderers[page.kind] as never).rendered.html;
      expect(
        payable.some((id) => pending.includes(`data-testid="${id}"`)),
        row.method,
      ).toBe(true);
      for (const closed of ['PAID', 'EXPIRED', 'CANCELED'] as const) {
        const html = hostedPageView(
          { ...page, model: { ...page.model, status: closed } } as HostedPage,
          { result: false },
          renderers[page.kind] as never,
        ).rendered.html;
        for (const id of payable)
          expect(html, `${row.method} ${closed} ${id}`).not.toContain(`data-testid="${id}"`);
        for (const code of [record.qr, record.boletoDigitableLine, record.boletoBarcode].filter(Boolean))
          expect(html, `${row.method} ${closed}`).not.toContain(code!);
      }
    }
  });
});
