// How a txid leads back to its transaction. Our txids start with the transaction id and end with
// the account's hash (txid.ts), so the id's service-wide reservation (TXID#, written with the
// purchase) names the account, and txidFor confirms the pair. A transaction older than the
// reservation has a reference item of its own (RAILID#), written when its charge was registered.
import { type ChargeReference, getChargeReferences, putChargeReference } from '../../store/rail-charges.ts';
import { findTransactionRef, findTransactionRefs } from '../../store/transactions.ts';
import type { ChargeRef } from '../rail-port.ts';
import { apiPixRailName, transactionIdInTxid, txidFor } from './txid.ts';

/** Keeps the way back from the charge's txid: a reference item only when the id's reservation cannot serve. */
export async function keepPixChargeReference(ref: ChargeRef, txid: string): Promise<void> {
  const reserved = await findTransactionRef(ref.transactionId);
  if (reserved?.accountId !== ref.accountId) await putChargeReference(apiPixRailName, txid, ref);
}

/**
 * The transactions of many txids (a notification, a page of `GET /pix`); a txid of no charge of
 * ours is left out. A txid not in the shape ours are minted in (`txidFor`: the transaction id,
 * then the account's hash in lowercase hex) cannot be ours, old or new, and costs no read: a
 * notification of random txids reads nothing.
 */
export async function findPixCharges(notified: readonly string[]): Promise<Map<string, ChargeReference>> {
  const txids = [...new Set(notified)].filter((txid) => transactionIdInTxid(txid) !== null);
  const ids = txids.map((txid) => transactionIdInTxid(txid)!);
  const reserved = await findTransactionRefs(ids);
  const found = new Map<string, ChargeReference>();
  for (const txid of txids) {
    const ref = reserved.get(transactionIdInTxid(txid) ?? '');
    if (ref && txidFor(ref) === txid) found.set(txid, ref);
  }
  const older = txids.filter((txid) => !found.has(txid));
  if (older.length)
    for (const [txid, ref] of await getChargeReferences(apiPixRailName, older)) found.set(txid, ref);
  return found;
}
