import { randomBytes, randomUUID } from 'node:crypto';

/** `prd_<uuid>`, `off_<uuid>`, `evt_<uuid>`… */
export function newPrefixedId(prefix: string): string {
  return `${prefix}_${randomUUID()}`;
}

/**
 * A numeric-looking, time-ordered transaction id: 13 digits of epoch milliseconds and 6 random
 * digits. Uniqueness is still enforced by a conditional write.
 */
export function newTransactionId(now = Date.now()): string {
  const random = randomBytes(4).readUInt32BE(0) % 1_000_000;
  return `${String(now).padStart(13, '0')}${String(random).padStart(6, '0')}`;
}

/** An unguessable URL token (192 bits). */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}
