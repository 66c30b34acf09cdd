// The cost model's figures, as a mode's child process hands them back and the reports read them.
import type { Usage } from './aws-prices.ts';
import type { FixedCostLine } from './fixed-cost.ts';
import type { Tally } from './meter.ts';
import type { RailKey, TimeToPay } from './scenarios.ts';

export type CostMode = 'today' | 'declared';

export interface ScenarioRow {
  rail: RailKey;
  railLabel: string;
  timeToPay: TimeToPay;
  /** Per transaction (the scenario's totals over its K transactions). */
  perTransaction: Tally;
  /** $ per million transactions like this one, at the price table's prices. */
  dollarsPerMillion: number;
  /** The same, had every invocation waited on the PSP and the merchant as from us-east-1. */
  dollarsPerMillionWithWaits: number;
  /** Calls the fake PSP received per transaction (API Pix only; the provider's side, unpriced). */
  pspCallsPerTransaction: number;
  /** Final status of each transaction and cashin.paid webhooks received, for checking the run. */
  statuses: string[];
  webhooks: number;
  /** Deliveries whose worker failed (retried after the visibility timeout), and messages dead-lettered. */
  redeliveries: number;
  deadLettered: number;
  /** Simulated time from the purchases to the last piece of work, in hours. */
  lifetimeHours: number;
  /** When the rail reports the payment (the payer's payment plus the rail's delay), in hours after the purchase; null when never paid. */
  reportedAfterHours: number | null;
}

/** What the payer e-mails (instruction and receipt) add to a transaction: with them less without. */
export interface EmailAddOn {
  railLabel: string;
  emailsPerTransaction: number;
  perTransaction: Tally;
  dollarsPerMillion: number;
  dollarsPerMillionWithWaits: number;
  /** Of which SES's price per e-mail. */
  sesDollarsPerMillion: number;
}

export interface ScheduleFixedCost {
  name: string;
  everyMinutes: number;
  idleTick: Usage & { providerRequests: number };
  dollarsPerMonth: number;
  dollarsPerMonthWithWaits: number;
}

export interface CostModeResult {
  mode: CostMode;
  env: Record<string, string>;
  transactionsPerScenario: number;
  rows: ScenarioRow[];
  /** Absent when the Pix rail was not run. */
  emailAddOn?: EmailAddOn;
  schedules: ScheduleFixedCost[];
  /** Per rail: work-index writes per pending transaction per simulated day (slope between time-to-pay columns). */
  workIndexWritesPerPendingDay: Array<{ rail: RailKey; railLabel: string; perDay: number; between: string }>;
  longest: Partial<Record<RailKey, string>>;
  wallSeconds: number;
  simulatedDays: number;
}

export interface CostModelResults {
  pricesCheckedOn: string;
  modes: CostModeResult[];
  /** What each stage's template bills by the month with no traffic (fixed-cost.ts). */
  fixedCosts?: Array<{ stage: string; lines: FixedCostLine[] }>;
  wallSeconds: number;
}
