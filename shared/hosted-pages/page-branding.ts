// The branding a hosted page shows, cached briefly like account settings: a change applies
// within the same TTL. Pages read only the branding item, never the account item.
import type { AccountBranding } from '../accounts/account.ts';
import { serviceConfig } from '../config.ts';
import { getBranding } from '../store/branding.ts';

const cache = new Map<string, { branding: AccountBranding | undefined; expiresAt: number }>();

export async function pageBranding(
  accountId: string,
  now = Date.now(),
): Promise<AccountBranding | undefined> {
  const cached = cache.get(accountId);
  if (cached && cached.expiresAt > now) return cached.branding;
  const branding = await getBranding(accountId);
  if (cache.size >= 1000) cache.clear();
  cache.set(accountId, { branding, expiresAt: now + serviceConfig().authCacheTtlMs });
  return branding;
}
