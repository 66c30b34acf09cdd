// One row of the cost tables from a scenario's run: its tally over `count` transactions, priced
// per transaction, with what the run shows of the transactions (statuses, webhooks, the PSP).
import { priceOf, priceWithWaits } from './aws-prices.ts';
import type { ScenarioRow } from './cost-results.ts';
import { scaleTally, type Tally } from './meter.ts';

const hourMs = 60 * 60 * 1000;

export function scenarioRow(run: {
  scenario: { rail: ScenarioRow['rail']; label: string };
  timeToPay: ScenarioRow['timeToPay'];
  tally: Tally;
  count: number;
  pspCalls: number;
  statuses: string[];
  webhooks: number;
  redeliveries: number;
  deadLettered: number;
  lifetimeHours: number;
  /** When the rail reported each payment, and the time they are counted from. */
  reportedAt: readonly number[];
  reportedFrom: number;
}): ScenarioRow {
  const perTransaction = scaleTally(run.tally, 1 / run.count);
  return {
    rail: run.scenario.rail,
    railLabel: run.scenario.label,
    timeToPay: run.timeToPay,
    perTransaction,
    dollarsPerMillion: priceOf(perTransaction).total * 1e6,
    dollarsPerMillionWithWaits: priceWithWaits(perTransaction).total * 1e6,
    pspCallsPerTransaction: run.pspCalls / run.count,
    statuses: run.statuses,
    webhooks: run.webhooks,
    redeliveries: run.redeliveries,
    deadLettered: run.deadLettered,
    lifetimeHours: run.lifetimeHours,
    reportedAfterHours: run.reportedAt.length
      ? run.reportedAt.reduce((sum, at) => sum + at - run.reportedFrom, 0) / run.reportedAt.length / hourMs
      : null,
  };
}
