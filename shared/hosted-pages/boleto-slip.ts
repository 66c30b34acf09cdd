// What the printed boleto (payer's receipt stub and compensation slip) says, decided from the
// transaction record and its page model. Pure: the PDF renderer only lays these strings out.
import { todayInSaoPaulo } from '../purchase/due-date.ts';
import { bankCodeField, ourNumberFromSandboxFreeField } from '../rails/boleto.ts';
import { sandboxBankCode } from '../rails/sandbox/sandbox-instructions.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';
import { formatCalendarDate } from './render/locale.ts';
import { formatMoney } from './render/money-format.ts';
import type { BoletoPageModel } from './render/view-models.ts';

export interface BoletoSlip {
  transactionId: string;
  /** The issuing bank's name as the slip's header shows it. */
  bankName: string;
  /** COMPE code and its check digit, e.g. `001-9`. */
  bankCodeField: string;
  /** The merchant: its display name (when set) and CPF/CNPJ. */
  beneficiary: { name: string | null; document: string };
  payer: { name: string; document: string; addressLines: string[] };
  /** dd/mm/yyyy. */
  dueDate: string;
  /** dd/mm/yyyy, the purchase's day in São Paulo. */
  documentDate: string;
  /** The transaction id: the merchant's own reference can be 255 characters, too long for the box. */
  documentNumber: string;
  /** The bank's reference of the slip; null when the free field's layout is not known. */
  ourNumber: string | null;
  /** "R$ 1.234,56". */
  amount: string;
  description: string;
  /** Printed grouping, as the API answers it. */
  digitableLine: string;
  /** The 44 digits of the barcode. */
  barcode: string;
  /** "Texto de responsabilidade do beneficiário", one entry a line. */
  instructions: string[];
  sandbox: boolean;
}

/** CPF as 000.000.000-00, CNPJ (numeric or alphanumeric) as XX.XXX.XXX/XXXX-XX; anything else as given. */
export function formatBrazilianDocument(number: string): string {
  if (/^\d{11}$/.test(number))
    return `${number.slice(0, 3)}.${number.slice(3, 6)}.${number.slice(6, 9)}-${number.slice(9)}`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(number))
    return `${number.slice(0, 2)}.${number.slice(2, 5)}.${number.slice(5, 8)}/${number.slice(8, 12)}-${number.slice(12)}`;
  return number;
}

/** The document's label by its length: CNPJ for 14 characters, CPF otherwise. */
export function documentLabel(number: string): 'CPF' | 'CNPJ' {
  return number.length === 14 ? 'CNPJ' : 'CPF';
}

function withDocument(number: string): string {
  return `${documentLabel(number)} ${formatBrazilianDocument(number)}`;
}

/** Street, number and complement; district; CEP, city and UF: how a slip prints the payer's address. */
export function addressLines(address: NonNullable<TransactionRecord['boleto']>['address']): string[] {
  const street = [address.address, address.number, address.complement].filter(Boolean).join(', ');
  const zip = /^\d{8}$/.test(address.zipCode)
    ? `${address.zipCode.slice(0, 5)}-${address.zipCode.slice(5)}`
    : address.zipCode;
  return [`${street} - ${address.district}`, `CEP ${zip} - ${address.city}/${address.uf}`];
}

const bankNames: Record<string, string> = { [sandboxBankCode]: 'Banco Sandbox' };

export function boletoSlipOf(record: TransactionRecord, model: BoletoPageModel): BoletoSlip {
  if (!record.boleto) throw new RangeError('record: not a boleto transaction');
  const bankCode = model.barcode.slice(0, 3);
  const ourNumber = ourNumberFromSandboxFreeField(model.barcode.slice(19));
  const createdOn = formatCalendarDate(todayInSaoPaulo(new Date(record.createdAt)), 'pt-BR');
  return {
    transactionId: record.id,
    bankName: bankNames[bankCode] ?? `Banco ${bankCode}`,
    bankCodeField: bankCodeField(bankCode),
    beneficiary: { name: model.merchantName?.trim() || null, document: withDocument(record.payer.document) },
    payer: {
      name: record.payer.name,
      document: withDocument(record.boleto.payerDocument),
      addressLines: addressLines(record.boleto.address),
    },
    dueDate: formatCalendarDate(model.dueDate, 'pt-BR'),
    documentDate: createdOn,
    documentNumber: record.id,
    // The sandbox free field carries the transaction id and its modulo-10 digit.
    ourNumber: ourNumber === null ? null : `${ourNumber}-${model.barcode[43]}`,
    amount: formatMoney(model.amountCents, 'BRL'),
    description: model.description,
    digitableLine: model.digitableLine,
    barcode: model.barcode,
    instructions: [
      'Pagável em qualquer banco, app ou internet banking até o vencimento.',
      'Não receber após o vencimento.',
      ...(model.sandbox ? ['SANDBOX - documento de teste, sem valor de pagamento.'] : []),
    ],
    sandbox: model.sandbox,
  };
}
