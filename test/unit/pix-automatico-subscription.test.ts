// The pure parts of PIX_AUTOMATICO subscriptions: the authorization step and its deadline, what a
// reading of the recurrence makes of a subscription, which cycles are debits, how a debit's PSP
// state reads as a payment, and the purchase body a debit's transaction is written from.
import { describe, expect, it } from 'vitest';
import { createPixAutomaticoRail, paymentStatusOf } from '../../shared/rails/api-pix/pix-automatico-rail.ts';
import type { RecurrenceState } from '../../shared/rails/api-pix/recurrence-status.ts';
import type { RefundRequest } from '../../shared/rails/rail-port.ts';
import { cyclePurchaseBody } from '../../shared/subscriptions/cycle-purchase.ts';
import {
  debitWindowClosed,
  debitWindowNotYetOpen,
  debitWindowOf,
  isDebitedByPsp,
} from '../../shared/subscriptions/pix-automatico-cycles.ts';
import { authorizationDeadline } from '../../shared/subscriptions/pix-automatico-subscription.ts';
import { nextStepAt, planCycleStep } from '../../shared/subscriptions/plan-cycle-step.ts';
import { afterRecurrenceState, cancelReasonOf } from '../../shared/subscriptions/recurrence-sync.ts';
import type { SubscriptionRecord } from '../../shared/subscriptions/subscription.ts';
import { toSubscription } from '../../shared/subscriptions/subscription-view.ts';

const at = '2026-03-01T12:00:00.000Z';
const deadline = '2026-03-02T12:00:00.000Z';
const pending: SubscriptionRecord = {
  id: 'sub_0123456789abcdef0123456789abcdef',
  accountId: 'acc_1',
  status: 'PENDING_AUTHORIZATION',
  offerId: 'off_1',
  productId: 'prd_1',
  description: 'Academia — Semanal',
  amount: 2_990,
  currency: 'BRL',
  billingCycle: 'WEEKLY',
  paymentMethod: 'PIX_AUTOMATICO',
  customer: {
    name: 'Joana Prado',
    email: 'joana@example.com.br',
    phone: null,
    document: '52998224725',
    address: null,
  },
  firstDueDate: '2026-03-01',
  currentCycle: 1,
  currentTransactionId: '9000000000000000001',
  openCycle: { cycle: 1, transactionId: '9000000000000000001' },
  unpaidCycles: 0,
  terms: { responsibleDocument: '11222333000181', responsibleExternalId: 'acc_1', fees: {} },
  externalId: null,
  postbackUrl: null,
  metadata: null,
  createdAt: at,
  updatedAt: at,
  activatedAt: null,
  canceledAt: null,
  cancelReason: null,
  recurrence: {
    idRec: 'RR1234567820260301abcdefghijk',
    journey: 3,
    qr: '000201…',
    url: 'https://pay.example/pay/pix/t',
    authorizationExpiresAt: deadline,
  },
};
const now = new Date(at);
const state = (
  status: RecurrenceState['status'],
  reason: RecurrenceState['reason'] = null,
): RecurrenceState => ({
  status,
  reason,
  detail: null,
});

describe('a Pix Automático subscription waiting for its payer', () => {
  it('is due at its authorization deadline, and only for the authorization step', () => {
    expect(nextStepAt(pending)).toEqual(new Date(deadline));
    expect(planCycleStep(pending, now)).toEqual({ kind: 'wait', until: new Date(deadline) });
    expect(planCycleStep(pending, new Date(deadline))).toEqual({ kind: 'authorization' });
    expect(planCycleStep(pending, now, true)).toEqual({ kind: 'authorization' });
  });

  it('shows its QR and page until the payer answers', () => {
    expect(toSubscription(pending).authorization).toEqual({
      qr: '000201…',
      url: 'https://pay.example/pay/pix/t',
    });
    expect(toSubscription({ ...pending, status: 'ACTIVE' }).authorization).toBeNull();
  });

  it('may be authorized for a day (journey 3) or until the day before cycle 1 is due (1, 2)', () => {
    expect(authorizationDeadline(3, '2026-03-01', now)).toEqual(new Date(deadline));
    expect(authorizationDeadline(2, '2026-03-10', now)).toEqual(new Date('2026-03-09T03:00:00.000Z'));
    expect(authorizationDeadline(1, '2026-03-10', now)).toEqual(new Date('2026-03-09T03:00:00.000Z'));
  });
});

