// The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers-10): `RateLimit-Policy` states
// the quota, `RateLimit` what is left of it. A token bucket of capacity `burst` refilled at
// `perSecond` is the quota `burst` over a window of burst/perSecond seconds.
import type { Decision, RatePolicy } from './token-bucket.ts';

export function rateLimitHeaders(
  name: string,
  policy: RatePolicy,
  decision: Decision,
): Record<string, string> {
  const windowSeconds = Math.max(1, Math.round(policy.burst / policy.perSecond));
  const headers: Record<string, string> = {
    'ratelimit-policy': `"${name}";q=${policy.burst};w=${windowSeconds}`,
    ratelimit: `"${name}";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers['retry-after'] = String(decision.retryAfterSeconds);
  return headers;
}
