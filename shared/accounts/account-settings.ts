// An account's settings (rate limit, fee overrides) as the request path needs them, cached
// briefly like API keys: a change applies at once in the instance that made it
// (`forgetAccountSettings`) and within the same TTL everywhere else. Webhook signing does not
// read them from here: it reads the account consistently at each attempt (deliver-event.ts).
import { serviceConfig } from '../config.ts';
import { getAccount } from '../store/api-keys.ts';
import type { AccountRecord } from './account.ts';

const cache = new Map<string, { account: AccountRecord | undefined; expiresAt: number }>();
/** Concurrent requests of one account share one read. */
const inFlight = new Map<string, Promise<AccountRecord | undefined>>();

export function accountSettings(accountId: string, now = Date.now()): Promise<AccountRecord | undefined> {
  const cached = cache.get(accountId);
  if (cached && cached.expiresAt > now) return Promise.resolve(cached.account);
  let pending = inFlight.get(accountId);
  if (!pending) {
    const read: Promise<AccountRecord | undefined> = getAccount(accountId)
      .then((account) => {
        // A read the account's change overtook (forgetAccountSettings) must not cache what it read before.
        if (inFlight.get(accountId) !== read) return account;
        if (cache.size >= 1000) cache.clear();
        cache.set(accountId, { account, expiresAt: now + serviceConfig().authCacheTtlMs });
        return account;
      })
      .finally(() => {
        if (inFlight.get(accountId) === read) inFlight.delete(accountId);
      });
    inFlight.set(accountId, read);
    pending = read;
  }
  return pending;
}

/** Forgets the account's settings in this instance, after this instance changed them. */
export function forgetAccountSettings(accountId: string): void {
  cache.delete(accountId);
  inFlight.delete(accountId);
}
