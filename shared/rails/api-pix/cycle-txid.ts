// The txid of a subscription cycle's charge (`/cobr`, or the journey-3 `/cob` of cycle 1): derived
// from (subscription, cycle) alone, so creating it again — a repeated message, a crash between
// the PSP's answer and our write, the schedule running twice — reaches the same charge.
import { createHash } from 'node:crypto';

export const maxCycle = 99_999;

/** 35 characters: 29 hex digits of the subscription's hash, `C`, the cycle in 5 digits. */
export function cycleTxidFor(subscriptionId: string, cycle: number): string {
  if (!Number.isInteger(cycle) || cycle < 1 || cycle > maxCycle)
    throw new RangeError(`cycle: must be an integer from 1 to ${maxCycle}`);
  const subscription = createHash('sha256').update(subscriptionId).digest('hex').slice(0, 29);
  return `${subscription}C${String(cycle).padStart(5, '0')}`;
}

/** The cycle a txid of `cycleTxidFor` names, or null for any other txid. */
export function cycleInTxid(txid: string): number | null {
  const match = /^[0-9a-f]{29}C(\d{5})$/.exec(txid);
  return match ? Number(match[1]) : null;
}
