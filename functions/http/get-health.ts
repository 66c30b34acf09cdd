import { checkHealth } from '../../shared/health/check-health.ts';
import { httpHandler } from '../../shared/http/handler.ts';
import { routes } from '../../shared/routes.ts';

export const handler = httpHandler(routes.getHealth, {}, async () => {
  const report = await checkHealth();
  return {
    statusCode: report.status === 'ok' ? (200 as const) : (503 as const),
    body: report,
    headers: { 'cache-control': 'no-store' },
  };
});
