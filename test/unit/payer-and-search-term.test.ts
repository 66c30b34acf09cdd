import { describe, expect, it } from 'vitest';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import {
  maskDocument,
  payerOf,
  singleReadDocumentAccess,
  withDocumentAccess,
} from '../../shared/transactions/payer.ts';
import {
  normalizePayerName,
  payerNameBucket,
  searchIndexOf,
  searchTerm,
} from '../../shared/transactions/search/search-term.ts';
import { newTransactionRecord } from '../../shared/transactions/transaction.ts';
import { bobBody, boletoBody, noon, pixBody, validCpf } from '../support/purchase-fixtures.ts';

const record = (body: Record<string, unknown>) =>
  newTransactionRecord({
    id: '1764082800000123456',
    pageToken: 't'.repeat(32),
    accountId: 'acc_1',
    request: parsePurchaseRequest(body, noon),
    costFee: 0,
    accountPostbackUrl: null,
    now: noon,
  });

describe('the payer of a transaction', () => {
  it("BRL names the payer by cpf (responsibleDocument is the merchant's); COP and BOB by responsibleDocument", () => {
    expect(payerOf(record(boletoBody())).document).toBe(validCpf.replace(/\D/g, ''));
    expect(payerOf(record(pixBody())).document).toBe(validCpf.replace(/\D/g, ''));
    expect(payerOf(record(bobBody()))).toEqual({
      name: 'Ana Mamani',
      email: 'ana@example.bo',
      phone: '+59171234567',
      document: '4567890-LP',
    });
  });

  it('a masked document keeps its last four letters or digits and its separators', () => {
    expect(maskDocument('52998224725')).toBe('*******4725');
    expect(maskDocument('529.982.247-25')).toBe('***.***.*47-25');
    expect(maskDocument('4567890-LP')).toBe('*****90-LP');
    expect(maskDocument('11222333000181')).toBe('**********0181');
  });

  it('a short document keeps at most half of it; masking twice changes nothing', () => {
    expect(maskDocument('1234')).toBe('**34');
    expect(maskDocument('1')).toBe('*');
    expect(maskDocument('')).toBe('');
    for (const document of ['52998224725', '4567890-LP', '1234', '900.123.456-7'])
      expect(maskDocument(maskDocument(document))).toBe(maskDocument(document));
  });

  it('a single read shows the document whole only to a key that may create transactions', () => {
    expect(singleReadDocumentAccess(['createTransaction'])).toBe('whole');
    expect(singleReadDocumentAccess(['createTransaction', 'manageAccount'])).toBe('whole');
    expect(singleReadDocumentAccess(['manageAccount'])).toBe('masked');
    expect(singleReadDocumentAccess(['isInvoiceAvailable'])).toBe('masked');
    const view = { id: '1', payer: payerOf(record(bobBody())) };
    expect(withDocumentAccess(view, 'whole')).toEqual(view);
    expect(withDocumentAccess(view, 'masked').payer).toEqual({ ...view.payer, document: '*****90-LP' });
  });
});

describe('what q looks for', () => {
  it('names compare without accents, case or punctuation', () => {
    expect(normalizePayerName("  María  JOSÉ d'Ávila ")).toBe('maria jose d avila');
    expect(normalizePayerName('Ana-Lúcia')).toBe('ana lucia');
    expect(payerNameBucket('maria jose')).toBe('mar');
  });

  it('a number is looked up as an id and an externalId, never as a name', () => {
    const term = searchTerm(' 1764082800000123456 ');
    expect(term).toEqual({
      transactionId: '1764082800000123456',
      externalId: '1764082800000123456',
      email: null,
      namePrefix: null,
    });
    expect(searchIndexOf(term)).toBeNull();
  });

  it('an address is an e-mail (any case) and an externalId, never a name', () => {
    const term = searchTerm('Maria@Example.COM');
    expect(term).toEqual({
      transactionId: null,
      externalId: 'Maria@Example.COM',
      email: 'maria@example.com',
      namePrefix: null,
    });
    expect(searchIndexOf(term)).toBe('email');
  });

  it('three letters or more are a name prefix; fewer only an externalId', () => {
    expect(searchTerm('Már')).toMatchObject({ namePrefix: 'mar', email: null, transactionId: null });
    expect(searchIndexOf(searchTerm('Már'))).toBe('name');
    expect(searchTerm('Jo')).toEqual({
      transactionId: null,
      externalId: 'Jo',
      email: null,
      namePrefix: null,
    });
    expect(searchIndexOf(searchTerm('Jo'))).toBeNull();
    expect(searchTerm('order-77')).toMatchObject({ externalId: 'order-77', namePrefix: 'order 77' });
  });
});
