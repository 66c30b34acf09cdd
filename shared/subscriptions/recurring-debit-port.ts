// The port a Pix Automático client implements (API Pix's /locrec, /rec, /cobr): the subscription
// use cases speak only to this. Until an adapter is registered (`useRecurringDebit`), a
// subscription with paymentMethod PIX_AUTOMATICO is refused with 400 ("not available yet").
import type { BillingCycle } from '../catalog/offer.ts';

export interface RecurrenceRequest {
  accountId: string;
  subscriptionId: string;
  /** The offer's billing cycle (→ calendario.periodicidade) and each cycle's amount in cents (→ valorRec). */
  billingCycle: BillingCycle;
  amount: number;
  /** Cycle 1's due date (YYYY-MM-DD, São Paulo): calendario.dataInicial. */
  firstDueDate: string;
  /** vinculo: what is sold and to whom. */
  description: string;
  debtor: { name: string; document: string };
  /**
   * Journey 3 (default): cycle 1 is charged with the same QR that authorizes the recurrence; its
   * charge is this transaction (derived from the subscription and cycle 1).
   */
  firstCharge: { transactionId: string; dueDate: string } | null;
}

export type RecurrenceStatus =
  | { status: 'PENDING_AUTHORIZATION' }
  | { status: 'AUTHORIZED' }
  /** The payer never authorized it before its deadline, or refused it. */
  | { status: 'EXPIRED' }
  /** Canceled on the payer's side (or by the receiver). */
  | { status: 'CANCELED'; by: 'PAYER' | 'RECEIVER' };

export interface CycleDebitRequest {
  accountId: string;
  subscriptionId: string;
  cycle: number;
  /** Derived from (subscription, cycle): the charge's txid is built from it, so a retry is the same charge. */
  transactionId: string;
  amount: number;
  /** YYYY-MM-DD: the debit date, 2–10 days after the request (the rules' window). */
  dueDate: string;
}

export interface RecurringDebitPort {
  /** Creates (idempotently, by subscription) the recurrence and, on journey 3, its first charge. */
  createRecurrence(request: RecurrenceRequest, answerBy: Date): Promise<{ qr: string; url: string }>;
  getRecurrence(accountId: string, subscriptionId: string, answerBy: Date): Promise<RecurrenceStatus>;
  /** Ends the recurrence on the receiver's side (the merchant's cancel). */
  cancelRecurrence(accountId: string, subscriptionId: string, answerBy: Date): Promise<void>;
  /** Asks for a cycle's debit (idempotent by transaction id). */
  createCycleDebit(request: CycleDebitRequest, answerBy: Date): Promise<void>;
  /** Asks the payer's bank to try a failed debit again on `retryDate` (YYYY-MM-DD). */
  retryCycleDebit(request: CycleDebitRequest, retryDate: string, answerBy: Date): Promise<void>;
}

let port: RecurringDebitPort | null = null;

/** Registers the Pix Automático adapter (or removes it with null). */
export function useRecurringDebit(adapter: RecurringDebitPort | null): void {
  port = adapter;
}

export const recurringDebit = (): RecurringDebitPort | null => port;
