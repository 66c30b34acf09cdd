import { describe, expect, it } from 'vitest';
import { parsePurchaseRequest } from '../../shared/purchase/purchase-schema.ts';
import { cyclePurchaseBody } from '../../shared/subscriptions/cycle-purchase.ts';
import { cycleChargeAt, cycleDeadline, cycleDueDate } from '../../shared/subscriptions/cycle-schedule.ts';
import { nextStepAt, planCycleStep } from '../../shared/subscriptions/plan-cycle-step.ts';
import type { SubscriptionRecord } from '../../shared/subscriptions/subscription.ts';
import { validCnpj, validCpf } from '../support/purchase-fixtures.ts';

const at = '2026-03-01T12:00:00.000Z';
const subscription: SubscriptionRecord = {
  id: 'sub_0123456789abcdef0123456789abcdef',
  accountId: 'acc_1',
  status: 'ACTIVE',
  offerId: 'off_1',
  productId: 'prd_1',
  description: 'Clube do livro — Mensal',
  amount: 4_990,
  currency: 'BRL',
  billingCycle: 'MONTHLY',
  paymentMethod: 'BOLETO',
  customer: {
    name: 'Maria da Silva',
    email: 'maria@example.com.br',
    phone: '11912345678',
    document: '52998224725',
    address: {
      address: 'Avenida Paulista',
      number: '1000',
      complement: null,
      district: 'Bela Vista',
      city: 'São Paulo',
      zipCode: '01310100',
      uf: 'SP',
    },
  },
  firstDueDate: '2026-03-10',
  currentCycle: 1,
  currentTransactionId: '9000000000000000001',
  openCycle: { cycle: 1, transactionId: '9000000000000000001' },
  unpaidCycles: 0,
  terms: { responsibleDocument: validCnpj.replace(/\D/g, ''), responsibleExternalId: 'acc_1', fees: {} },
  externalId: null,
  postbackUrl: null,
  metadata: null,
  createdAt: at,
  updatedAt: at,
  activatedAt: at,
  canceledAt: null,
  cancelReason: null,
};

describe('the cycle step planner', () => {
  const deadline = cycleDeadline('2026-03-10', 'MONTHLY', 1);
  const nextCharge = cycleChargeAt('2026-03-10', 'MONTHLY', 2);

  it('waits for the earlier of the open cycle deadline and the next charge day', () => {
    expect(planCycleStep(subscription, new Date(at))).toEqual({ kind: 'wait', until: deadline });
    expect(nextStepAt(subscription)).toEqual(deadline);
    expect(nextStepAt({ ...subscription, openCycle: null })).toEqual(nextCharge);
  });

  it('checks the open cycle at its deadline, then charges the next on its day', () => {
    expect(planCycleStep(subscription, deadline)).toEqual({ kind: 'check', open: subscription.openCycle });
    expect(planCycleStep({ ...subscription, openCycle: null }, deadline).kind).toBe('wait');
    expect(planCycleStep({ ...subscription, openCycle: null }, nextCharge)).toEqual({
      kind: 'charge',
      cycle: 2,
    });
  });

  it('runs the next cycle now when forced: the open cycle first', () => {
    expect(planCycleStep(subscription, new Date(at), true).kind).toBe('check');
    expect(planCycleStep({ ...subscription, openCycle: null }, new Date(at), true)).toEqual({
      kind: 'charge',
      cycle: 2,
    });
  });

  it('plans nothing for a subscription that no longer bills', () => {
    for (const status of ['CANCELED', 'EXPIRED', 'PENDING_AUTHORIZATION'] as const) {
      expect(planCycleStep({ ...subscription, status }, nextCharge, true)).toEqual({ kind: 'none' });
      expect(nextStepAt({ ...subscription, status })).toBeNull();
    }
  });
});

describe("a cycle's purchase body", () => {
  it('is a boleto due on the cycle due date that the purchase rules accept', () => {
    const now = new Date('2026-04-05T12:00:00.000Z');
    const body = cyclePurchaseBody(subscription, 2, now);
    expect(body).toMatchObject({
      paymentMethod: 'BOLETO',
      amount: 4_990,
      dueDate: cycleDueDate('2026-03-10', 'MONTHLY', 2),
    });
    expect(parsePurchaseRequest(body, now)).toMatchObject({
      method: 'BOLETO',
      cpf: validCpf.replace(/\D/g, ''),
    });
  });

  it('is due today when a late run finds the due date past', () => {
    const now = new Date('2026-04-20T12:00:00.000Z');
    expect(cyclePurchaseBody(subscription, 2, now).dueDate).toBe('2026-04-20');
  });

  it('is a Pix payable until the end of the due date, a day at least', () => {
    const pix = { ...subscription, paymentMethod: 'PIX' as const };
    const now = new Date('2026-04-05T03:00:00.000Z');
    const body = cyclePurchaseBody(pix, 2, now);
    expect(body.expiresIn).toBe((cycleDeadline('2026-03-10', 'MONTHLY', 2).getTime() - now.getTime()) / 1000);
    expect(parsePurchaseRequest(body, now)).toMatchObject({ method: 'PIX' });
    expect(cyclePurchaseBody(pix, 2, new Date('2026-04-30T00:00:00.000Z')).expiresIn).toBe(86_400);
  });
});
