import type { HttpResult } from '../http/responses.ts';
import type { HealthReport } from './check-health.ts';

export function healthResponse(report: HealthReport): HttpResult {
  return {
    statusCode: report.status === 'ok' ? 200 : 503,
    body: report,
    headers: { 'cache-control': 'no-store' },
  };
}
