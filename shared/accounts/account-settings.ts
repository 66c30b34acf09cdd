// An account's settings (global postback URL, fee overrides) as the request path needs them,
// cached briefly like API keys: a change applies within the same TTL.
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
    pending = getAccount(accountId)
      .then((account) => {
        if (cache.size >= 1000) cache.clear();
        cache.set(accountId, { account, expiresAt: now + serviceConfig().authCacheTtlMs });
        return account;
      })
      .finally(() => inFlight.delete(accountId));
    inFlight.set(accountId, pending);
  }
  return pending;
}
