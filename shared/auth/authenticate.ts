// Resolves an Authorization header to a principal, with a short in-memory cache so a warm
// function does not read the key on every request. The instance that revokes a key forgets it
// at once (`forgetApiKey`); every other instance reads it again, consistently, within the cache
// TTL (AUTH_CACHE_TTL_MS, default 5 s).
import { serviceConfig } from '../config.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { log } from '../log.ts';
import type { Permission } from '../permissions.ts';
import { findApiKeyByHash, markApiKeyUsed } from '../store/api-keys.ts';
import { hashSecretKey, parseBasicAuthorization, sameHash } from './credentials.ts';
import type { Principal } from './principal.ts';

const cache = new Map<string, { principal: Principal | null; expiresAt: number }>();
const maxCacheEntries = 1000;
/** Concurrent requests with the same uncached key share one lookup. */
const inFlight = new Map<string, Promise<Principal | null>>();

async function lookUp(keyHash: string): Promise<Principal | null> {
  const record = await findApiKeyByHash(keyHash);
  if (!record || record.revokedAt || !sameHash(record.keyHash, keyHash)) return null;
  await noteUsage(keyHash, record.lastUsedOn);
  return {
    accountId: record.accountId,
    userId: record.userId,
    keyId: record.keyId,
    permissions: record.permissions,
  };
}

/**
 * `beforeLookup` runs only when the key must be read from the table (not cached, no lookup of it
 * in flight): the per-address limiter hooks in there, so unknown keys cannot become a flood of reads.
 */
export async function authenticate(
  authorization: string | undefined,
  now = Date.now(),
  beforeLookup: () => void = () => undefined,
): Promise<Principal> {
  const secretKey = parseBasicAuthorization(authorization);
  if (!secretKey) throw unauthorized();
  const keyHash = hashSecretKey(secretKey);
  const cached = cache.get(keyHash);
  let principal: Principal | null;
  if (cached && cached.expiresAt > now) {
    principal = cached.principal;
  } else {
    let pending = inFlight.get(keyHash);
    if (!pending) {
      beforeLookup();
      const lookup: Promise<Principal | null> = lookUp(keyHash)
        .then((found) => {
          // A lookup the key's revocation overtook (forgetApiKey) must not cache what it read before.
          if (inFlight.get(keyHash) !== lookup) return found;
          if (cache.size >= maxCacheEntries) cache.clear();
          cache.set(keyHash, { principal: found, expiresAt: now + serviceConfig().authCacheTtlMs });
          return found;
        })
        .finally(() => {
          if (inFlight.get(keyHash) === lookup) inFlight.delete(keyHash);
        });
      inFlight.set(keyHash, lookup);
      pending = lookup;
    }
    principal = await pending;
  }
  if (!principal) throw unauthorized();
  return principal;
}

/**
 * Forgets a key in this instance: the function that revoked it refuses it from its very next
 * request. A lookup already in flight still answers the requests waiting on it (they arrived
 * before the revocation) but caches nothing.
 */
export function forgetApiKey(keyHash: string): void {
  cache.delete(keyHash);
  inFlight.delete(keyHash);
}

/** `required` as a list: any one of them is enough. */
export function authorize(principal: Principal, required: Permission | readonly Permission[] | 'any'): void {
  if (required === 'any') return;
  const accepted: readonly Permission[] = typeof required === 'string' ? [required] : required;
  if (!accepted.some((permission) => principal.permissions.includes(permission))) throw forbidden();
}

/**
 * "Last used" is kept per day, so it costs one write per key and day, on a cache miss only.
 * Every keyed route may write that attribute alone (the `table:key-usage` grant); a failed
 * write never fails a request.
 */
async function noteUsage(keyHash: string, lastUsedOn: string | null | undefined): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  if (lastUsedOn === today) return;
  try {
    await markApiKeyUsed(keyHash, today);
  } catch (error) {
    log.debug('key usage not recorded', { error: (error as Error).name });
  }
}
