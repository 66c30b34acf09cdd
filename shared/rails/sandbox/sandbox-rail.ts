// The sandbox rails: they behave like a provider (the instruction appears after a delay, the
// payment happens when someone pays), keeping their state in their own key space.
import { serviceConfig } from '../../config.ts';
import {
  getRailCharge,
  type MarkPaidOutcome,
  markRailChargePaid,
  putRailChargeOnce,
} from '../../store/rail-charges.ts';
import type { TransactionRecord } from '../../transactions/transaction.ts';
import type { ChargeRef, ChargeRequest, InstructionResult, Rail, RailPaymentStatus } from '../rail-port.ts';
import { chargeExpiresAt, sandboxInstruction } from './sandbox-instructions.ts';

export function sandboxRailName(transaction: Pick<TransactionRecord, 'currency' | 'method'>): string {
  return `sandbox-${transaction.currency.toLowerCase()}-${transaction.method.toLowerCase()}`;
}

export function createSandboxRail(name: string): Rail {
  return {
    name,
    async registerCharge({ transaction, pageUrl }: ChargeRequest, now: Date) {
      const expiresAt = chargeExpiresAt(transaction, new Date(transaction.createdAt));
      await putRailChargeOnce({
        rail: name,
        chargeId: transaction.id,
        accountId: transaction.accountId,
        transactionId: transaction.id,
        amount: transaction.amount,
        instruction: sandboxInstruction(transaction, pageUrl, expiresAt),
        readyAt: Date.parse(transaction.createdAt) + serviceConfig().sandboxInstructionDelayMs,
        expiresAt,
        status: 'PENDING',
        paidAt: null,
        createdAt: now.toISOString(),
      });
    },
    async fetchInstruction({ transactionId }: ChargeRef, now: Date): Promise<InstructionResult> {
      const charge = await getRailCharge(name, transactionId);
      if (!charge) return { ready: false };
      if (now.getTime() < charge.readyAt)
        return { ready: false, retryAfterMs: charge.readyAt - now.getTime() };
      return { ready: true, instruction: charge.instruction, expiresAt: charge.expiresAt };
    },
    async fetchPaymentStatus({ transactionId }: ChargeRef, now: Date): Promise<RailPaymentStatus> {
      const charge = await getRailCharge(name, transactionId);
      if (charge?.status === 'PAID' && charge.paidAt) return { status: 'PAID', paidAt: charge.paidAt };
      if (!charge || charge.expiresAt <= now.toISOString())
        return charge ? { status: 'EXPIRED' } : { status: 'PENDING' };
      return { status: 'PENDING' };
    },
  };
}

/** What a payer's payment does on the sandbox rail. */
export function paySandboxCharge(
  transaction: Pick<TransactionRecord, 'currency' | 'method' | 'id'>,
  now: Date,
): Promise<MarkPaidOutcome> {
  return markRailChargePaid(sandboxRailName(transaction), transaction.id, now);
}
