// Says whether the service's own dependencies answer: the table and every queue.
import { queueAnswers } from '../aws/queue.ts';
import { log } from '../log.ts';
import { queueNames } from '../queues.ts';
import { tableAnswers } from '../store/health.ts';

export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: Record<string, 'ok' | 'failing'>;
  time: string;
}

const checkTimeoutMs = 2000;

async function probe(name: string, check: () => Promise<boolean>): Promise<[string, 'ok' | 'failing']> {
  try {
    const answered = await Promise.race([
      check(),
      new Promise<boolean>((_, reject) =>
        setTimeout(() => reject(new Error('timeout')), checkTimeoutMs).unref(),
      ),
    ]);
    return [name, answered ? 'ok' : 'failing'];
  } catch (error) {
    log.warn('health check failed', { check: name, error: (error as Error).message });
    return [name, 'failing'];
  }
}

export async function checkHealth(now = new Date()): Promise<HealthReport> {
  const results = await Promise.all([
    probe('table', tableAnswers),
    ...queueNames.map((name) => probe(`queue:${name}`, () => queueAnswers(name))),
  ]);
  const checks = Object.fromEntries(results);
  return {
    status: results.every(([, state]) => state === 'ok') ? 'ok' : 'degraded',
    checks,
    time: now.toISOString(),
  };
}
