// The API's codes the dashboard shows as words of the catalogue: billing cycles, event types,
// a subscription's payment method and why it ended. A code the catalogue has no word for yet
// (a type added to the API before its words) shows as the code rather than nothing.
import type { BillingCycle } from '../../shared/catalog/offer.ts';
import { findMethod, methodName, recurringDebitMethod } from '../../shared/payment-methods.ts';
import { currentLanguage, t } from './i18n/i18n.ts';
import { en, type MessageId } from './i18n/messages/en.ts';

function wordOr(id: string, code: string): string {
  return id in en ? t(id as MessageId) : code;
}

export const cycleWord = (cycle: BillingCycle | string): string => wordOr(`cycle.${cycle}`, cycle);

export const eventTypeWord = (type: string): string => wordOr(`eventType.${type}`, type);

export const cancelReasonWord = (reason: string): string => wordOr(`cancelReason.${reason}`, reason);

/** A subscription's method: Pix Automático (no purchase row of its own), else its catalogue row's name. */
export function subscriptionMethodWord(subscription: { currency: string; paymentMethod: string }): string {
  if (subscription.paymentMethod === recurringDebitMethod) return t('method.pixAutomatico');
  const row = findMethod(subscription.currency, subscription.paymentMethod);
  return row ? methodName(row, currentLanguage()) : subscription.paymentMethod;
}
