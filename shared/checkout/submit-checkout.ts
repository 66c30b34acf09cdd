// The hosted checkout's form post: the session's one transaction, created through the purchase
// use case. A second submit (a double click, a back button) finds the session completed and
// answers the same transaction; an expired session creates nothing.
import { timingSafeEqual } from 'node:crypto';
import { gone, notFound } from '../errors.ts';
import { hostedPageUrl } from '../hosted-pages/hosted-page-url.ts';
import { getCheckoutSessionRecord } from '../store/checkout-sessions.ts';
import { getTransaction } from '../store/transactions.ts';
import { createPurchase } from '../transactions/create-purchase.ts';
import { checkoutPurchaseBody, type FormFields } from './checkout-form.ts';
import {
  type CheckoutSessionRecord,
  checkoutPageToken,
  checkoutSessionStatus,
  isCheckoutSessionId,
} from './checkout-session.ts';
import { subscribeFromCheckout } from './subscribe-from-checkout.ts';

const sessionNotFound = () => notFound('checkout_session.not_found', 'token: no such checkout');

/** The session a page token names, checked in constant time against its secret; null when none. */
export async function findSessionOfToken(token: string): Promise<CheckoutSessionRecord | null> {
  const [id = '', secret = ''] = token.split('.');
  const record = isCheckoutSessionId(id) ? await getCheckoutSessionRecord(id) : undefined;
  if (!record) return null;
  const expected = Buffer.from(record.secret);
  const given = Buffer.from(secret);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return record;
}

export async function sessionOfToken(token: string): Promise<CheckoutSessionRecord> {
  const record = await findSessionOfToken(token);
  if (!record) throw sessionNotFound();
  return record;
}

/** Where the payer goes next: the payer page of the session's transaction. */
export async function payerPageOf(session: CheckoutSessionRecord): Promise<string> {
  const transaction = await getTransaction(session.accountId, session.transactionId!, true);
  if (!transaction) throw new Error(`checkout session ${session.id} names a missing transaction`);
  return hostedPageUrl(transaction);
}

export async function submitCheckout(token: string, form: FormFields, now = new Date()): Promise<string> {
  return submitCheckoutOf(await sessionOfToken(token), form, now);
}

/** The same, for a session already read by its token. */
export async function submitCheckoutOf(
  session: CheckoutSessionRecord,
  form: FormFields,
  now = new Date(),
): Promise<string> {
  const status = checkoutSessionStatus(session, now);
  if (status === 'COMPLETE') return payerPageOf(session);
  if (status === 'EXPIRED') throw gone('checkout_session.expired', 'checkout session: has expired');
  if (session.billingCycle) return subscribeFromCheckout(session, form, now);
  const principal = { accountId: session.accountId, userId: 'checkout', keyId: 'checkout', permissions: [] };
  try {
    const outcome = await createPurchase(
      principal,
      checkoutPurchaseBody(session, form),
      undefined,
      now,
      session,
    );
    return outcome.payerPageUrl!;
  } catch (error) {
    if ((error as { code?: string }).code !== 'checkout_session.closed') throw error;
    // Another submit completed it first (or it expired meanwhile): send the payer to that one.
    const current = await sessionOfToken(checkoutPageToken(session));
    if (checkoutSessionStatus(current, now) === 'COMPLETE') return payerPageOf(current);
    throw gone('checkout_session.expired', 'checkout session: has expired');
  }
}
