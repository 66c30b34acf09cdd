import { describe, expect, it } from 'vitest';
import { badRequest } from '../../shared/errors.ts';
import { RailRejectedError } from '../../shared/rails/rail-port.ts';
import {
  sandboxRefusedRenewalsName,
  sandboxRefusesCycleCharge,
} from '../../shared/rails/sandbox/sandbox-renewal-refusal.ts';
import {
  chargeRetryDelaysMs,
  failureKind,
  maxChargeAttempts,
  planChargeFailure,
} from '../../shared/subscriptions/charge-retry.ts';
import { cycleChargeAt, cycleDeadline } from '../../shared/subscriptions/cycle-schedule.ts';
import { nextStepAt, planCycleStep } from '../../shared/subscriptions/plan-cycle-step.ts';

const chargeDay = cycleChargeAt('2026-04-10', 'MONTHLY', 2);
const deadline = cycleDeadline('2026-04-10', 'MONTHLY', 2);
const later = (ms: number, from = chargeDay) => new Date(from.getTime() + ms);

describe("a failed attempt at a cycle's charge", () => {
  it('is tried again after growing waits, then the cycle is given up after the last attempt', () => {
    let retry = null;
    let now = chargeDay;
    for (let attempt = 1; attempt < maxChargeAttempts; attempt += 1) {
      const outcome = planChargeFailure(retry, 2, now, deadline);
      expect(outcome).toEqual({
        kind: 'retry',
        retry: {
          cycle: 2,
          attempts: attempt,
          at: later(chargeRetryDelaysMs[attempt - 1]!, now).toISOString(),
        },
      });
      if (outcome.kind !== 'retry') return;
      retry = outcome.retry;
      now = new Date(outcome.retry.at);
    }
    expect(planChargeFailure(retry, 2, now, deadline)).toEqual({
      kind: 'give-up',
      attempts: maxChargeAttempts,
      why: 'attempts',
    });
    expect([...chargeRetryDelaysMs].sort((a, b) => a - b)).toEqual([...chargeRetryDelaysMs]);
  });

  it('starts counting again for another cycle (a retry recorded for the cycle before does not count)', () => {
    const old = { cycle: 1, attempts: maxChargeAttempts - 1, at: chargeDay.toISOString() };
    expect(planChargeFailure(old, 2, chargeDay, deadline)).toMatchObject({
      kind: 'retry',
      retry: { cycle: 2, attempts: 1 },
    });
  });

  it("gives up early when the next attempt would come after the cycle's deadline", () => {
    const lateRun = later(-chargeRetryDelaysMs[0] / 2, deadline);
    expect(planChargeFailure(null, 2, lateRun, deadline)).toEqual({
      kind: 'give-up',
      attempts: 1,
      why: 'deadline',
    });
  });

  it('is logged by its kind and code, never its message (it may quote the customer)', () => {
    const validation = badRequest('validation', 'cpf: 529.982.247-25 is not a valid CPF');
    expect(failureKind(validation)).toBe('AppError:validation');
    expect(failureKind(new RailRejectedError('payer 52998224725 refused'))).toBe('RailRejectedError');
    expect(failureKind('boom')).toBe('string');
  });
});

describe('the cycle step planner after a failed charge', () => {
  const subscription = {
    status: 'ACTIVE' as const,
    firstDueDate: '2026-04-10',
    billingCycle: 'MONTHLY' as const,
    currentCycle: 1,
    openCycle: null,
  };
  const retryAt = later(chargeRetryDelaysMs[1]);
  const failing = { ...subscription, chargeRetry: { cycle: 2, attempts: 2, at: retryAt.toISOString() } };

  it('waits for the retry time, then charges the cycle again', () => {
    expect(planCycleStep(failing, later(1_000))).toEqual({ kind: 'wait', until: retryAt });
    expect(nextStepAt(failing)).toEqual(retryAt);
    expect(planCycleStep(failing, retryAt)).toEqual({ kind: 'charge', cycle: 2 });
  });

  it('does not wait when forced (the sandbox next-cycle), nor for a retry of another cycle', () => {
    expect(planCycleStep(failing, later(1_000), true)).toEqual({ kind: 'charge', cycle: 2 });
    const stale = { ...subscription, currentCycle: 2, chargeRetry: failing.chargeRetry };
    expect(nextStepAt(stale)).toEqual(cycleChargeAt('2026-04-10', 'MONTHLY', 3));
  });
});

describe('the sandbox rail refusing renewals', () => {
  it("refuses every cycle after the first of the named customer's subscriptions only", () => {
    expect(sandboxRefusesCycleCharge(sandboxRefusedRenewalsName, 1)).toBe(false);
    expect(sandboxRefusesCycleCharge(sandboxRefusedRenewalsName, 2)).toBe(true);
    expect(sandboxRefusesCycleCharge('Maria da Silva', 2)).toBe(false);
  });
});
