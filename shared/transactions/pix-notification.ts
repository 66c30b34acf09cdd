// POST {webhookUrl}/pix: the PSP says Pix arrived for some txids (or that a paid one's Pix has a
// devolução). It is only a hint: each named charge that exists gets an immediate check through
// the rail (GET /cob/{txid}: its payment, or the MED devoluções of a paid one); the
// call itself changes no state, so a forged one can do no harm beyond a few extra reads. A txid
// not in the shape we mint ours in is dropped before any read (random txids read nothing); one
// that is costs a lookup and, when it is a charge of ours, a queue send. Bounded and rate-limited.
import { badRequest, tooManyRequests } from '../errors.ts';
import { log } from '../log.ts';
import { findPixCharges } from '../rails/api-pix/pix-charges.ts';
import { transactionIdInTxid } from '../rails/api-pix/txid.ts';
import { enqueueWatchPayment } from './jobs.ts';
import { maxPixPerNotification } from './pix-notification-schemas.ts';

/** Per warm function: a burst of 50 notifications, refilled at 20 a second. */
const bucket = { capacity: 50, perSecond: 20, tokens: 50, at: Date.now() };
function takeToken(now: number): boolean {
  bucket.tokens = Math.min(bucket.capacity, bucket.tokens + ((now - bucket.at) / 1000) * bucket.perSecond);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

/**
 * The distinct txids of a notification body that can be ours (in the shape we mint them:
 * `txidFor`), or a 400 naming `pix`. Any other txid names no charge of ours and is not looked up.
 */
export function notifiedTxids(body: unknown): string[] {
  const pix = (body as { pix?: unknown } | null)?.pix;
  if (!Array.isArray(pix)) throw badRequest('validation', 'pix: must be an array of Pix');
  if (pix.length > maxPixPerNotification)
    throw badRequest('validation', `pix: must hold at most ${maxPixPerNotification} Pix`);
  const txids = new Set<string>();
  for (const item of pix) {
    const txid = (item as { txid?: unknown } | null)?.txid;
    // A Pix without a txid (a static-key transfer) names no charge of ours.
    if (typeof txid === 'string' && transactionIdInTxid(txid) !== null) txids.add(txid);
  }
  return [...txids];
}

export async function receivePixNotification(body: unknown, now = Date.now()): Promise<{ received: number }> {
  if (!takeToken(now)) throw tooManyRequests('too many notifications; retry shortly', { 'Retry-After': '1' });
  const txids = notifiedTxids(body);
  const charges = await findPixCharges(txids);
  await Promise.all(
    txids.map(async (txid) => {
      const ref = charges.get(txid);
      if (!ref) return;
      try {
        await enqueueWatchPayment({ ...ref, mode: 'notify' });
      } catch (error) {
        log.warn('payment check not enqueued; the scheduled poll will look', {
          transactionId: ref.transactionId,
          error: (error as Error).message,
        });
      }
    }),
  );
  return { received: txids.length };
}
