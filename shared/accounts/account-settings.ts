// An account's settings (global postback URL, fee overrides) as the request path needs them,
// cached briefly like API keys: a change applies within the same TTL.
import { serviceConfig } from '../config.ts';
import { getAccount } from '../store/api-keys.ts';
import type { AccountRecord } from './account.ts';

const cache = new Map<string, { account: AccountRecord | undefined; expiresAt: number }>();

export async function accountSettings(
  accountId: string,
  now = Date.now(),
): Promise<AccountRecord | undefined> {
  const cached = cache.get(accountId);
  if (cached && cached.expiresAt > now) return cached.account;
  const account = await getAccount(accountId);
  if (cache.size >= 1000) cache.clear();
  cache.set(accountId, { account, expiresAt: now + serviceConfig().authCacheTtlMs });
  return account;
}