describe('a reading of the recurrence', () => {
  it('APROVADA: ACTIVE, activated now when a charge carries the event, else with cycle 1', () => {
    expect(afterRecurrenceState(pending, state('ACTIVE'), true, now)).toMatchObject({
      status: 'ACTIVE',
      activatedAt: at,
    });
    expect(afterRecurrenceState(pending, state('ACTIVE'), false, now)).toMatchObject({
      status: 'ACTIVE',
      activatedAt: null,
    });
  });

  it('declined or expired: EXPIRED; canceled: CANCELED with who asked', () => {
    expect(afterRecurrenceState(pending, state('EXPIRED', 'PAYER_DECLINED'), true, now)?.status).toBe(
      'EXPIRED',
    );
    const active = { ...pending, status: 'ACTIVE' as const };
    expect(afterRecurrenceState(active, state('CANCELED', 'PAYER_CANCELED'), true, now)).toMatchObject({
      status: 'CANCELED',
      cancelReason: 'PAYER',
      openCycle: null,
    });
    expect(cancelReasonOf(state('CANCELED', 'MERCHANT_CANCELED'))).toBe('MERCHANT');
    expect(cancelReasonOf(state('CANCELED', 'PSP_CANCELED'))).toBe('MERCHANT');
  });

  it('changes nothing that is already so, nor an ended subscription', () => {
    expect(afterRecurrenceState(pending, state('PENDING_AUTHORIZATION'), true, now)).toBeNull();
    expect(afterRecurrenceState({ ...pending, status: 'ACTIVE' }, state('ACTIVE'), true, now)).toBeNull();
    expect(
      afterRecurrenceState({ ...pending, status: 'EXPIRED' }, state('CANCELED', 'PAYER_CANCELED'), true, now),
    ).toBeNull();
  });
});

describe('the cycles of a Pix Automático subscription', () => {
  it('are debits at the PSP, but cycle 1 of journey 3 (the QR paid it)', () => {
    expect(isDebitedByPsp(pending, 1)).toBe(false);
    expect(isDebitedByPsp(pending, 2)).toBe(true);
    expect(isDebitedByPsp({ recurrence: { ...pending.recurrence!, journey: 2 } }, 1)).toBe(true);
  });

  it('fall back to a Pix charge once the last day to ask for their debit (2 days before) has passed', () => {
    // Cycle 2 is due 2026-03-08: its debit may be asked for until 2026-03-06 (São Paulo).
    expect(debitWindowClosed(pending, 2, new Date('2026-03-06T23:00:00.000-03:00'))).toBe(false);
    expect(debitWindowClosed(pending, 2, new Date('2026-03-07T00:00:00.000-03:00'))).toBe(true);
  });

  it('may not be asked for before 10 days ahead of their due date (the sandbox refuses before it changes anything)', () => {
    // Cycle 2 is due 2026-03-08: its debit may be asked for from 2026-02-26 (São Paulo).
    expect(debitWindowNotYetOpen(pending, 2, new Date('2026-02-25T23:59:00.000-03:00'))).toBe(true);
    expect(debitWindowNotYetOpen(pending, 2, new Date('2026-02-26T00:00:00.000-03:00'))).toBe(false);
    // Journey 3's cycle 1 is no debit: the QR paid it.
    expect(debitWindowNotYetOpen(pending, 1, new Date('2026-01-01T12:00:00.000-03:00'))).toBe(false);
    expect(debitWindowOf(pending, 2, new Date('2026-02-25T23:59:00.000-03:00'))).toBe(
      'its debit may be asked for from 2026-02-26 to 2026-03-06, not on 2026-02-25',
    );
  });

  it('are Pix transactions payable until the retries of their debit are spent (7 days after the due date)', () => {
    const body = cyclePurchaseBody(pending, 2, now);
    expect(body).toMatchObject({ paymentMethod: 'PIX', amount: 2_990 });
    // Cycle 2 is due 2026-03-08; its day ends 2026-03-09 03:00Z, plus 7 days.
    expect(body.expiresIn).toBe((Date.parse('2026-03-16T03:00:00.000Z') - now.getTime()) / 1000);
  });

  it("read as the transaction's payment: paid with its endToEndId, waiting, or closed", () => {
    const paid = { paidAt: '2026-03-08T10:00:00.000Z', endToEndId: 'E1234' };
    const base = { lastDebitFailed: false, attempts: [], detail: null };
    expect(paymentStatusOf({ ...base, status: 'PAID', paid }, now)).toEqual({
      status: 'PAID',
      paidAt: paid.paidAt,
      paymentId: 'E1234',
    });
    expect(paymentStatusOf({ ...base, status: 'PENDING', paid: null, lastDebitFailed: true }, now)).toEqual({
      status: 'PENDING',
    });
    expect(paymentStatusOf({ ...base, status: 'FAILED', paid: null }, now)).toEqual({ status: 'CLOSED' });
    expect(paymentStatusOf(null, now)).toEqual({ status: 'PENDING' });
  });
});

describe("a Pix Automático cycle's refund", () => {
  const request: RefundRequest = {
    charge: { accountId: 'acc_1', transactionId: '9123456789012345678' },
    refundId: 're_9123456789012345678_abc',
    paymentId: 'E12345678202603081000abcdef12345',
    amount: 1_000,
    reason: 'semana não usada',
  };

  it("is the API Pix rail's devolução of the debited Pix, asked with the same request", async () => {
    const asked: RefundRequest[] = [];
    const rail = createPixAutomaticoRail(
      () => null,
      () => ({
        async refund(given) {
          asked.push(given);
          return { status: 'PENDING' };
        },
      }),
    );
    expect(await rail.refund!(request, new Date(), Date.now() + 1000)).toEqual({ status: 'PENDING' });
    expect(asked).toEqual([request]);
  });

  it('fails, naming why, on a stage without a rail that asks for devoluções', async () => {
    const rail = createPixAutomaticoRail(() => null);
    expect(await rail.refund!(request, new Date(), Date.now() + 1000)).toMatchObject({ status: 'FAILED' });
  });
});
