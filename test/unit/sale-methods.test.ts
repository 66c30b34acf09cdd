// Which methods a checkout offers: a recurring BRL offer is led by Pix Automático only where the
// stage collects it (LIVE_RAILS names pix-automatico, as a PSP with a receiving account makes
// it), and only at a price its debits' Pix row can take; a one-off sale never offers it.
import { afterEach, describe, expect, it } from 'vitest';
import { methodsForOffer, saleMethods } from '../../shared/checkout/sale-methods.ts';
import {
  findMethod,
  methodNameOf,
  recurringDebitMethod,
  recurringDebitRowMethod,
} from '../../shared/payment-methods.ts';
import { liveRailsEnv, liveRailsOfStage } from '../../shared/rails/rail-choice.ts';

const recurring = { amount: 4_990, currency: 'BRL' as const, billingCycle: 'MONTHLY' as const };
const before = process.env[liveRailsEnv];
const stage = (receiverAccount: boolean) => {
  process.env[liveRailsEnv] = liveRailsOfStage(receiverAccount ? { PIX_API_RECEIVER_CONTA: '12345-6' } : {});
};
afterEach(() => {
  if (before === undefined) delete process.env[liveRailsEnv];
  else process.env[liveRailsEnv] = before;
});

describe("a recurring offer's checkout methods", () => {
  it('start with Pix Automático, the default, where the PSP has a receiving account', () => {
    stage(false);
    const cycleMethods = methodsForOffer(recurring);
    expect(cycleMethods).not.toContain(recurringDebitMethod);
    stage(true);
    expect(methodsForOffer(recurring)).toEqual([recurringDebitMethod, ...cycleMethods]);
    expect(saleMethods(recurring, [recurringDebitMethod])).toEqual([recurringDebitMethod]);
  });

  it('leave it out of one-off sales and of prices its Pix row cannot take', () => {
    stage(true);
    expect(methodsForOffer({ ...recurring, billingCycle: null })).not.toContain(recurringDebitMethod);
    const tooMuch = findMethod('BRL', recurringDebitRowMethod)!.amount.max + 1;
    expect(methodsForOffer({ ...recurring, amount: tooMuch })).not.toContain(recurringDebitMethod);
  });

  it('refuse it, naming the possible ones, where the stage does not collect it', () => {
    stage(false);
    expect(() => saleMethods(recurring, [recurringDebitMethod])).toThrow(
      /^paymentMethods\[0\]: PIX_AUTOMATICO cannot collect this offer/,
    );
  });
});

it("Pix Automático is read by its name in every language (the dashboard names a link's methods)", () => {
  for (const locale of ['pt-BR', 'es', 'en'])
    expect(methodNameOf({ currency: 'BRL', method: recurringDebitMethod }, locale)).toBe('Pix Automático');
});
