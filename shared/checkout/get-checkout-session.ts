import { notFound } from '../errors.ts';
import { getCheckoutSessionRecord } from '../store/checkout-sessions.ts';
import { type CheckoutSessionRecord, isCheckoutSessionId } from './checkout-session.ts';

/** The account's session; another account's, or an id of the wrong form, is answered like an unknown one. */
export async function findCheckoutSession(
  accountId: string,
  sessionId: string,
): Promise<CheckoutSessionRecord> {
  const record = isCheckoutSessionId(sessionId) ? await getCheckoutSessionRecord(sessionId) : undefined;
  if (!record || record.accountId !== accountId)
    throw notFound('checkout_session.not_found', 'id: no such checkout session in this account');
  return record;
}
