// The bodies of the Pix Automático calls, from a subscription's terms: the recurrence (`/rec`:
// vinculo from the offer and the customer, calendario from the billing cycle, the fixed amount,
// retries allowed), its request to the payer's bank (`/solicrec`) and a cycle's charge (`/cobr`).
import type { BillingCycle } from '../../catalog/offer.ts';
import { formatEmvAmount } from '../emv-qr.ts';
import { periodicidadeFor } from './periodicidade.ts';
import type {
  CobRRequest,
  Devedor,
  PayerBankAccount,
  ReceiverAccount,
  RecRequest,
  SolicRecRequest,
} from './pix-automatico-types.ts';

/** What the payer authorizes. */
export interface RecurrenceTerms {
  subscriptionId: string;
  /** Shown in the payer's bank app beside the contract: the offer's (or product's) name. */
  description: string;
  amountCents: number;
  billingCycle: BillingCycle;
  /** The first cycle's due date (YYYY-MM-DD). */
  firstDueDate: string;
  /** The last day of the authorization; absent: until canceled. */
  endDate?: string;
  customer: { name: string; document: string };
}

const clip = (text: string, length: number) => Array.from(text).slice(0, length).join('');

/**
 * `vinculo.contrato` (35 characters at most): the subscription id's letters and digits, which
 * for `sub_<uuid>` is exactly 35 and names the subscription in the payer's bank app and our
 * search of the PSP's recurrences.
 */
export function contractFor(subscriptionId: string): string {
  const contract = subscriptionId.replace(/[^A-Za-z0-9]/g, '');
  if (contract.length === 0 || contract.length > 35)
    throw new RangeError(
      `subscriptionId: ${contract.length} letters and digits, vinculo.contrato holds 1 to 35`,
    );
  return contract;
}

export function devedorFor(customer: { name: string; document: string }): Devedor {
  const nome = clip(customer.name, 140);
  return customer.document.length === 11
    ? { cpf: customer.document, nome }
    : { cnpj: customer.document, nome };
}

export function recRequestFor(
  terms: RecurrenceTerms,
  options: { loc?: number; firstChargeTxid?: string } = {},
): RecRequest {
  return {
    vinculo: {
      contrato: contractFor(terms.subscriptionId),
      devedor: devedorFor(terms.customer),
      objeto: clip(terms.description, 35),
    },
    calendario: {
      dataInicial: terms.firstDueDate,
      ...(terms.endDate ? { dataFinal: terms.endDate } : {}),
      periodicidade: periodicidadeFor(terms.billingCycle),
    },
    valor: { valorRec: formatEmvAmount(terms.amountCents) },
    politicaRetentativa: 'PERMITE_3R_7D',
    ...(options.loc === undefined ? {} : { loc: options.loc }),
    ...(options.firstChargeTxid ? { ativacao: { dadosJornada: { txid: options.firstChargeTxid } } } : {}),
  };
}

/** Journey 1: the authorization request the payer's bank shows, until `expiresAt` (RFC 3339). */
export function solicRecRequestFor(
  idRec: string,
  payer: { document: string; bankAccount: PayerBankAccount },
  expiresAt: string,
): SolicRecRequest {
  const { ispbParticipante, agencia, conta } = payer.bankAccount;
  return {
    idRec,
    calendario: { dataExpiracaoSolicitacao: expiresAt },
    destinatario: {
      ispbParticipante,
      ...(agencia ? { agencia } : {}),
      conta,
      ...(payer.document.length === 11 ? { cpf: payer.document } : { cnpj: payer.document }),
    },
  };
}

export interface CycleChargeTerms {
  idRec: string;
  dueDate: string;
  amountCents: number;
  /** Shown to the payer with the debit (140 characters at most), e.g. "Plano Mensal — ciclo 3". */
  description?: string;
}

export function cobrRequestFor(charge: CycleChargeTerms, receiver: ReceiverAccount): CobRRequest {
  return {
    idRec: charge.idRec,
    ...(charge.description ? { infoAdicional: clip(charge.description, 140) } : {}),
    calendario: { dataDeVencimento: charge.dueDate },
    valor: { original: formatEmvAmount(charge.amountCents) },
    // A due date on a weekend or holiday settles on the next business day, not before.
    ajusteDiaUtil: true,
    recebedor: receiver,
  };
}
