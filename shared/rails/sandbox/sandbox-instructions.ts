// What each sandbox rail hands out: a FEBRABAN-valid boleto, a checkout redirect, or an EMVCo
// QR for Bolivia. Pure functions of the transaction.
import { addDays } from '../../purchase/due-date.ts';
import type { TransactionRecord } from '../../transactions/transaction.ts';
import { buildBarcode, digitableLineFromBarcode, formatDigitableLine, sandboxFreeField } from '../boleto.ts';
import { buildBolivianQr } from '../emv-qr.ts';
import type { RailInstruction } from '../rail-port.ts';

/** Not a COMPE code any bank holds, so a sandbox slip can never be paid at a real bank. */
export const sandboxBankCode = '000';
export const sandboxQrGui = 'BO.CASHIN.SANDBOX';

/** A boleto is payable until the end of its due day in São Paulo (UTC−3, no DST since 2019). */
export function boletoExpiresAt(dueDate: string): string {
  return `${addDays(dueDate, 1)}T03:00:00.000Z`;
}

export function sandboxInstruction(
  transaction: TransactionRecord,
  pageUrl: string,
  expiresAt: string,
): RailInstruction {
  if (transaction.currency === 'BRL') {
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
  if (transaction.currency === 'COP') return { type: 'REDIRECT', redirectUrl: pageUrl };
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
