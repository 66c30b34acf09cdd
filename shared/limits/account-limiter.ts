// The per-account limit: the account's own setting, else the stage's. State is one DynamoDB
// item per account (store/rate-limits.ts), so the limit is exact across every function and
// instance. A limiter that cannot reach its table lets the request through: it must never be
// the reason a request fails.
import { accountSettings } from '../accounts/account-settings.ts';
import { serviceConfig } from '../config.ts';
import { tooManyRequests } from '../errors.ts';
import { log } from '../log.ts';
import { takeToken } from '../store/rate-limits.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';
import type { Decision, RatePolicy } from './token-bucket.ts';

export function accountPolicy(accountRateLimitPerSecond: number | undefined): RatePolicy | undefined {
  const config = serviceConfig();
  if (accountRateLimitPerSecond !== undefined && accountRateLimitPerSecond > 0)
    return { perSecond: accountRateLimitPerSecond, burst: 2 * accountRateLimitPerSecond };
  if (config.rateLimitPerSecond <= 0) return undefined;
  return {
    perSecond: config.rateLimitPerSecond,
    burst: Math.max(config.rateLimitBurst, 1),
  };
}

/**
 * Spends one of the account's tokens for a request that arrived at `arrivedAt` (epoch ms); throws
 * a 429 when there is none. Returns the RateLimit headers.
 */
export async function limitAccount(
  accountId: string,
  arrivedAt = Date.now(),
): Promise<Record<string, string>> {
  let policy: RatePolicy | undefined;
  let decision: Decision;
  try {
    policy = accountPolicy((await accountSettings(accountId))?.rateLimitPerSecond);
    if (!policy) return {};
    decision = await takeToken(accountId, policy, arrivedAt);
  } catch (error) {
    log.warn('rate limiter unavailable; request admitted', { error: (error as Error).message });
    return {};
  }
  const headers = rateLimitHeaders('account', policy, decision);
  if (!decision.allowed)
    throw tooManyRequests(
      `Too many requests: this account may make ${policy.perSecond} requests per second (bursts of ${policy.burst}); retry after ${decision.retryAfterSeconds} s`,
      headers,
    );
  return headers;
}
