import { randomBytes, randomUUID } from 'node:crypto';

/** `prd_<uuid>`, `off_<uuid>`, `evt_<uuid>`… */
export function newPrefixedId(prefix: string): string {
  return `${prefix}_${randomUUID()}`;
}

/**
 * A numeric-looking, time-ordered transaction id: 13 digits of epoch milliseconds and 6 random
 * digits. Collisions are rare, not impossible: uniqueness across the whole service is enforced
 * by a reservation item written with the transaction.
 */
export function randomTransactionId(now: number): string {
  const random = randomBytes(4).readUInt32BE(0) % 1_000_000;
  return `${String(now).padStart(13, '0')}${String(random).padStart(6, '0')}`;
}

export type TransactionIdSource = (now: number) => string;

let transactionIdSource: TransactionIdSource = randomTransactionId;

export function newTransactionId(now = Date.now()): string {
  return transactionIdSource(now);
}

/** Replaces the id source (tests force collisions with it); no argument restores the random one. */
export function useTransactionIdSource(source: TransactionIdSource = randomTransactionId): void {
  transactionIdSource = source;
}

/** An unguessable URL token (192 bits). */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * A hosted page's token: the transaction id, a dot, and an unguessable secret. The id finds the
 * transaction (through its id reservation), so a page needs no lookup item of its own; the
 * secret, compared with the one stored on the transaction, is what makes the link private.
 */
export function newPageToken(transactionId: string): string {
  return `${transactionId}.${newToken()}`;
}
