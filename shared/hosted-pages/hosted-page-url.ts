// Where the payer of a transaction goes: our hosted page for its instruction.
import { serviceConfig } from '../config.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';

export type HostedPageKind = 'boleto' | 'checkout' | 'qr';

export function hostedPageKind(transaction: Pick<TransactionRecord, 'currency'>): HostedPageKind {
  return transaction.currency === 'BRL' ? 'boleto' : transaction.currency === 'COP' ? 'checkout' : 'qr';
}

export function hostedPageUrl(transaction: Pick<TransactionRecord, 'currency' | 'pageToken'>): string {
  return `${serviceConfig().publicBaseUrl}/pay/${hostedPageKind(transaction)}/${transaction.pageToken}`;
}
