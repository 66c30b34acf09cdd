// What each sandbox rail hands out, by the catalogue row's instruction kind: a FEBRABAN-valid
// boleto, a checkout redirect, an EMVCo QR for Bolivia or a dynamic Pix BR Code. Pure
// functions of the transaction.

import { brazilBusinessDayOnOrAfter } from '../../calendars/business-days.ts';
import { methodOf } from '../../payment-methods.ts';
import { addDays } from '../../purchase/due-date.ts';
import type { TransactionRecord } from '../../transactions/transaction.ts';
import { buildBarcode, digitableLineFromBarcode, formatDigitableLine, sandboxFreeField } from '../boleto.ts';
import { buildDynamicBrCode } from '../br-code.ts';
import { buildBolivianQr } from '../emv-qr.ts';
import type { RailInstruction } from '../rail-port.ts';

/** Not a COMPE code any bank holds, so a sandbox slip can never be paid at a real bank. */
export const sandboxBankCode = '000';
export const sandboxQrGui = 'BO.CASHIN.SANDBOX';
/** `.invalid` is reserved (RFC 2606): no payer's app can fetch a sandbox Pix charge. */
export const sandboxPixLocationHost = 'pix.sandbox.invalid';

/**
 * A boleto is payable until the end of its due day in São Paulo (UTC−3, no DST since 2019), or of
 * the next business day when the banks are closed on the due day (a weekend, a bank holiday).
 */
export function boletoExpiresAt(dueDate: string): string {
  return `${addDays(brazilBusinessDayOnOrAfter(dueDate), 1)}T03:00:00.000Z`;
}

/** When a charge created at `createdAt` stops being payable, by its catalogue row's expiry rule. */
export function chargeExpiresAt(transaction: TransactionRecord, createdAt: Date): string {
  const expiry = methodOf(transaction).expiry;
  if (expiry.kind === 'end-of-due-day') return boletoExpiresAt(transaction.boleto!.dueDate);
  const seconds = expiry.kind === 'after' ? expiry.seconds : transaction.pix!.expiresIn;
  return new Date(createdAt.getTime() + seconds * 1000).toISOString();
}

export function sandboxPixLocation(transactionId: string): string {
  return `${sandboxPixLocationHost}/cob/${transactionId}`;
}

export function sandboxInstruction(
  transaction: TransactionRecord,
  pageUrl: string,
  expiresAt: string,
): RailInstruction {
  const row = methodOf(transaction);
  if (row.instruction === 'BOLETO') {
    const barcode = buildBarcode({
      bankCode: sandboxBankCode,
      dueDate: transaction.boleto!.dueDate,
      amountCents: transaction.amount,
      freeField: sandboxFreeField(transaction.id),
    });
    return {
      type: 'BOLETO',
      barcode,
      digitableLine: formatDigitableLine(digitableLineFromBarcode(barcode)),
      boletoUrl: pageUrl,
    };
  }
  if (row.instruction === 'REDIRECT') return { type: 'REDIRECT', redirectUrl: pageUrl };
  if (transaction.currency === 'BRL')
    return {
      type: 'QR',
      qr: buildDynamicBrCode({
        location: sandboxPixLocation(transaction.id),
        amountCents: transaction.amount,
        merchantName: 'Cashin Sandbox',
        merchantCity: 'Sao Paulo',
      }),
    };
  return {
    type: 'QR',
    qr: buildBolivianQr({
      merchantAccount: {
        gui: sandboxQrGui,
        merchantId: transaction.accountId.replace(/^acc_/, '').replace(/-/g, '').slice(0, 20),
      },
      merchantName: 'Cashin Sandbox',
      merchantCity: 'La Paz',
      amountCents: transaction.amount,
      reference: transaction.id,
      expiresAt,
    }),
  };
}
