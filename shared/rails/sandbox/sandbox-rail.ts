// The sandbox rails: they behave like a provider (the instruction appears after a delay, the
// payment happens when someone pays and may be reported later, a charge can be closed),
// keeping their state in their own key space.
import { serviceConfig } from '../../config.ts';
import { methodOf } from '../../payment-methods.ts';
import {
  closeRailCharge,
  getRailCharge,
  type MarkPaidOutcome,
  markRailChargePaid,
  putRailChargeOnce,
  sandboxListingName,
  settledPayment,
} from '../../store/rail-charges.ts';
import { listRailPaymentReports } from '../../store/rail-payment-reports.ts';
import type { TransactionRecord } from '../../transactions/transaction.ts';
import {
  type ChargeRef,
  type ChargeRequest,
  type CloseReason,
  type CloseResult,
  chargeRefOf,
  type InstructionResult,
  type ListingPage,
  type ListingWindow,
  type PaymentListing,
  type PaymentReport,
  type Rail,
  type RailPaymentStatus,
  type RailRefundStatus,
  type RefundRequest,
} from '../rail-port.ts';
import { chargeExpiresAt, sandboxInstruction } from './sandbox-instructions.ts';

export function sandboxRailName(transaction: Pick<TransactionRecord, 'currency' | 'method'>): string {
  return `sandbox-${transaction.currency.toLowerCase()}-${transaction.method.toLowerCase()}`;
}

/** A refund whose reason is exactly this is refused by the sandbox rail (to try the FAILED path). */
export const sandboxRefusedRefundReason = 'sandbox: refuse';

export function createSandboxRail(name: string, reports: readonly PaymentReport[]): Rail {
  return {
    // Settles at once: a sandbox has no money to move. The reason above makes it refuse.
    refund(request: RefundRequest): Promise<RailRefundStatus> {
      if (request.reason === sandboxRefusedRefundReason)
        return Promise.resolve({
          status: 'FAILED',
          reason: `the sandbox rail refused the refund (reason "${sandboxRefusedRefundReason}")`,
        });
      return Promise.resolve({ status: 'SUCCEEDED' });
    },
    name,
    reports,
    async registerCharge({ transaction, pageUrl }: ChargeRequest, now: Date) {
      // A fixed-lifetime row (COP, BOB) lives SANDBOX_CHARGE_TTL_MS in the sandbox; a due day or
      // the request's expiresIn (PIX) follow the row's rule.
      const expiresAt =
        methodOf(transaction).expiry.kind === 'after'
          ? new Date(now.getTime() + serviceConfig().sandboxChargeTtlMs).toISOString()
          : chargeExpiresAt(transaction, new Date(transaction.createdAt));
      await putRailChargeOnce({
        rail: name,
        ...chargeRefOf(transaction),
        amount: transaction.amount,
        instruction: sandboxInstruction(transaction, pageUrl, expiresAt),
        readyAt: Date.parse(transaction.createdAt) + serviceConfig().sandboxInstructionDelayMs,
        expiresAt,
        status: 'PENDING',
        paidAt: null,
        settlesAt: null,
        closedAt: null,
        createdAt: now.toISOString(),
      });
    },
    async fetchInstruction(ref: ChargeRef, now: Date): Promise<InstructionResult> {
      const charge = await getRailCharge(name, ref);
      if (!charge?.instruction) return { ready: false };
      if (now.getTime() < charge.readyAt)
        return { ready: false, retryAfterMs: charge.readyAt - now.getTime() };
      return { ready: true, instruction: charge.instruction, expiresAt: charge.expiresAt };
    },
    async fetchPaymentStatus(ref: ChargeRef, now: Date): Promise<RailPaymentStatus> {
      const charge = await getRailCharge(name, ref);
      if (!charge) return { status: 'PENDING' };
      const paidAt = settledPayment(charge, now);
      if (paidAt) return { status: 'PAID', paidAt };
      return charge.closedAt ? { status: 'CLOSED' } : { status: 'PENDING' };
    },
    async closeCharge(ref: ChargeRef, reason: CloseReason, now: Date): Promise<CloseResult> {
      const charge = await closeRailCharge(name, ref, reason, now);
      const paidAt = charge ? settledPayment(charge, now) : null;
      // A charge the rail never registered cannot be paid: closing it is trivially done.
      return paidAt ? { outcome: 'paid', paidAt } : { outcome: 'closed' };
    },
  };
}

/** What a payer's payment does on the sandbox rail; the rail reports it after `settleAfterMs`. */
export function paySandboxCharge(
  transaction: Pick<TransactionRecord, 'currency' | 'method' | 'id' | 'accountId' | 'amount'>,
  now: Date,
  settleAfterMs = 0,
): Promise<MarkPaidOutcome> {
  return markRailChargePaid(
    sandboxRailName(transaction),
    { ...chargeRefOf(transaction), amount: transaction.amount },
    now,
    settleAfterMs,
  );
}

/** The statement of every sandbox rail: the payments they report in a window, oldest first. */
export function createSandboxListing(): PaymentListing {
  return {
    name: sandboxListingName,
    async listPayments(window: ListingWindow): Promise<ListingPage> {
      const { reports, nextPage } = await listRailPaymentReports(
        sandboxListingName,
        window.from,
        window.to,
        window.page,
      );
      return {
        payments: reports.map((report) => ({
          charge: { accountId: report.accountId, transactionId: report.transactionId },
          paidAt: report.paidAt,
          amount: report.amount,
        })),
        nextPage,
      };
    },
  };
}
