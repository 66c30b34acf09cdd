// Where the payer of a transaction goes: our hosted page for its instruction, by its row.
import { serviceConfig } from '../config.ts';
import { type HostedPageKind, methodOf, type PurchaseCurrency, paymentMethods } from '../payment-methods.ts';
import type { TransactionRecord } from '../transactions/transaction.ts';

export type { HostedPageKind } from '../payment-methods.ts';

export function hostedPageKind(transaction: Pick<TransactionRecord, 'currency' | 'method'>): HostedPageKind {
  return methodOf(transaction).page.kind;
}

export function hostedPageUrl(
  transaction: Pick<TransactionRecord, 'currency' | 'method' | 'pageToken'>,
): string {
  return `${serviceConfig().publicBaseUrl}/pay/${hostedPageKind(transaction)}/${transaction.pageToken}`;
}

/** The currency a page kind's address implies (each kind serves one currency's rows). */
export function currencyOfPageKind(kind: HostedPageKind): PurchaseCurrency | null {
  return paymentMethods.find((row) => row.page.kind === kind)?.currency ?? null;
}
