// What the API shows of a subscription (GET, list, cancel, the subscription events' `data`).
import { cycleChargeDate, cycleDueDate } from './cycle-schedule.ts';
import type { SubscriptionRecord, SubscriptionView } from './subscription.ts';
import { isFinal } from './subscription-status.ts';

export function toSubscription(record: SubscriptionRecord): SubscriptionView {
  const next = record.currentCycle + 1;
  const ended = isFinal(record.status);
  return {
    id: record.id,
    status: record.status,
    offerId: record.offerId,
    productId: record.productId,
    amount: record.amount,
    currency: record.currency,
    billingCycle: record.billingCycle,
    paymentMethod: record.paymentMethod,
    customer: {
      name: record.customer.name,
      email: record.customer.email,
      phone: record.customer.phone,
      document: record.customer.document,
    },
    authorization:
      record.recurrence && record.status === 'PENDING_AUTHORIZATION'
        ? { qr: record.recurrence.qr, url: record.recurrence.url }
        : null,
    currentCycle: record.currentCycle,
    currentTransactionId: record.currentTransactionId,
    nextDueDate: ended ? null : cycleDueDate(record.firstDueDate, record.billingCycle, next),
    nextChargeDate: ended ? null : cycleChargeDate(record.firstDueDate, record.billingCycle, next),
    externalId: record.externalId,
    postbackUrl: record.postbackUrl,
    metadata: record.metadata,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    activatedAt: record.activatedAt,
    canceledAt: record.canceledAt,
    cancelReason: record.cancelReason,
  };
}
