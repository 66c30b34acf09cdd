// How a transaction's API Pix charge is named. Apart from the adapter so that the notification
// handler can use it without bundling the HTTPS client.
import { createHash } from 'node:crypto';
import type { ChargeRef } from '../rail-port.ts';

export const apiPixRailName = 'api-pix';

/**
 * 35 alphanumerics: the transaction id (19 digits, readable in the PSP's statement) and 16 hex
 * digits of the account's hash, so a retried create hits the same charge and two accounts can
 * never share one.
 */
export function txidFor(charge: ChargeRef): string {
  const account = createHash('sha256').update(charge.accountId).digest('hex').slice(0, 16);
  const txid = `${charge.transactionId}${account}`.replace(/[^A-Za-z0-9]/g, '');
  if (txid.length < 26 || txid.length > 35) throw new RangeError(`txid: ${txid.length} characters`);
  return txid;
}

/** The transaction id a txid of ours starts with, or null for a txid this service did not make. */
export function transactionIdInTxid(txid: string): string | null {
  return /^\d{19}[0-9a-f]{16}$/.test(txid) ? txid.slice(0, 19) : null;
}
