// What the COP checkout shows for the methods where the payer pushes the money themselves:
// the Bre-B key and QR, and the bank-transfer account. The sandbox derives them from the
// transaction alone (no stored state), so every render of a page shows the same values. A real
// acquirer hands these out with its instruction; they would then travel on the transaction.

import { nitCheckDigit } from '../purchase/documents.ts';
import { appendEmvCrc, encodeTlv, foldEmvText, formatEmvAmount } from '../rails/emv-qr.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import type { BankAccountDetails, BrebInstructions } from './render/view-models.ts';

/** ISO 4217 numeric code of the Colombian peso. */
export const COP_CURRENCY_NUMERIC = '170';
export const COLOMBIA_COUNTRY_CODE = 'CO';
/** Not the GUI of any real Bre-B participant, so no wallet treats a sandbox QR as payable. */
export const sandboxBrebGui = 'CO.CASHIN.SANDBOX';

/** The sandbox collection account every transfer goes to; the reference tells payments apart. */
const sandboxNit = '900123456';
export const sandboxBankAccount = {
  bank: 'Banco Sandbox',
  accountType: 'Cuenta de ahorros',
  accountNumber: '000-000000-00',
  holder: 'Cashin Sandbox S.A.S.',
  nit: `${sandboxNit}-${nitCheckDigit(sandboxNit)}`,
} as const;

type CopTransaction = Pick<TransactionRecord, 'id' | 'amount'>;

/** Bre-B keys (llaves) starting with "@" are alphanumeric keys a participant assigns. */
export function sandboxBrebKey(transaction: Pick<TransactionRecord, 'id'>): string {
  return `@cashin${transaction.id.slice(-8)}`;
}

/**
 * A dynamic EMVCo merchant-presented payload, as for the Bolivian QR: 00 "01", 01 "12",
 * 26 {00 GUI, 01 the Bre-B key}, 52 "0000", 53 "170" (peso), 54 the amount with two decimals,
 * 58 "CO", 59 name, 60 city, 62 {05 the transaction id as reference}, 63 CRC.
 */
export function sandboxBrebQrPayload(transaction: CopTransaction): string {
  const account = encodeTlv('00', sandboxBrebGui) + encodeTlv('01', sandboxBrebKey(transaction));
  const payload =
    encodeTlv('00', '01') +
    encodeTlv('01', '12') +
    encodeTlv('26', account) +
    encodeTlv('52', '0000') +
    encodeTlv('53', COP_CURRENCY_NUMERIC) +
    encodeTlv('54', formatEmvAmount(transaction.amount)) +
    encodeTlv('58', COLOMBIA_COUNTRY_CODE) +
    encodeTlv('59', foldEmvText('Cashin Sandbox', 25)) +
    encodeTlv('60', foldEmvText('Bogotá', 15)) +
    encodeTlv('62', encodeTlv('05', transaction.id));
  return appendEmvCrc(payload);
}

export function sandboxBrebInstructions(transaction: CopTransaction): BrebInstructions {
  return { key: sandboxBrebKey(transaction), qrPayload: sandboxBrebQrPayload(transaction) };
}

export function sandboxBankTransfer(transaction: Pick<TransactionRecord, 'id'>): BankAccountDetails {
  return { ...sandboxBankAccount, reference: transaction.id };
}
