// A recurring offer's billing cycle is a Pix Automático `periodicidade`: the five values match
// one to one, so an offer of any cycle can be collected by Pix Automático.
import type { BillingCycle } from '../../catalog/offer.ts';
import type { Periodicidade } from './pix-automatico-types.ts';

const periodicidadeByCycle: Readonly<Record<BillingCycle, Periodicidade>> = {
  WEEKLY: 'SEMANAL',
  MONTHLY: 'MENSAL',
  QUARTERLY: 'TRIMESTRAL',
  SEMIANNUALLY: 'SEMESTRAL',
  YEARLY: 'ANUAL',
};

export function periodicidadeFor(cycle: BillingCycle): Periodicidade {
  return periodicidadeByCycle[cycle];
}

export function billingCycleFor(periodicidade: Periodicidade): BillingCycle {
  const found = (Object.keys(periodicidadeByCycle) as BillingCycle[]).find(
    (cycle) => periodicidadeByCycle[cycle] === periodicidade,
  );
  if (!found) throw new RangeError(`periodicidade: ${periodicidade} is not a billing cycle`);
  return found;
}
