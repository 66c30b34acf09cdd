// The per-account limit: the account's own setting, else the stage's. State is one DynamoDB
// item per account (store/rate-limits.ts) that every instance leases tokens from
// (leasing-limiter.ts), so the limit holds across every function and instance. When the
// account's settings cannot be read the request is let through (there is no policy to apply).
import { accountSettings } from '../accounts/account-settings.ts';
import { serviceConfig } from '../config.ts';
import { tooManyRequests } from '../errors.ts';
import { log } from '../log.ts';
import { leaseTokens } from '../store/rate-limits.ts';
import { LeasingLimiter } from './leasing-limiter.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';
import type { Decision, RatePolicy } from './token-bucket.ts';

/** This instance's limiter: its leases live as long as the warm function. */
const limiter = new LeasingLimiter({ lease: leaseTokens });

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
 * Spends one of the account's tokens for a request, counted when it is decided (the shared bucket
 * is leased against one clock: see leasing-limiter.ts); throws a 429 when there is none. Returns
 * the RateLimit headers.
 */
export async function limitAccount(accountId: string): Promise<Record<string, string>> {
  let policy: RatePolicy | undefined;
  try {
    policy = accountPolicy((await accountSettings(accountId))?.rateLimitPerSecond);
  } catch (error) {
    log.warn('account settings unavailable; request admitted without a rate limit', {
      error: (error as Error).message,
    });
    return {};
  }
  if (!policy) return {};
  const decision: Decision = await limiter.take(accountId, policy);
  const headers = rateLimitHeaders('account', policy, decision);
  if (!decision.allowed)
    throw tooManyRequests(
      `Too many requests: this account may make ${policy.perSecond} requests per second (bursts of ${policy.burst}); retry after ${decision.retryAfterSeconds} s`,
      headers,
    );
  return headers;
}
