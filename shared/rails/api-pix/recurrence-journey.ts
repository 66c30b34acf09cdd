// Which Pix Automático journey authorizes a subscription. Journey 3 (one QR: the first cycle's
// immediate charge and the authorization) when the first cycle is due too soon for a cycle charge
// (`/cobr` must be created at least 2 days ahead); otherwise journey 1 (`/solicrec`: the request
// goes to the payer's bank app) when the merchant gave the payer's bank account, else journey 2
// (a QR that only authorizes; the first cycle is charged by `/cobr` like the others).
import { addDays } from '../../purchase/due-date.ts';
import { cycleChargeLeadDays } from './cycle-charge-window.ts';

export type Journey = 1 | 2 | 3;

export function journeyFor(input: {
  firstDueDate: string;
  today: string;
  payerBankAccount: boolean;
}): Journey {
  if (input.firstDueDate < addDays(input.today, cycleChargeLeadDays.latest)) return 3;
  return input.payerBankAccount ? 1 : 2;
}
