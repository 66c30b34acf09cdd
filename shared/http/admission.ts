// Who may make this request, and may they make it now: the per-address limit for requests
// without a known key, then the key, then the permission, then the account's rate limit.
// A request the key may not make never spends its account's budget (a catalog-only key handed
// to a third party must not starve the account's purchases); a flood of them is slowed by the
// per-address limit instead.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { authenticate, authorize } from '../auth/authenticate.ts';
import type { Principal } from '../auth/principal.ts';
import { notFound } from '../errors.ts';
import { limitAccount } from '../limits/account-limiter.ts';
import { limitAddress } from '../limits/address-limiter.ts';
import type { RouteDef } from '../route-def.ts';

/** Filled in as the checks pass, so a refused request still logs (and answers) what was known. */
export interface Admission {
  principal?: Principal | null;
  /** The IETF RateLimit fields for the response. */
  rateLimitHeaders?: Record<string, string>;
}

export async function admit(
  route: RouteDef,
  event: APIGatewayProxyEventV2,
  admission: Admission,
): Promise<void> {
  const address = event.requestContext?.http?.sourceIp ?? 'unknown';
  // Per-address rates are of requests as they reach the API, not as a busy function gets to them;
  // the account's shared bucket counts them when decided (leasing-limiter.ts).
  const arrivedAt = event.requestContext?.timeEpoch ?? Date.now();
  // A function URL hands the function every method and path; API Gateway would have matched the route.
  if (
    route.servedAt === 'function-url' &&
    (event.requestContext?.http?.method !== route.method || event.rawPath !== route.path)
  )
    throw notFound(
      'route.not_found',
      `no ${event.requestContext?.http?.method} ${event.rawPath} here: this URL takes ${route.method} ${route.path}`,
    );
  if (route.auth === 'none') {
    admission.principal = null;
    admission.rateLimitHeaders = limitAddress(address, arrivedAt);
    return;
  }
  const principal = await authenticate(event.headers?.authorization, Date.now(), () => {
    limitAddress(address, arrivedAt);
  });
  admission.principal = principal;
  try {
    authorize(principal, route.auth);
  } catch (forbidden) {
    admission.rateLimitHeaders = limitAddress(address, arrivedAt);
    throw forbidden;
  }
  admission.rateLimitHeaders = await limitAccount(principal.accountId);
}
