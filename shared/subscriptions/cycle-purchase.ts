// What a cycle's charge is bought with (pure): the purchase API's body, built from the
// subscription. BOLETO: the boleto is due on the cycle's due date (today when a late run finds it
// past). PIX: the charge can be paid until the cycle's deadline (a day at least).

import { todayInSaoPaulo } from '../purchase/due-date.ts';
import { pixExpiresInLimits } from '../purchase/requests/pix-request.ts';
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
  const secondsToDeadline = Math.ceil(
    (cycleDeadline(subscription.firstDueDate, subscription.billingCycle, cycle).getTime() - now.getTime()) /
      1000,
  );
  const body: Record<string, unknown> = {
    currency: subscription.currency,
    paymentMethod: subscription.paymentMethod,
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
