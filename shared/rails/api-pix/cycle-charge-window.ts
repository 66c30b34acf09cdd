// When a Pix Automático cycle charge (`/cobr`) may be created and when a failed debit may be
// tried again. The Central Bank's rules: the charge reaches the payer's PSP from 10 to 2 calendar
// days before its due date; under PERMITE_3R_7D a debit that failed on the due date may be tried
// again up to 3 times, one settlement date per day, within the 7 days after it. Dates are
// calendar dates (YYYY-MM-DD) in São Paulo.
import { addDays } from '../../purchase/due-date.ts';

export const cycleChargeLeadDays = { earliest: 10, latest: 2 } as const;
export const retryPolicy = { name: 'PERMITE_3R_7D', maxRetries: 3, withinDays: 7 } as const;

/** The first and last day a charge due on `dueDate` may be created. */
export function cycleChargeWindow(dueDate: string): { opensOn: string; closesOn: string } {
  return {
    opensOn: addDays(dueDate, -cycleChargeLeadDays.earliest),
    closesOn: addDays(dueDate, -cycleChargeLeadDays.latest),
  };
}

export function isInsideCycleChargeWindow(dueDate: string, today: string): boolean {
  const { opensOn, closesOn } = cycleChargeWindow(dueDate);
  return opensOn <= today && today <= closesOn;
}

/**
 * The settlement dates a retry may ask for, earliest first: after the due date and within the
 * 7 days after it, after today (a retry settles on a later day than it is asked) and after every
 * attempt made so far; none once 3 retries were made. `attempts` are the settlement dates of the
 * attempts so far, the first (on the due date) included.
 */
export function retryDatesAllowed(dueDate: string, attempts: readonly string[], today: string): string[] {
  const retriesMade = Math.max(0, attempts.length - 1);
  if (retriesMade >= retryPolicy.maxRetries) return [];
  const after = [dueDate, today, ...attempts].reduce((latest, date) => (date > latest ? date : latest));
  const last = addDays(dueDate, retryPolicy.withinDays);
  const dates: string[] = [];
  for (let date = addDays(after, 1); date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The earliest date a retry may settle on, or null when the policy allows no more. */
export function nextRetryDate(dueDate: string, attempts: readonly string[], today: string): string | null {
  return retryDatesAllowed(dueDate, attempts, today)[0] ?? null;
}
