import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { csvField, csvLine, csvStart, defusedText } from '../../shared/transactions/export/csv.ts';
import { exportFormatOf, exportLocaleOf, unitsOf } from '../../shared/transactions/export/export-format.ts';
import {
  exportWriteMarginMs,
  readExportRecords,
} from '../../shared/transactions/export/export-transactions.ts';
import {
  exportColumns,
  exportHeader,
  exportLine,
} from '../../shared/transactions/export/transaction-rows.ts';
import { newTransactionRecord } from '../../shared/transactions/transaction.ts';
import { copBody, noon } from '../support/purchase-fixtures.ts';

describe('the CSV writer', () => {
  it('quotes a field only when it holds the separator, a quote or a line break', () => {
    expect(csvField('plain', ';')).toBe('plain');
    expect(csvField('a,b', ';')).toBe('a,b');
    expect(csvField('a;b', ';')).toBe('"a;b"');
    expect(csvField('a,b', ',')).toBe('"a,b"');
    expect(csvField('say "hi"', ',')).toBe('"say ""hi"""');
    expect(csvField('two\nlines', ',')).toBe('"two\nlines"');
    expect(csvLine(['a', 'b;c', ''], ';')).toBe('a;"b;c";\r\n');
  });

  it('starts with a byte-order mark and the header', () => {
    expect(csvStart(['id', 'amount'], ',')).toBe('\uFEFFid,amount\r\n');
  });

  it('writes text a spreadsheet would run as a formula as text', () => {
    for (const text of ['=1+1', '+55', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(defusedText(text)).toBe(`'${text}`);
    expect(defusedText('Maria')).toBe('Maria');
    expect(defusedText('')).toBe('');
  });

  it('what it writes, a CSV library reads back the same, whatever the text', () => {
    const values = ['Zé "Pelé"', 'a;b,c', 'linha\r\nnova', '', ' spaces ', 'ação'];
    for (const separator of [',', ';'] as const) {
      const text = csvStart(['x', 'y', 'z', 'w', 'v', 'u'], separator) + csvLine(values, separator);
      const rows = parse(text, { bom: true, delimiter: separator, relax_column_count: false });
      expect(rows).toEqual([['x', 'y', 'z', 'w', 'v', 'u'], values]);
    }
  });
});

describe('the export format', () => {
  it('pt-BR and es write a decimal comma and `;`, en a decimal point and `,`', () => {
    expect(exportFormatOf('pt-BR')).toEqual({ locale: 'pt-BR', separator: ';', decimalMark: ',' });
    expect(exportFormatOf('es')).toEqual({ locale: 'es', separator: ';', decimalMark: ',' });
    expect(exportFormatOf('en')).toEqual({ locale: 'en', separator: ',', decimalMark: '.' });
  });

  it('amounts in units of the currency, always with their cents, no thousands separator', () => {
    expect(unitsOf(1_234_550, exportFormatOf('es'))).toBe('12345,50');
    expect(unitsOf(4_990, exportFormatOf('en'))).toBe('49.90');
    expect(unitsOf(5, exportFormatOf('pt-BR'))).toBe('0,05');
    expect(unitsOf(0, exportFormatOf('en'))).toBe('0.00');
    expect(unitsOf(-150, exportFormatOf('en'))).toBe('-1.50');
  });

  it("the locale follows Accept-Language's first language the export writes", () => {
    expect(exportLocaleOf('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(exportLocaleOf('es-CO')).toBe('es');
    expect(exportLocaleOf('fr-FR, en;q=0.5, es;q=0.7')).toBe('es');
    expect(exportLocaleOf('en-US,pt;q=0.1')).toBe('en');
    expect(exportLocaleOf('pt;q=0, de')).toBe('en');
    expect(exportLocaleOf(undefined)).toBe('en');
    expect(exportLocaleOf('')).toBe('en');
  });
});

describe('a transaction as an export line', () => {
  const record = {
    ...newTransactionRecord({
      id: '1764082800000123456',
      pageToken: 't'.repeat(32),
      accountId: 'acc_1',
      request: parsePurchaseRequest({ ...copBody(), name: '=cmd|x', externalId: 'ord;1' }, noon),
      costFee: 123_456,
      accountPostbackUrl: null,
      now: noon,
    }),
    status: 'PAID' as const,
    paidAt: noon.toISOString(),
    refundedAmount: 100,
  };

  it('one column per name, the document masked, money in units', () => {
    const format = exportFormatOf('es');
    const [row] = parse(exportHeader(format) + exportLine(record, format), {
      bom: true,
      columns: true,
      delimiter: ';',
    }) as Record<string, string>[];
    expect(Object.keys(row!)).toEqual([...exportColumns]);
    expect(row).toEqual({
      id: '1764082800000123456',
      createdAt: noon.toISOString(),
      paidAt: noon.toISOString(),
      status: 'PAID',
      currency: 'COP',
      method: 'BANK_TRANSFER',
      amount: '50000,00',
      costFee: '1234,56',
      refundedAmount: '1,00',
      externalId: 'ord;1',
      description: 'Orden 55',
      payerName: "'=cmd|x",
      payerEmail: 'juan@example.co',
      payerPhone: '+573001234567',
      payerDocument: '******4050',
      offerId: '',
      checkoutSessionId: '',
      paymentLinkId: '',
    });
  });
});

describe('an export that cannot finish in time', () => {
  it('is refused with a 422 naming createdFrom before it reads anything', async () => {
    await expect(readExportRecords('acc_1', {}, Date.now() + exportWriteMarginMs - 1)).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/^createdFrom: the selection could not be read/),
    });
  });
});
