// The rail of a Pix Automático cycle's transaction: the cycle's `/cobr` (or, cycle 1 of journey 3,
// the `/cob` paid with the authorization QR), read by GET under the txid derived from
// (subscription, cycle). The charge is asked of the PSP by the subscription before its transaction
// is written (shared/subscriptions/pix-automatico-cycles.ts), so registering it here is nothing:
// the payment job, the PSP's notifications and the deadline then work as for any transaction.
// A paid cycle is a Pix with its endToEndId like any other: the API Pix rail's devolução refunds it.
import { hostedPageUrl } from '../../hosted-pages/hosted-page-url.ts';
import { getSubscription } from '../../store/subscriptions.ts';
import { getTransaction } from '../../store/transactions.ts';
import type {
  ChargeRef,
  PaymentReport,
  Rail,
  RailPaymentStatus,
  RailRefundStatus,
  RefundRequest,
} from '../rail-port.ts';
import { cycleTxidFor } from './cycle-txid.ts';
import { pixAutomaticoPort } from './pix-automatico-stage.ts';
import type { PixAutomaticoPort } from './recurrence-port.ts';
import type { CycleChargeState } from './recurrence-status.ts';

export const pixAutomaticoRailName = 'pix-automatico';

/** The PSP's state of a charge as the transaction's payment status (FAILED, CANCELED: closed). */
export function paymentStatusOf(state: CycleChargeState | null, now: Date): RailPaymentStatus {
  if (state?.status === 'PAID')
    return {
      status: 'PAID',
      paidAt: state.paid?.paidAt ?? now.toISOString(),
      ...(state.paid ? { paymentId: state.paid.endToEndId } : {}),
    };
  if (!state || state.status === 'PENDING') return { status: 'PENDING' };
  return { status: 'CLOSED' };
}

/** The rail that gives a paid Pix back (API Pix's devolução, `PUT /pix/{e2eid}/devolucao/{id}`). */
export type PixDevolucoes = () => Pick<Rail, 'refund'>;

export function createPixAutomaticoRail(
  port: () => PixAutomaticoPort | null = pixAutomaticoPort,
  devolucoes: PixDevolucoes = () => ({}),
): Rail {
  const need = () => {
    const adapter = port();
    if (!adapter)
      throw new Error('Pix Automático: this stage configures no PSP for it (PIX_API_RECEIVER_CONTA)');
    return adapter;
  };

  async function chargeOf(ref: ChargeRef) {
    const transaction = await getTransaction(ref.accountId, ref.transactionId, true);
    const cycle = transaction?.subscription;
    if (!transaction || !cycle) throw new Error(`Pix Automático: ${ref.transactionId} is no cycle charge`);
    const subscription = await getSubscription(ref.accountId, cycle.subscriptionId, true);
    const recurrence = subscription?.recurrence;
    if (!recurrence) throw new Error(`Pix Automático: ${cycle.subscriptionId} has no recurrence`);
    return {
      transaction,
      recurrence,
      txid: cycleTxidFor(cycle.subscriptionId, cycle.cycle),
      /** Journey 3's cycle 1 is the immediate charge the authorization QR pays. */
      viaCob: cycle.cycle === 1 && recurrence.journey === 3,
    };
  }

  async function stateOf(ref: ChargeRef, answerBy: number): Promise<CycleChargeState | null> {
    const charge = await chargeOf(ref);
    return charge.viaCob
      ? need().getFirstCycleCharge(charge.txid, answerBy)
      : need().getCycleCharge(charge.txid, answerBy);
  }

  const reports: readonly PaymentReport[] = ['push'];
  return {
    name: pixAutomaticoRailName,
    reports,
    async registerCharge() {},
    async fetchInstruction(ref) {
      const { transaction, recurrence, viaCob } = await chargeOf(ref);
      const expiresAt = transaction.pix
        ? new Date(Date.parse(transaction.createdAt) + transaction.pix.expiresIn * 1000).toISOString()
        : null;
      if (viaCob && recurrence.qr)
        return { ready: true, instruction: { type: 'QR', qr: recurrence.qr }, expiresAt };
      // A debit asks nothing of the payer: their page tells them what is debited and when.
      return {
        ready: true,
        instruction: { type: 'REDIRECT', redirectUrl: hostedPageUrl(transaction) },
        expiresAt,
      };
    },
    async fetchPaymentStatus(ref, now, answerBy) {
      return paymentStatusOf(await stateOf(ref, answerBy), now);
    },
    /**
     * The cycle's Pix given back by the API Pix rail under the refund's devolução id (read before it
     * is asked for: exactly once). Its endToEndId is the transaction's, else the charge's paid Pix
     * (the API Pix rail would look for it under an immediate charge's txid, which a cycle has not).
     */
    async refund(request: RefundRequest, now: Date, answerBy: number): Promise<RailRefundStatus> {
      const refund = devolucoes().refund;
      if (!refund)
        return { status: 'FAILED', reason: 'this stage has no API Pix rail to ask the devolução of' };
      const paymentId = request.paymentId ?? (await stateOf(request.charge, answerBy))?.paid?.endToEndId;
      if (!paymentId) return { status: 'FAILED', reason: 'the PSP shows no Pix paid for this charge' };
      return refund({ ...request, paymentId }, now, answerBy);
    },
    async closeCharge(ref, _reason, now, answerBy) {
      // The PSP ends a debit by itself once its retries are spent; one paid meanwhile is recorded.
      const status = paymentStatusOf(await stateOf(ref, answerBy), now);
      if (status.status === 'PAID')
        return {
          outcome: 'paid',
          paidAt: status.paidAt,
          ...(status.paymentId ? { paymentId: status.paymentId } : {}),
        };
      return { outcome: 'closed' };
    },
  };
}
