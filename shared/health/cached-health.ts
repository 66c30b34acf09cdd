// The public health answer comes from a short per-instance cache: a flood of /health costs at
// most one round of checks (a GetItem and one GetQueueAttributes per queue) per instance per
// HEALTH_CACHE_TTL_MS. Concurrent requests share one round. The deep check behind a key always
// runs the checks.
import { serviceConfig } from '../config.ts';
import { checkHealth, type HealthReport } from './check-health.ts';

let cached: { report: HealthReport; expiresAt: number } | undefined;
let inFlight: Promise<HealthReport> | undefined;

export function cachedHealth(now = Date.now()): Promise<HealthReport> {
  if (cached && cached.expiresAt > now) return Promise.resolve(cached.report);
  inFlight ??= checkHealth()
    .then((report) => {
      cached = { report, expiresAt: Date.now() + serviceConfig().healthCacheTtlMs };
      return report;
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}
