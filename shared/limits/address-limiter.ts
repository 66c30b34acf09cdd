// Requests that carry no known key are limited per source address before anything is looked
// up: the public pages, and any request whose key would need a table read. The buckets live in
// this instance's memory (approximate across Lambda instances, free in DynamoDB calls): their
// job is to keep one address from turning into key lookups, not to meter merchants.
import { serviceConfig } from '../config.ts';
import { tooManyRequests } from '../errors.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';
import { decide, type RatePolicy } from './token-bucket.ts';

const buckets = new Map<string, number>();
const maxAddresses = 10_000;

export function addressPolicy(): RatePolicy | undefined {
  const perSecond = serviceConfig().addressRateLimitPerSecond;
  return perSecond > 0 ? { perSecond, burst: 2 * perSecond } : undefined;
}

/** Spends one of the address's tokens; throws a 429 when there is none. Returns the RateLimit headers. */
export function limitAddress(address: string, now = Date.now()): Record<string, string> {
  const policy = addressPolicy();
  if (!policy) return {};
  const decision = decide(policy, buckets.get(address), now);
  const headers = rateLimitHeaders('address', policy, decision);
  if (!decision.allowed)
    throw tooManyRequests(
      `Too many requests from this address: the limit is ${policy.perSecond} per second; retry after ${decision.retryAfterSeconds} s`,
      headers,
    );
  if (buckets.size >= maxAddresses) buckets.clear();
  buckets.set(address, decision.tat);
  return headers;
}
