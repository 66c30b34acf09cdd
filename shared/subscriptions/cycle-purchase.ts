// What a cycle's charge is bought with (pure): the purchase API's body, built from the
// subscription. BOLETO: the boleto is due on the cycle's due date (today when a late run finds it
// past). PIX: the charge can be paid until the cycle's deadline (a day at least). PIX_AUTOMATICO:
// a Pix whose debit the payer's bank may retry for 7 days after the due date (PERMITE_3R_7D).

import { todayInSaoPaulo } from '../purchase/due-date.ts';
import { pixExpiresInLimits } from '../purchase/requests/pix-request.ts';
import { retryPolicy } from '../rails/api-pix/cycle-charge-window.ts';
import { cycleDeadline, cycleDueDate } from './cycle-schedule.ts';
import type { SubscriptionRecord } from './subscription.ts';

const minPixLifeSeconds = 86_400;

export function cyclePurchaseBody(
  subscription: SubscriptionRecord,
  cycle: number,
  now: Date,
): Record<string, unknown> {
  const { customer, terms } = subscription;
  const dueDate = cycleDueDate(subscription.firstDueDate, subscription.billingCycle, cycle);
  const today = todayInSaoPaulo(now);
  const deadline = cycleDeadline(subscription.firstDueDate, subscription.billingCycle, cycle);
  const debited = subscription.paymentMethod === 'PIX_AUTOMATICO';
  // A debit's last retry settles at most 7 days after the due date: its transaction waits for it.
  const lastDay = debited ? new Date(deadline.getTime() + retryPolicy.withinDays * 86_400_000) : deadline;
  const secondsToDeadline = Math.ceil((lastDay.getTime() - now.getTime()) / 1000);
  const body: Record<string, unknown> = {
    currency: subscription.currency,
    paymentMethod: debited ? 'PIX' : subscription.paymentMethod,
    name: customer.name,
    email: customer.email,
    amount: subscription.amount,
    description: `${subscription.description} (${cycle})`.slice(0, 255),
    cpf: customer.document,
    responsibleDocument: terms.responsibleDocument,
    responsibleExternalId: terms.responsibleExternalId,
    postbackUrl: subscription.postbackUrl,
    ...(customer.phone === null ? {} : { phone: customer.phone }),
  };
  if (subscription.paymentMethod === 'BOLETO')
    return {
      ...body,
      // The later of the two (ISO dates sort as text).
      dueDate: [dueDate, today].sort()[1],
      ...(customer.address ? { boletoAddress: customer.address } : {}),
    };
  return {
    ...body,
    expiresIn: Math.min(pixExpiresInLimits.max, Math.max(minPixLifeSeconds, secondsToDeadline)),
  };
}
