// Transaction record (PAID) → what its receipt says, in the payer's language and time zone
// (both follow the currency: shared/hosted-pages/render/locale.ts). Pure.
import type { SaleDisplay } from '../checkout/checkout-session.ts';
import type { PageContext } from '../hosted-pages/page-model.ts';
import { formatInstant, langForCurrency } from '../hosted-pages/render/locale.ts';
import { formatMoney } from '../hosted-pages/render/money-format.ts';
import type { PageBrand, PageLang } from '../hosted-pages/render/view-models.ts';
import { methodNameOf, type PurchaseCurrency } from '../payment-methods.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { receiptMessagesFor } from './receipt-messages.ts';

export interface ReceiptLine {
  label: string;
  value: string;
  testId: string;
  /** Long codes (a boleto line, an end-to-end id) are set in a monospace font. */
  code?: boolean;
}

export interface ReceiptModel {
  lang: PageLang;
  currency: PurchaseCurrency;
  transactionId: string;
  merchantName: string | null;
  brand: PageBrand | null;
  sandbox: boolean;
  amount: string;
  /** What was bought, then how it was paid and the references, in reading order. */
  lines: ReceiptLine[];
  pdfUrl: string;
}

export function receiptPath(token: string): string {
  return `/receipt/${token}`;
}

export function receiptPdfPath(token: string): string {
  return `/receipt/${token}/pdf`;
}

/** Null while the transaction is not PAID: there is no receipt yet. */
export function toReceiptModel(
  record: TransactionRecord,
  context: Pick<PageContext, 'sandbox' | 'branding'>,
  /** The checkout session's snapshot of what it sold, when the transaction came from one. */
  sale: SaleDisplay | null,
): ReceiptModel | null {
  if (record.status !== 'PAID' || !record.paidAt) return null;
  const lang = langForCurrency(record.currency);
  const m = receiptMessagesFor(lang);
  const amount = formatMoney(record.amount, record.currency);
  const what: ReceiptLine[] = sale
    ? [
        { label: m.product, value: sale.productName, testId: 'receipt-product' },
        { label: m.offer, value: sale.offerName, testId: 'receipt-offer' },
      ]
    : [{ label: m.description, value: record.description, testId: 'receipt-description' }];
  const reference: ReceiptLine[] = [];
  if (record.boletoDigitableLine)
    reference.push({
      label: m.boletoLine,
      value: record.boletoDigitableLine,
      testId: 'receipt-reference',
      code: true,
    });
  else if (record.railPaymentId)
    reference.push({
      label: m.pixEndToEndId,
      value: record.railPaymentId,
      testId: 'receipt-reference',
      code: true,
    });
  return {
    lang,
    currency: record.currency,
    transactionId: record.id,
    merchantName: context.branding?.displayName ?? null,
    brand: context.branding
      ? { color: context.branding.brandColor, logoUrl: context.branding.logoUrl }
      : null,
    sandbox: context.sandbox,
    amount,
    lines: [
      ...what,
      { label: m.amount, value: amount, testId: 'receipt-amount' },
      { label: m.method, value: methodNameOf(record, lang), testId: 'receipt-method' },
      {
        label: m.paidAt,
        value: formatInstant(record.paidAt, lang, record.currency),
        testId: 'receipt-paid-at',
      },
      { label: m.transaction, value: record.id, testId: 'receipt-transaction', code: true },
      ...reference,
    ],
    pdfUrl: receiptPdfPath(record.pageToken),
  };
}
