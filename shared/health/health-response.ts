import type { HealthReport } from './check-health.ts';

export function healthResponse(report: HealthReport) {
  return {
    statusCode: report.status === 'ok' ? (200 as const) : (503 as const),
    body: report,
    headers: { 'cache-control': 'no-store' },
  };
}
