// The transactions the cost model follows: per rail, K purchases made side by side, paid by the
// payer after a time-to-pay (or never), each run to the end of its life on the simulated clock.
// Pay times come from the transaction itself (its due day or expiry), never from a figure per
// scenario.

import type { RailName } from '../../../shared/payment-methods.ts';
import { addBusinessDays } from '../../../shared/transactions/payment-deadline.ts';
import type { TransactionRecord } from '../../../shared/transactions/transaction.ts';
import { bobBody, boletoBody, copBody, pixBody } from '../../support/purchase-fixtures.ts';

/** A purchase's rail, or a subscription cycle's (subscription-scenarios.ts). */
export type RailKey = 'boleto' | 'pix' | 'cop' | 'bob' | 'boleto-subscription' | 'pix-subscription';
export type TimeToPay = '1 min' | '23 h' | '3 days' | 'longest' | 'never';
export const timesToPay: readonly TimeToPay[] = ['1 min', '23 h', '3 days', 'longest', 'never'];

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** Pix charges are created to live a week: long enough for 3 days, short enough to simulate quickly. */
export const pixExpiresInSeconds = 7 * 24 * 60 * 60;

export interface Payment {
  at: number;
  /** How long the sandbox rail takes to report it (a bank's late report of a boleto). */
  settleAfterMs: number;
}

export interface RailScenario {
  rail: RailKey;
  label: string;
  /** The rail its transactions must be on (the run stops otherwise: a stage setting went missing). */
  expectedRail: RailName;
  body: () => Record<string, unknown>;
  timesToPay: readonly TimeToPay[];
  /** What the longest time-to-pay means on this rail, for the report. */
  longest?: string;
  /** When the payer pays, from the transaction as it stands once its instruction is filled. */
  payment(timeToPay: TimeToPay, transaction: TransactionRecord, start: number): Payment | null;
}

function commonPayment(timeToPay: TimeToPay, start: number): Payment | null {
  if (timeToPay === '1 min') return { at: start + minuteMs, settleAfterMs: 0 };
  if (timeToPay === '23 h') return { at: start + 23 * hourMs, settleAfterMs: 0 };
  if (timeToPay === '3 days') return { at: start + 3 * dayMs, settleAfterMs: 0 };
  return null;
}

const expiresAt = (transaction: TransactionRecord) => {
  if (!transaction.expiresAt) throw new Error(`transaction ${transaction.id} has no expiry yet`);
  return Date.parse(transaction.expiresAt);
};

export const railScenarios: readonly RailScenario[] = [
  {
    rail: 'boleto',
    label: 'BRL BOLETO (sandbox)',
    expectedRail: 'sandbox',
    body: boletoBody,
    timesToPay: ['1 min', '23 h', '3 days', 'longest', 'never'],
    longest: 'paid at the end of its due day (today + 3), reported by the bank 3 business days later',
    payment(timeToPay, transaction, start) {
      if (timeToPay !== 'longest') return commonPayment(timeToPay, start);
      const dueDate = transaction.boleto!.dueDate;
      const settlementDays = (Date.parse(addBusinessDays(dueDate, 3)) - Date.parse(dueDate)) / dayMs;
      return { at: expiresAt(transaction) - minuteMs, settleAfterMs: settlementDays * dayMs };
    },
  },
  {
    rail: 'pix',
    label: 'BRL PIX (API Pix, fake PSP)',
    expectedRail: 'api-pix',
    body: () => ({ ...pixBody(), expiresIn: pixExpiresInSeconds }),
    timesToPay: ['1 min', '23 h', '3 days', 'longest', 'never'],
    longest: 'a minute before its expiry (expiresIn 7 days)',
    payment(timeToPay, transaction, start) {
      if (timeToPay !== 'longest') return commonPayment(timeToPay, start);
      return { at: expiresAt(transaction) - minuteMs, settleAfterMs: 0 };
    },
  },
  {
    rail: 'cop',
    label: 'COP PSE (sandbox)',
    expectedRail: 'sandbox',
    body: () => ({ ...copBody(), paymentMethod: 'PSE' }),
    timesToPay: ['1 min', '23 h', 'never'],
    payment: (timeToPay, _transaction, start) => commonPayment(timeToPay, start),
  },
  {
    rail: 'bob',
    label: 'BOB QR (sandbox)',
    expectedRail: 'sandbox',
    body: bobBody,
    timesToPay: ['1 min', '23 h', 'never'],
    payment: (timeToPay, _transaction, start) => commonPayment(timeToPay, start),
  },
];

/** Scenarios start on a Monday at 10:00 in São Paulo, so boleto due days and business days line up alike. */
export function nextScenarioStart(after: number): number {
  const day = new Date(after + hourMs);
  day.setUTCHours(13, 0, 0, 0);
  let start = day.getTime();
  while (start <= after + hourMs || new Date(start).getUTCDay() !== 1) start += dayMs;
  return start;
}
