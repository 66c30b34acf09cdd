import { describe, expect, it } from 'vitest';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { toReceiptModel } from '../../shared/receipts/receipt-model.ts';
import { renderReceiptPdf } from '../../shared/receipts/render-receipt-pdf.ts';
import { newTransactionRecord, type TransactionRecord } from '../../shared/transactions/transaction.ts';
import { bobBody, copBody, noon } from '../support/purchase-fixtures.ts';

function paid(body: Record<string, unknown>, paidAt = '2026-11-25T23:30:00.000Z'): TransactionRecord {
  const record = newTransactionRecord({
    id: '1764082800000123456',
    pageToken: '1764082800000123456.AbCdEfGhIjKlMnOpQrStUvWxYz012-_9',
    accountId: 'acc_1',
    request: parsePurchaseRequest(body, noon),
    costFee: 0,
    accountPostbackUrl: null,
    now: noon,
  });
  return { ...record, status: 'PAID', paidAt };
}

const context = { sandbox: false, branding: { displayName: 'Loja Ana', brandColor: null, logoUrl: null } };
const lineValue = (model: ReturnType<typeof toReceiptModel>, testId: string) =>
  model?.lines.find((line) => line.testId === testId)?.value;

describe('toReceiptModel', () => {
  it('has no receipt before the payment', () => {
    expect(toReceiptModel({ ...paid(bobBody()), status: 'PENDING', paidAt: null }, context, null)).toBeNull();
  });

  it('speaks the payer’s language and clock: BOB in es-BO at La Paz time, the day after in UTC', () => {
    const model = toReceiptModel(paid(bobBody(), '2026-11-26T02:30:00.000Z'), context, null)!;
    expect(model.lang).toBe('es-BO');
    expect(lineValue(model, 'receipt-paid-at')).toMatch(/^25 de noviembre de 2026.*10:30/);
    expect(model.merchantName).toBe('Loja Ana');
    expect(model.pdfUrl).toBe('/receipt/1764082800000123456.AbCdEfGhIjKlMnOpQrStUvWxYz012-_9/pdf');
  });

  it('names the product and offer a checkout sold, else the description', () => {
    const sale = {
      productName: 'Curso de violão',
      offerName: 'Mensal',
      productDescription: null,
      imageUrl: null,
    };
    const fromCatalogue = toReceiptModel(paid(copBody()), context, sale)!;
    expect(fromCatalogue.lang).toBe('es-CO');
    expect(lineValue(fromCatalogue, 'receipt-product')).toBe('Curso de violão');
    expect(lineValue(fromCatalogue, 'receipt-offer')).toBe('Mensal');
    expect(lineValue(fromCatalogue, 'receipt-description')).toBeUndefined();
    const plain = toReceiptModel(paid(copBody()), context, null)!;
    expect(lineValue(plain, 'receipt-description')).toBe(copBody().description);
  });

  it('prints every line in the PDF', () => {
    const model = toReceiptModel({ ...paid(bobBody()), railPaymentId: 'E1234567820261125' }, context, null)!;
    const pdf = Buffer.from(renderReceiptPdf(model)).toString('latin1');
    for (const line of model.lines) expect(pdf).toContain(Buffer.from(line.value, 'latin1').toString('hex'));
  });
});
