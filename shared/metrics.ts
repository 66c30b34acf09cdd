// Business metrics as CloudWatch Embedded Metric Format lines: Lambda's log stream carries
// them and CloudWatch turns them into metrics, with no API call and no extra permission.
import { serviceConfig } from './config.ts';

export const metricNamespace = 'CatalogCashin';

/** Metric names the stack alarms on (infra/constructs/alarms.ts reads the same list). */
export const metricNames = {
  /** Background work given up after its job failed sweep after sweep (transaction or event FAILED). */
  workAbandoned: 'WorkAbandoned',
} as const;

export type MetricName = (typeof metricNames)[keyof typeof metricNames];

/** Counts `value` of `name` for this stage; `properties` are searchable in the log line, not dimensions. */
export function countMetric(name: MetricName, value: number, properties: Record<string, unknown> = {}): void {
  if ((process.env.LOG_LEVEL ?? '').toLowerCase() === 'silent') return;
  const line = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        { Namespace: metricNamespace, Dimensions: [['Stage']], Metrics: [{ Name: name, Unit: 'Count' }] },
      ],
    },
    Stage: serviceConfig().stage,
    [name]: value,
    ...properties,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
