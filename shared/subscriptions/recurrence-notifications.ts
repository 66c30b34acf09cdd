// POST {webhookUrl}/rec and /cobr: the PSP says a recurrence or a cycle charge changed. Only a
// hint, as for /pix: each named one of ours is read by GET and the reading alone moves the
// subscription (recurrence-sync.ts) or the cycle (pix-automatico-cycles.ts). An idRec we never
// made or a txid not derived from its subscription's cycle reads nothing more than one lookup,
// and the answer is the same 200, so a forged call changes nothing and reveals nothing.
// Bounded (100 a call) and rate-limited per warm function.
import { tooManyRequests } from '../errors.ts';
import { log } from '../log.ts';
import { cycleInTxid, cycleTxidFor } from '../rails/api-pix/cycle-txid.ts';
import { findRecurrenceSubscription, getSubscription } from '../store/subscriptions.ts';
import { checkCycleDebit } from './pix-automatico-cycles.ts';
import { syncRecurrence } from './recurrence-sync.ts';
import { runCycleSteps } from './run-cycle-steps.ts';
import type { SubscriptionRecord } from './subscription.ts';

/** Per warm function: a burst of 50 notifications, refilled at 20 a second. */
const bucket = { capacity: 50, perSecond: 20, tokens: 50, at: Date.now() };
function takeToken(now: number): void {
  bucket.tokens = Math.min(bucket.capacity, bucket.tokens + ((now - bucket.at) / 1000) * bucket.perSecond);
  bucket.at = now;
  if (bucket.tokens < 1)
    throw tooManyRequests('too many notifications; retry shortly', { 'Retry-After': '1' });
  bucket.tokens -= 1;
}

/** idRec: letters and digits, 29 to 35 of them in the rules; anything else names no recurrence of ours. */
const idRecPattern = /^[A-Za-z0-9]{1,35}$/;

async function subscriptionOf(idRec: string): Promise<SubscriptionRecord | undefined> {
  if (!idRecPattern.test(idRec)) return undefined;
  const ref = await findRecurrenceSubscription(idRec);
  return ref ? getSubscription(ref.accountId, ref.subscriptionId, true) : undefined;
}

async function eachOf<T>(items: T[], work: (item: T) => Promise<boolean>): Promise<number> {
  const done = await Promise.all(
    items.map((item) =>
      work(item).catch((error: unknown) => {
        // The PSP retries a notification we fail; the cycle job reads at the deadlines anyway.
        log.warn('Pix Automático notification not followed', { error: (error as Error).message });
        return false;
      }),
    ),
  );
  return done.filter(Boolean).length;
}

export async function receiveRecNotification(
  body: { recs: Array<{ idRec: string }> },
  now = new Date(),
): Promise<{ received: number }> {
  takeToken(now.getTime());
  const idRecs = [...new Set(body.recs.map((rec) => rec.idRec))];
  const received = await eachOf(idRecs, async (idRec) => {
    const subscription = await subscriptionOf(idRec);
    if (!subscription) return false;
    const after = await syncRecurrence(subscription, now);
    // Journeys 1 and 2: cycle 1's debit is due as soon as the payer authorizes.
    if (after.status === 'ACTIVE' && after.currentCycle === 0) await runCycleSteps(after, now);
    return true;
  });
  return { received };
}

export async function receiveCobrNotification(
  body: { cobsr: Array<{ idRec: string; txid: string }> },
  now = new Date(),
): Promise<{ received: number }> {
  takeToken(now.getTime());
  const seen = new Set<string>();
  const charges = body.cobsr.filter(({ txid }) => !seen.has(txid) && seen.add(txid));
  const received = await eachOf(charges, async ({ idRec, txid }) => {
    const cycle = cycleInTxid(txid);
    if (cycle === null) return false;
    const subscription = await subscriptionOf(idRec);
    if (!subscription || cycleTxidFor(subscription.id, cycle) !== txid) return false;
    await checkCycleDebit(subscription, cycle, now);
    return true;
  });
  return { received };
}
