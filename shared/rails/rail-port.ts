// The port every payment rail implements. The workers talk only to this interface, so a real
// provider (a boleto registry, a PSE/Nequi/Bre-B acquirer, a Bolivian QR issuer) replaces a
// sandbox adapter without touching handlers or workers.
import type { TransactionRecord } from '../transactions/transaction.ts';

export type RailInstruction =
  | { type: 'BOLETO'; barcode: string; digitableLine: string; boletoUrl: string }
  | { type: 'REDIRECT'; redirectUrl: string }
  /** `pageUrl`: a hosted page the API object links as `redirectUrl` (the Pix page). */
  | { type: 'QR'; qr: string; pageUrl?: string };

export type InstructionResult =
  | { ready: false /** The provider's hint of when to ask again. */; retryAfterMs?: number }
  | { ready: true; instruction: RailInstruction; expiresAt: string | null };

export type RailPaymentStatus =
  | { status: 'PENDING' }
  | { status: 'PAID'; paidAt: string }
  | { status: 'EXPIRED' };

/** A rail charge is addressed by account and transaction, never by the transaction id alone. */
export interface ChargeRef {
  accountId: string;
  transactionId: string;
}

/** The provider's final word on a charge it was asked to close. */
export type CloseResult = { outcome: 'closed' } | { outcome: 'paid'; paidAt: string };

/** The provider refused the charge for good (e.g. an RFC 7807 4xx): no instruction will come. */
export class RailRejectedError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = 'RailRejectedError';
    this.reason = reason;
  }
}

export interface ChargeRequest {
  transaction: TransactionRecord;
  /** Our hosted payer page for this transaction (where the payer lands or sees the slip/QR). */
  pageUrl: string;
}

/**
 * Charges are addressed by our transaction id (sent to the provider as its reference); an
 * adapter that gets its own charge id back keeps the mapping on its side.
 */
export interface Rail {
  readonly name: string;
  /** Registers the charge with the provider; idempotent per transaction. */
  registerCharge(request: ChargeRequest, now: Date): Promise<void>;
  fetchInstruction(charge: ChargeRef, now: Date): Promise<InstructionResult>;
  fetchPaymentStatus(charge: ChargeRef, now: Date): Promise<RailPaymentStatus>;
  /** Closes the charge on the rail side unless it was paid meanwhile (then says so). */
  closeCharge?(charge: ChargeRef, reason: 'expired' | 'canceled', now: Date): Promise<CloseResult>;
}
