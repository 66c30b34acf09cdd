// The port every payment rail implements. The workers talk only to this interface, so a real
// provider (a boleto registry, a PSE/Nequi/Bre-B acquirer, a Bolivian QR issuer) replaces a
// sandbox adapter without touching handlers or workers.
import type { TransactionRecord } from '../transactions/transaction.ts';

export type RailInstruction =
  | { type: 'BOLETO'; barcode: string; digitableLine: string; boletoUrl: string }
  | { type: 'REDIRECT'; redirectUrl: string }
  | { type: 'QR'; qr: string };

export type InstructionResult =
  | { ready: false /** The provider's hint of when to ask again. */; retryAfterMs?: number }
  | { ready: true; instruction: RailInstruction; expiresAt: string | null };

export type RailPaymentStatus =
  | { status: 'PENDING' }
  | { status: 'PAID'; paidAt: string }
  | { status: 'EXPIRED' };

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
  fetchInstruction(transactionId: string, now: Date): Promise<InstructionResult>;
  fetchPaymentStatus(transactionId: string, now: Date): Promise<RailPaymentStatus>;
}
