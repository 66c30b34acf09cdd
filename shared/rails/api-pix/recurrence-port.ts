// What the subscriptions domain asks of a Pix Automático PSP. The API Pix client
// (recurrence-client.ts) implements it; a sandbox rail can too. Every call takes `answerBy`
// (epoch ms its answer is due, as the rail port's calls do) and is safe to repeat.

import type { PayerBankAccount } from './pix-automatico-types.ts';
import type { Journey } from './recurrence-journey.ts';
import type { CycleChargeTerms, RecurrenceTerms } from './recurrence-request.ts';
import type { CycleChargeState, RecurrenceState } from './recurrence-status.ts';

export interface CreateRecurrenceInput extends RecurrenceTerms {
  /** Journey 1 when given (and the first cycle is not due within 2 days). */
  payerBankAccount?: PayerBankAccount;
  /** When the subscription was created: a repeated call looks for the recurrence made since then. */
  requestedAt: Date;
  /** Journey 1: until when the payer's bank shows the request (RFC 3339). */
  authorizationExpiresAt: string;
  /** Journey 3: seconds the first cycle's immediate charge can be paid (default 86400). */
  firstChargeExpiresIn?: number;
  /** Today in São Paulo (YYYY-MM-DD): picks the journey. */
  today: string;
}

export interface CreatedRecurrence {
  idRec: string;
  journey: Journey;
  /** Journeys 2 and 3: the BR Code the payer scans in their bank app; null in journey 1. */
  qr: string | null;
  /** Journey 3: the txid of cycle 1's immediate charge (`/cob`), paid with the authorization. */
  firstChargeTxid: string | null;
  /** Journey 1: the request sent to the payer's bank. */
  solicitationId: string | null;
  state: RecurrenceState;
}

export interface RecurrenceReading {
  idRec: string;
  state: RecurrenceState;
  /** Journey 3's first charge, once the PSP says which it was. */
  firstChargeTxid: string | null;
}

export interface CycleChargeInput extends Omit<CycleChargeTerms, 'idRec'> {
  subscriptionId: string;
  /** 1-based; with the subscription it names the charge (its txid). */
  cycle: number;
  idRec: string;
  /** Today in São Paulo: the charge may be created only 10 to 2 days before its due date. */
  today: string;
}

export interface CycleChargeReading extends CycleChargeState {
  txid: string;
  idRec: string;
  dueDate: string;
}

export interface PixAutomaticoPort {
  createRecurrence(input: CreateRecurrenceInput, answerBy: number): Promise<CreatedRecurrence>;
  /** Null when the PSP has no such recurrence. */
  getRecurrence(idRec: string, answerBy: number): Promise<RecurrenceReading | null>;
  /** The merchant ends it (`PATCH /rec/{idRec}` CANCELADA); one already ended is read as it is. */
  cancelRecurrence(idRec: string, answerBy: number): Promise<RecurrenceReading>;
  /** Journey 3: cycle 1's immediate charge (a `/cob`), read as a cycle charge. */
  getFirstCycleCharge(txid: string, answerBy: number): Promise<CycleChargeState | null>;
  /** The cycle's `/cobr`, created once whatever the number of calls (PUT under a derived txid). */
  createCycleCharge(input: CycleChargeInput, answerBy: number): Promise<CycleChargeReading>;
  getCycleCharge(txid: string, answerBy: number): Promise<CycleChargeReading | null>;
  /** A new debit attempt on `date` (YYYY-MM-DD; see cycle-charge-window.ts for the dates allowed). */
  retryCycleCharge(txid: string, date: string, answerBy: number): Promise<CycleChargeReading>;
}

export class CycleChargeOutsideWindowError extends Error {
  constructor(dueDate: string, today: string, window: { opensOn: string; closesOn: string }) {
    super(
      `a cycle charge due ${dueDate} may be created from ${window.opensOn} to ${window.closesOn}, not on ${today}`,
    );
    this.name = 'CycleChargeOutsideWindowError';
  }
}
